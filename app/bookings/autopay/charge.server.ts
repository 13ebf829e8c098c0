/**
 * The autopay queue's consumer, one try at a time: the booking's ledger is asked first (and writes
 * the try down before Stripe is called); then the try is charged for what the schedule found due,
 * or, when an earlier delivery's answer was lost, looked up at Stripe (and charged under the same
 * idempotency key only when Stripe made nothing). A payment is recorded as the webhook records it,
 * once by PaymentIntent id; the answer is kept on the try. No answer at all: the message is tried
 * again, and the ledger then says to look it up.
 */
import type { ChargeMessage } from "~/bookings/autopay/charge-message";
import { chargeInstalment, lookUpTry, type ChargeOutcome } from "~/bookings/payments/autopay-charges.server";
import { declinedAnswer } from "~/bookings/payments/autopay-declines";
import type { Stripe } from "~/bookings/payments/stripe.server";
import { triesRanOut, type TryAnswer } from "~/bookings/record/autopay";
import type { Services } from "~/types/services";

const answerOf = (outcome: Exclude<ChargeOutcome, { status: "unknown" }>, tryNumber: number, at: string): TryAnswer => {
  if (outcome.status === "refused") return { status: "refused", paymentIntent: null, code: outcome.message, at };
  if (outcome.status === "declined") return declinedAnswer(outcome.decline, outcome.paymentIntent, tryNumber, at);
  return { status: outcome.status, paymentIntent: outcome.paymentIntent, code: null, at };
};

/** What is done with a try Stripe has made nothing for: charged now (`chargeTry`), or taken as failed (`failTry`). */
type NotMade = (charge: () => Promise<ChargeOutcome>) => Promise<ChargeOutcome>;

/** Charges the message's try if its ledger says so; "retry" when Stripe's answer was lost. */
export const chargeTry = (services: Pick<Services, "ledger" | "now">, stripe: Stripe, message: ChargeMessage) => settleTry(services, stripe, message, (charge) => charge());

/**
 * A try whose message ran out of deliveries (the autopay queue's dead letter): looked up at Stripe
 * as a try whose answer was lost is, and recorded as Stripe has it; one Stripe made nothing for is
 * never charged this late but failed (`triesRanOut`), so its instalment is owed as any failed
 * charge is, with autopay stopped and client and owner told.
 */
export const failTry = (services: Pick<Services, "ledger" | "now">, stripe: Stripe, message: ChargeMessage) =>
  settleTry(services, stripe, message, async () => ({ status: "refused", message: triesRanOut }));

async function settleTry(services: Pick<Services, "ledger" | "now">, stripe: Stripe, message: ChargeMessage, notMade: NotMade): Promise<{ said: string; retry?: true }> {
  const { invoiceNumber, instalment, tryNumber, amountCents } = message;
  const name = `${invoiceNumber} instalment ${instalment} try ${tryNumber}`;
  const go = await services.ledger.startTry(invoiceNumber, { instalment, tryNumber });
  if (!go) return { said: `${name}: no such booking; not charged` };
  if (go.status === "no") return { said: `${name}: not charged, ${go.why}` };
  const { customer, saved } = go.consent;
  const charge = () => chargeInstalment(stripe, { invoiceNumber, instalment, tryNumber, tryId: go.tryId, amountCents, customer, saved });
  const found = go.status === "look-up" ? await lookUpTry(stripe, { customer, tryId: go.tryId }) : null;
  const outcome = !found || found.status === "not-made" ? await notMade(charge) : found;
  if (outcome.status === "unknown") return { said: `${name}: no answer from Stripe (${outcome.reason}); to be looked up`, retry: true };
  const at = services.now().toISOString();
  if (outcome.status === "succeeded") {
    const { paymentIntent } = outcome;
    await services.ledger.recordPayment({ invoiceNumber, sessionId: paymentIntent, paymentIntent, instalment, kind: "instalment", amountCents: outcome.amountCents, currency: "AUD", paidAt: at });
  }
  // A failure is the run's: its day is the one the owner's "failed on" and the morning's "yesterday" name, however
  // late the queue delivered it. Money that moved counts from when it moved.
  const failed = outcome.status === "declined" || outcome.status === "refused";
  await services.ledger.answerTry(invoiceNumber, { instalment, tryNumber }, answerOf(outcome, tryNumber, failed ? (message.enqueuedAt ?? at) : at));
  return { said: `${name}: ${outcome.status}` };
}
