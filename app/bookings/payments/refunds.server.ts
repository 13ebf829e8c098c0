/**
 * Giving back what a cancelled booking owes the client (docs/product-decisions.md, "Changes,
 * cancellations and refunds"), from the owner's signed Refund link: by card through Stripe's
 * refunds API against the payments' PaymentIntents, newest payment first, for exactly what is owed
 * back; or recorded as paid back by bank transfer. Refunds made in Stripe's dashboard arrive by
 * webhook and are recorded too. Each refund is recorded once, through the booking's ledger.
 */
import { amountsDue, type Refund } from "~/bookings/record/amounts";
import { invoicePath } from "~/bookings/record/addresses";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { refundMail } from "~/bookings/mails/change-mails.server";
import { writeInvoicePdf } from "~/bookings/invoice/invoice-file.server";
import type { Stripe } from "~/bookings/payments/stripe.server";
import { queueMails } from "~/mail/queue.server";
import { bookingKey, paymentIntentKey } from "~/storage-keys";
import type { Services } from "~/types/services";

export type RefundResult = { kind: "refunded"; booking: BookingRecord; refunds: Refund[] } | { kind: "nothing"; booking: BookingRecord } | { kind: "refused"; error: string };

/** Records a refund on its booking once, then tells the client and redraws the PDF. */
export async function recordRefund(services: Services, invoiceNumber: string, refund: Refund): Promise<BookingRecord | null> {
  const outcome = await services.ledger.recordRefund(invoiceNumber, refund);
  if (!outcome || outcome.kind === "already") return null;
  const booking = outcome.record;
  if (outcome.refund.mismatch) console.warn(`REFUND MISMATCH on ${invoiceNumber}: ${outcome.refund.mismatch}`);
  const page = `${services.config.SITE_ORIGIN}${invoicePath(booking.invoiceNumber, booking.invoiceSecret)}`;
  const mail = refundMail(booking, outcome.refund, page, { ownerEmail: services.config.OWNER_EMAIL });
  await queueMails(services, { recordKey: bookingKey(booking.eventDate, booking.invoiceNumber), mails: { [`refund-${refund.id}`]: mail } });
  await writeInvoicePdf(services, booking);
  return booking;
}

/** How much of each card payment can still be refunded, newest payment first. */
function refundableCardPayments(booking: BookingRecord): { paymentIntent: string; cents: number }[] {
  const refunded = new Map<string, number>();
  for (const refund of booking.refunds ?? []) {
    if (refund.paymentIntent) refunded.set(refund.paymentIntent, (refunded.get(refund.paymentIntent) ?? 0) + refund.amountCents);
  }
  // The booking keeps its payments oldest first, so the newest is the last.
  return (booking.payments ?? [])
    .flatMap((payment) => (payment.paymentIntent ? [{ paymentIntent: payment.paymentIntent, cents: payment.amountCents - (refunded.get(payment.paymentIntent) ?? 0) }] : []))
    .reverse()
    .filter((payment) => payment.cents > 0);
}

export async function refundByCard(services: Services, stripe: Stripe, booking: BookingRecord): Promise<RefundResult> {
  const due = amountsDue(billableOf(booking));
  let remaining = due.refundOwedCents;
  if (!remaining) return { kind: "nothing", booking };
  const payments = refundableCardPayments(booking);
  if (payments.reduce((sum, payment) => sum + payment.cents, 0) < remaining) {
    return { kind: "refused", error: "The card payments do not cover what is owed back: refund it by bank transfer and record that instead." };
  }
  const refunds: Refund[] = [];
  let latest = booking;
  for (const payment of payments) {
    const amount = Math.min(payment.cents, remaining);
    if (amount <= 0) break;
    // The same refund asked twice (a double click, a retry) carries the same key, so Stripe makes it once.
    const created = await stripe.refunds.create(
      { payment_intent: payment.paymentIntent, amount, metadata: { invoiceNumber: booking.invoiceNumber } },
      { idempotencyKey: `refund-${booking.invoiceNumber}-${payment.paymentIntent}-${amount}-after-${due.refundedCents}` },
    );
    const refund: Refund = { id: created.id, amountCents: created.amount, method: "card", at: services.now().toISOString(), paymentIntent: payment.paymentIntent };
    latest = (await recordRefund(services, booking.invoiceNumber, refund)) ?? latest;
    refunds.push(refund);
    remaining -= amount;
  }
  return { kind: "refunded", booking: latest, refunds };
}

export async function refundByBank(services: Services, booking: BookingRecord): Promise<RefundResult> {
  const due = amountsDue(billableOf(booking));
  if (!due.refundOwedCents) return { kind: "nothing", booking };
  // Named by what was refunded before it, so pressing the button twice records one refund.
  const refund: Refund = { id: `bank-${booking.invoiceNumber}-after-${due.refundedCents}`, amountCents: due.refundOwedCents, method: "bank", at: services.now().toISOString() };
  const recorded = await recordRefund(services, booking.invoiceNumber, refund);
  return { kind: "refunded", booking: recorded ?? booking, refunds: recorded ? [refund] : [] };
}

/** The invoice a card payment's PaymentIntent belongs to, for refunds made in Stripe's dashboard. */
export function invoiceOfPaymentIntent(services: Pick<Services, "kv">, paymentIntent: string): Promise<string | null> {
  return services.kv.get(paymentIntentKey(paymentIntent));
}

/** The refunds a Stripe event reports, succeeded ones only: `charge.refunded` lists them all, `refund.*` carries one. */
function refundsOf(event: Stripe.Event): Stripe.Refund[] {
  if (event.type === "charge.refunded") return event.data.object.refunds?.data ?? [];
  if (event.type === "refund.created" || event.type === "refund.updated") return [event.data.object];
  return [];
}

/** Records the refunds in a verified Stripe event (made here or in Stripe's dashboard), each once; null when the event is not about refunds. */
export async function receiveRefundEvent(services: Services, event: Stripe.Event): Promise<string | null> {
  const refunds = refundsOf(event).filter((refund) => refund.status === "succeeded" && typeof refund.payment_intent === "string");
  if (!refunds.length) return event.type.startsWith("refund.") || event.type === "charge.refunded" ? `Stripe event ${event.id}: no finished refund in it` : null;
  const recorded: string[] = [];
  for (const refund of refunds) {
    const paymentIntent = refund.payment_intent as string;
    const invoiceNumber = await invoiceOfPaymentIntent(services, paymentIntent);
    if (!invoiceNumber) continue;
    const at = new Date(refund.created * 1000).toISOString();
    if (await recordRefund(services, invoiceNumber, { id: refund.id, amountCents: refund.amount, method: "card", at, paymentIntent })) recorded.push(`${refund.id} on ${invoiceNumber}`);
  }
  return `Stripe event ${event.id}: ${recorded.length ? `recorded refund ${recorded.join(", ")}` : "refunds already recorded or for no booking"}`;
}
