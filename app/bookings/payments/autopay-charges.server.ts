/**
 * Charging one instalment off-session, and finding a try whose answer was lost. Each try has its
 * own idempotency key, `{invoice}:{instalment}:{try}`, so a retry of the same try (the SDK's, or the
 * queue's) is the same charge at Stripe; its id rides in the PaymentIntent's metadata with the
 * invoice number, so a webhook, a refund and the lookup find the booking and the try. A decline is
 * data; so is an answer lost on the way (`unknown`: look it up before trying again).
 */
import { declineOf, type Decline } from "~/bookings/payments/autopay-declines";
import { isRefusal, type SavedMethod } from "~/bookings/payments/autopay-stripe.server";
import type { Stripe } from "~/bookings/payments/stripe.server";

export interface InstalmentTry {
  invoiceNumber: string;
  /** The instalment's number in the plan (1 for the first after the deposit). */
  instalment: number;
  /** The try's number for this instalment (1 for the first). */
  tryNumber: number;
  /** The try's id as the ledger wrote it down before calling Stripe. */
  tryId: string;
  amountCents: number;
  customer: string;
  saved: SavedMethod;
}

export type ChargeOutcome =
  | { status: "succeeded"; paymentIntent: string; amountCents: number }
  /** A PayTo debit: the bank answers in days, by `payment_intent.succeeded` or `.payment_failed`. */
  | { status: "processing"; paymentIntent: string; amountCents: number }
  | { status: "declined"; paymentIntent: string | null; decline: Decline }
  /** Stripe made nothing: the card was detached, the mandate is no longer active or does not allow the amount. */
  | { status: "refused"; message: string }
  /** No answer (Stripe down, the network): the try may have been made; look it up (`lookUpTry`) before the next. */
  | { status: "unknown"; reason: string };

export const tryKey = (one: Pick<InstalmentTry, "invoiceNumber" | "instalment" | "tryNumber">) => `${one.invoiceNumber}:${one.instalment}:${one.tryNumber}`;

/** What a PaymentIntent says of its try, as created or as found later. */
export function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  if (intent.status === "succeeded") return { status: "succeeded", paymentIntent: intent.id, amountCents: intent.amount_received };
  if (intent.status === "processing") return { status: "processing", paymentIntent: intent.id, amountCents: intent.amount };
  if (intent.last_payment_error) return { status: "declined", paymentIntent: intent.id, decline: declineOf(intent.last_payment_error) };
  return { status: "unknown", reason: `PaymentIntent ${intent.id} is ${intent.status}` };
}

/** Charges the instalment's try to the saved card or under the PayTo mandate, at once and off-session. */
export async function chargeInstalment(stripe: Stripe, one: InstalmentTry): Promise<ChargeOutcome> {
  const metadata = { invoiceNumber: one.invoiceNumber, kind: "instalment", instalment: String(one.instalment), try: one.tryId };
  const method = one.saved.kind === "payto" ? { allowed_payment_method_types: ["payto"], mandate: one.saved.mandate } : {};
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: one.amountCents,
        currency: "aud",
        customer: one.customer,
        payment_method: one.saved.paymentMethod,
        off_session: true,
        confirm: true,
        description: `Instalment ${one.instalment}, invoice ${one.invoiceNumber}`,
        metadata,
        ...method,
      },
      { idempotencyKey: tryKey(one) },
    );
    return outcomeOf(intent);
  } catch (error) {
    // A decline (402) made a PaymentIntent, which the error carries.
    const card = error as { type?: string; payment_intent?: { id?: string }; code?: string; decline_code?: string; advice_code?: string; message?: string };
    if (card?.type === "StripeCardError") return { status: "declined", paymentIntent: card.payment_intent?.id ?? null, decline: declineOf(card) };
    if (isRefusal(error)) return { status: "refused", message: error.message };
    return { status: "unknown", reason: String(error) };
  }
}

/**
 * The try as Stripe holds it, found among the Customer's PaymentIntents by the try's id in their
 * metadata (a list is read-after-write consistent, where Stripe's search can be a minute behind),
 * or `not-made` when Stripe made no charge for it.
 */
export async function lookUpTry(stripe: Stripe, { customer, tryId }: { customer: string; tryId: string }): Promise<ChargeOutcome | { status: "not-made" }> {
  for await (const intent of stripe.paymentIntents.list({ customer, limit: 100 })) {
    if (intent.metadata?.try === tryId) return outcomeOf(intent);
  }
  return { status: "not-made" };
}
