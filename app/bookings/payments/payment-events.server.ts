/**
 * What a verified Stripe event means for a booking. Paid checkout sessions that the invoice page
 * created (they carry its metadata) and off-session instalment charges (`payment_intent.*`,
 * off-session-payments.server.ts) are recorded; everything else is acknowledged and left.
 * A payment for a booking the ledger does not have is not acknowledged: Stripe delivers it again
 * (docs/operations.md, "Card payments").
 */
import { isInvoiceNumber } from "~/input/invoice-number";
import type { PaymentKind } from "~/bookings/record/amounts";
import type { OffSessionReport, PaidCheckout } from "~/bookings/record/ledger-protocol";
import { offSessionEventOf } from "~/bookings/payments/off-session-payments.server";
import type { Stripe } from "~/bookings/payments/stripe.server";
import type { Services } from "~/types/services";

const kinds: readonly PaymentKind[] = ["deposit", "balance", "full", "cancellation", "instalment"];

/** The paid checkout in an event, or why the event records nothing. */
function paidCheckoutOf(event: Stripe.Event): PaidCheckout | string {
  const paidNow =
    (event.type === "checkout.session.completed" && event.data.object.payment_status === "paid") ||
    event.type === "checkout.session.async_payment_succeeded";
  if (!paidNow) return `${event.type} changes nothing`;
  const session = event.data.object;
  const invoiceNumber = session.metadata?.invoiceNumber;
  const kind = kinds.find((known) => known === session.metadata?.kind);
  if (!invoiceNumber || !kind || session.amount_total === null || !session.currency) {
    return `checkout session ${session.id} was not started from an invoice page; not recorded`;
  }
  return {
    sessionId: session.id,
    invoiceNumber,
    kind,
    amountCents: session.amount_total,
    currency: session.currency.toUpperCase(),
    paidAt: new Date(event.created * 1000).toISOString(),
    ...(typeof session.payment_intent === "string" ? { paymentIntent: session.payment_intent } : {}),
  };
}

/** What the webhook says of an event, for the log and the answer to Stripe; `retry` when it is not stored yet and Stripe must deliver it again. */
export interface EventOutcome {
  said: string;
  retry?: true;
}

/** Keeps what an event says of an off-session instalment Stripe is processing or failed. */
async function receiveOffSession(services: Pick<Services, "ledger">, event: Stripe.Event, report: OffSessionReport): Promise<EventOutcome> {
  if (!isInvoiceNumber(report.invoiceNumber)) return { said: `Stripe event ${event.id}: ${report.invoiceNumber} is no invoice number of ours; not recorded` };
  const outcome = await services.ledger.recordOffSession(report);
  if (outcome.status === "unknown-invoice") return { said: `Stripe event ${event.id}: no booking ${report.invoiceNumber} yet for ${report.paymentIntent}; not recorded`, retry: true };
  if (outcome.status === "already-recorded") return { said: `Stripe event ${event.id}: ${report.paymentIntent} changes nothing now` };
  return { said: `Stripe event ${event.id}: instalment ${report.instalment} on ${report.invoiceNumber} ${report.status}` };
}

/** Records the paid checkout or off-session instalment an event carries, through the booking's ledger (which sends the receipt and the owner's note). */
export async function receiveStripeEvent(services: Pick<Services, "ledger">, event: Stripe.Event): Promise<EventOutcome> {
  const offSession = event.type.startsWith("payment_intent.") ? offSessionEventOf(event) : undefined;
  if (offSession !== undefined && typeof offSession !== "string" && "report" in offSession) return receiveOffSession(services, event, offSession.report);
  const paid = offSession === undefined ? paidCheckoutOf(event) : typeof offSession === "string" ? offSession : offSession.paid;
  if (typeof paid === "string") return { said: `Stripe event ${event.id}: ${paid}` };
  if (!isInvoiceNumber(paid.invoiceNumber)) return { said: `Stripe event ${event.id}: ${paid.invoiceNumber} (session ${paid.sessionId}) is no invoice number of ours; not recorded` };
  const outcome = await services.ledger.recordPayment(paid);
  // Not found now is not never: KV, which a ledger first reads its copy from, can be a minute behind where the booking was made.
  if (outcome.status === "unknown-invoice") return { said: `Stripe event ${event.id}: no booking ${paid.invoiceNumber} yet for session ${paid.sessionId}; not recorded`, retry: true };
  if (outcome.status === "already-recorded") return { said: `Stripe event ${event.id}: session ${paid.sessionId} was already recorded` };
  return { said: `Stripe event ${event.id}: recorded ${outcome.payment.kind} payment on ${outcome.booking.invoiceNumber}` };
}
