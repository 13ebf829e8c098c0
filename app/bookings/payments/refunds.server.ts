/**
 * Refunds as Stripe reports them (docs/product-decisions.md, "Changes, cancellations and refunds"
 * and "What the books must always say"), whether made from the owner's Refund link or in Stripe's
 * dashboard: `refund.created`, `refund.updated` and `refund.failed` carry the refund;
 * `charge.refunded` carries only the charge (Stripe no longer includes its refunds), so they are
 * asked of the API. Each is handed to the booking's ledger, which records it, or its new status,
 * once.
 */
import type { Stripe } from "~/bookings/payments/stripe.server";
import type { ReportedRefund } from "~/bookings/record/ledger-protocol";
import { paymentIntentKey } from "~/storage-keys";
import type { Services } from "~/types/services";

const refundEvents = new Set(["charge.refunded", "refund.created", "refund.updated", "refund.failed"]);

/** The invoice a card payment's PaymentIntent belongs to, for refunds made in Stripe's dashboard. */
function invoiceOfPaymentIntent(services: Pick<Services, "kv">, paymentIntent: string): Promise<string | null> {
  return services.kv.get(paymentIntentKey(paymentIntent));
}

function statusOf(refund: Stripe.Refund): ReportedRefund["status"] {
  if (refund.status === "succeeded") return "succeeded";
  return refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
}

const idOf = (reference: string | { id: string } | null) => (typeof reference === "string" ? reference : (reference?.id ?? null));

async function refundsOf(stripe: Stripe, event: Stripe.Event): Promise<Stripe.Refund[]> {
  if (event.type === "charge.refunded") {
    const refunds = await stripe.refunds.list({ charge: event.data.object.id, limit: 100 });
    return refunds.data;
  }
  if (event.type === "refund.created" || event.type === "refund.updated" || event.type === "refund.failed") return [event.data.object];
  return [];
}

/** Records the refunds a verified Stripe event is about, each once; null when the event is not about refunds. */
export async function receiveRefundEvent(services: Pick<Services, "kv" | "ledger">, stripe: Stripe | null, event: Stripe.Event): Promise<string | null> {
  if (!refundEvents.has(event.type)) return null;
  if (!stripe) return `Stripe event ${event.id}: no Stripe key to read its refunds with`;
  const said: string[] = [];
  for (const refund of await refundsOf(stripe, event)) {
    const paymentIntent = idOf(refund.payment_intent);
    if (!paymentIntent) continue;
    const invoiceNumber = refund.metadata?.invoiceNumber ?? (await invoiceOfPaymentIntent(services, paymentIntent));
    if (!invoiceNumber) continue;
    const reported: ReportedRefund = { id: refund.id, amountCents: refund.amount, paymentIntent, status: statusOf(refund), at: new Date(refund.created * 1000).toISOString() };
    const outcome = await services.ledger.reportRefund(invoiceNumber, reported);
    if (outcome?.kind === "recorded") said.push(`${reported.status} refund ${refund.id} on ${invoiceNumber}`);
  }
  return `Stripe event ${event.id}: ${said.length ? `recorded ${said.join(", ")}` : "refunds already recorded or for no booking"}`;
}
