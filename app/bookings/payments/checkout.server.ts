/**
 * Card checkout for an invoice: a Stripe Checkout Session for exactly what is owing now (the
 * deposit, the balance or the full amount), computed here from the stored booking, never from
 * anything the browser sent.
 */
import { amountsDue, type PaymentKind } from "~/bookings/record/amounts";
import { invoicePath } from "~/bookings/record/addresses";
import type { BookingRecord } from "~/bookings/record/booking";
import { billableOf } from "~/bookings/record/billable";
import { paymentKindWords } from "~/bookings/record/payment-words";
import type { Stripe } from "~/bookings/payments/stripe.server";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";

/** How the invoice page tells the visitor how a checkout ended (`?checkout=…`). */
export const checkoutReturns = ["success", "cancelled", "unavailable", "changed", "card-saved"] as const;
export type CheckoutReturn = (typeof checkoutReturns)[number];

export function checkoutReturnOf(value: string | null): CheckoutReturn | null {
  return checkoutReturns.find((known) => known === value) ?? null;
}

export function checkoutPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/checkout?key=${encodeURIComponent(secret)}`;
}

/**
 * Where to send the visitor who pressed the pay button: Stripe's checkout page for what the booking
 * owes now; back to the invoice when nothing is owing (paid in another tab, say), with a note when
 * what is owing changed while the session was started (the ledger expired it), or with a note when
 * Stripe could not be reached (nothing was charged; the error goes to the log).
 */
export async function checkoutTarget(services: Pick<Services, "ledger" | "config">, stripe: Stripe, booking: BookingRecord): Promise<string> {
  const invoice = invoicePath(booking.invoiceNumber, booking.invoiceSecret);
  try {
    const session = await createCheckout(stripe, booking, `${services.config.SITE_ORIGIN}${invoice}`);
    if (!session) return invoice;
    // Told to the ledger before the visitor goes to pay, so a cancellation or a move can expire it;
    // the ledger expires at once one started from the booking as it was before a change.
    const kept = await services.ledger.openedCheckout({ invoiceNumber: booking.invoiceNumber, sessionId: session.id, kind: session.kind, amountCents: session.amountCents });
    return kept ? session.url : `${invoice}&checkout=changed`;
  } catch (error) {
    console.error(`Checkout for ${booking.invoiceNumber} could not be started:`, error);
    return `${invoice}&checkout=unavailable`;
  }
}

/**
 * A checkout session for what the booking owes now, or null when nothing is owing.
 * The idempotency key names the invoice, what is paid, its amount, what was paid before it and the
 * booking's checkout round, so a double click (or a second visit before paying) gets the same
 * session back from Stripe, while a later payment, or any press after the ledger expired the
 * booking's sessions (a move, a change of add-ons, a cancellation), gets a new one.
 */
async function createCheckout(stripe: Stripe, booking: BookingRecord, invoiceUrl: string): Promise<{ id: string; url: string; kind: PaymentKind; amountCents: number } | null> {
  const amounts = amountsDue(billableOf(booking));
  const owing = amounts.owingNow;
  if (!owing) return null;
  const metadata = { invoiceNumber: booking.invoiceNumber, kind: owing.kind };
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "aud",
            unit_amount: owing.amountCents,
            product_data: {
              name: `${paymentKindWords[owing.kind].name}, invoice ${booking.invoiceNumber}`,
              description: `${booking.boothType}, ${booking.packageDuration}, ${formatDateInWords(booking.eventDate)}`,
            },
          },
        },
      ],
      customer_email: booking.email,
      client_reference_id: `${booking.invoiceNumber}-${owing.kind}`,
      metadata,
      // The same on the payment itself, so the owner finds the invoice from Stripe's payments list.
      payment_intent_data: { metadata, description: `${paymentKindWords[owing.kind].name}, invoice ${booking.invoiceNumber}` },
      success_url: `${invoiceUrl}&checkout=success`,
      cancel_url: `${invoiceUrl}&checkout=cancelled`,
    },
    { idempotencyKey: `checkout-${booking.invoiceNumber}-${owing.kind}-${owing.amountCents}-paid-${amounts.paidCents}-round-${booking.checkoutRound ?? 0}` },
  );
  if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no address`);
  return { id: session.id, url: session.url, kind: owing.kind, amountCents: owing.amountCents };
}
