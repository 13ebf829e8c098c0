/**
 * Refunds as Stripe reports them (docs/product-decisions.md, "Changes, cancellations and refunds"
 * and "What the books must always say"), whether made from the owner's Refund link or in Stripe's
 * dashboard. Stripe retries events and never promises their order, and each carries the refund as
 * it was when the event was sent (a late `refund.created` says pending of a refund that has failed
 * since), so every refund is read from Stripe as it stands now: `refund.created`, `refund.updated`
 * and `refund.failed` name it; `charge.refunded` names only the charge, whose refunds are listed.
 * Each is handed to the booking's ledger, which records it, or its new status, once.
 */
import { isInvoiceNumber } from "~/input/invoice-number";
import { isRefused, refusedAsData } from "~/bookings/payments/autopay-stripe.server";
import type { EventOutcome } from "~/bookings/payments/payment-events.server";
import type { Stripe } from "~/bookings/payments/stripe.server";
import type { ReportedRefund } from "~/bookings/record/ledger-protocol";
import { paymentIntentKey } from "~/storage-keys";
import type { Services } from "~/types/services";

const refundEvents = new Set(["charge.refunded", "refund.created", "refund.updated", "refund.failed"]);

function statusOf(refund: Stripe.Refund): ReportedRefund["status"] {
  if (refund.status === "succeeded") return "succeeded";
  return refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
}

const idOf = (reference: string | { id: string } | null) => (typeof reference === "string" ? reference : (reference?.id ?? null));

/** The refunds an event is about, each as Stripe has it now. */
async function refundsOf(stripe: Stripe, event: Stripe.Event): Promise<Stripe.Refund[]> {
  if (event.type === "charge.refunded") {
    const refunds = await stripe.refunds.list({ charge: event.data.object.id, limit: 100 });
    return refunds.data;
  }
  if (event.type === "refund.created" || event.type === "refund.updated" || event.type === "refund.failed") return [await stripe.refunds.retrieve(event.data.object.id)];
  return [];
}

/** The invoice an off-session instalment's PaymentIntent names, or null for one Stripe does not have (a 404 is data here, not a reason to deliver again). */
async function instalmentInvoice(stripe: Stripe, paymentIntent: string): Promise<string | null> {
  const intent = await refusedAsData(stripe.paymentIntents.retrieve(paymentIntent));
  return isRefused(intent) ? null : (intent.metadata?.invoiceNumber ?? null);
}

/**
 * The invoice a refunded card payment was for: named on a refund the Refund link made, noted when
 * the payment was recorded, or (before that note is written) on the payment's Checkout Session,
 * or on the PaymentIntent itself for an instalment charged off-session, which has no session.
 * Null for a payment no booking made, which is knowingly left alone.
 */
async function invoiceOfRefund(services: Pick<Services, "kv">, stripe: Stripe, refund: Stripe.Refund, paymentIntent: string): Promise<string | null> {
  const named = refund.metadata?.invoiceNumber || (await services.kv.get(paymentIntentKey(paymentIntent)));
  const invoiceNumber =
    named ||
    (await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 })).data[0]?.metadata?.invoiceNumber ||
    (await instalmentInvoice(stripe, paymentIntent));
  return isInvoiceNumber(invoiceNumber) ? invoiceNumber : null;
}

/**
 * Records the refunds a verified Stripe event is about, each once; null when the event is not
 * about refunds. Asks Stripe to deliver it again while a booking it names is not found.
 */
export async function receiveRefundEvent(services: Pick<Services, "kv" | "ledger">, stripe: Stripe | null, event: Stripe.Event): Promise<EventOutcome | null> {
  if (!refundEvents.has(event.type)) return null;
  if (!stripe) return { said: `Stripe event ${event.id}: no Stripe key to read its refunds with; not recorded`, retry: true };
  const said: string[] = [];
  for (const refund of await refundsOf(stripe, event)) {
    const paymentIntent = idOf(refund.payment_intent);
    const invoiceNumber = paymentIntent && (await invoiceOfRefund(services, stripe, refund, paymentIntent));
    if (!paymentIntent || !invoiceNumber) {
      said.push(`refund ${refund.id} is not of a booking's payment; left alone`);
      continue;
    }
    const attempt = refund.metadata?.attempt;
    const reported: ReportedRefund = { id: refund.id, amountCents: refund.amount, paymentIntent, status: statusOf(refund), at: new Date(refund.created * 1000).toISOString(), ...(attempt ? { attempt } : {}) };
    const outcome = await services.ledger.reportRefund(invoiceNumber, reported);
    if (!outcome) return { said: `Stripe event ${event.id}: no booking ${invoiceNumber} for refund ${refund.id}; not recorded`, retry: true };
    if (outcome.kind === "payment-unknown") return { said: `Stripe event ${event.id}: refund ${refund.id} of a payment ${invoiceNumber} has not recorded yet; not recorded`, retry: true };
    if (outcome.kind === "recorded") said.push(`recorded ${reported.status} refund ${refund.id} on ${invoiceNumber}`);
  }
  return { said: `Stripe event ${event.id}: ${said.length ? said.join(", ") : "refunds already recorded"}` };
}
