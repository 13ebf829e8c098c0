/**
 * Each press of a Refund button is one refund attempt with its own id (docs/product-decisions.md,
 * "What a booking is billed, whatever happens to it"): written down with what it will refund
 * before Stripe is called, and used in Stripe's idempotency keys, so pressing again after a failure
 * is a new refund while a replay of the same press is the same one. Until Stripe answers, what the
 * attempt asks for counts as given back (a pending placeholder per payment), so no other press,
 * tab or webhook can refund it twice; once Stripe answered, each placeholder becomes the refund
 * Stripe made, or is taken out when Stripe made none, so what Stripe did is recorded even when a
 * later call of the same attempt failed.
 */
import type { Refund } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import type { AttemptResult } from "~/bookings/record/ledger-protocol";
import { placeholderId, withRefund } from "~/bookings/payments/refund-record.server";
import type { Stripe } from "~/bookings/payments/stripe.server";

export interface RefundAttempt {
  id: string;
  at: string;
  /** What to refund against which card payment, newest first. */
  plan: { paymentIntent: string; amountCents: number }[];
  /** Once Stripe answered and the answer was recorded: the refunds made and what could not be. */
  outcome?: { refundIds: string[]; shortCents: number };
}

export const attemptKey = (id: string) => `refund-attempt:${id}`;
export const attemptPrefix = "refund-attempt:";

/** The booking with the attempt's refunds counted as pending. */
export function withPlaceholders(booking: BookingRecord, attempt: RefundAttempt): BookingRecord {
  return attempt.plan.reduce(
    (next, { paymentIntent, amountCents }) => withRefund(next, { id: placeholderId(attempt.id, paymentIntent), amountCents, method: "card", at: attempt.at, paymentIntent, pending: true }).booking,
    booking,
  );
}

/** Asks Stripe for each refund of the attempt; the same attempt asks with the same keys, so Stripe makes each once. */
export async function askStripe(stripe: Stripe, invoiceNumber: string, attempt: RefundAttempt): Promise<AttemptResult[]> {
  const results: AttemptResult[] = [];
  for (const { paymentIntent, amountCents } of attempt.plan) {
    try {
      const created = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, metadata: { invoiceNumber, attempt: attempt.id } },
        { idempotencyKey: `refund-${attempt.id}-${paymentIntent}` },
      );
      results.push({ paymentIntent, refund: { id: created.id, amount: created.amount, status: created.status } });
    } catch (error) {
      console.error(`Card refund of attempt ${attempt.id} on ${invoiceNumber} (${paymentIntent}) was not made:`, error);
      results.push({ paymentIntent, error: String(error) });
    }
  }
  return results;
}

const failed = (status: string | null) => status === "failed" || status === "canceled";

/**
 * The booking once Stripe's answers to the attempt are recorded: each placeholder replaced by the
 * refund made (unless a webhook recorded it first), or taken out when none was made.
 */
export function recordAttempt(booking: BookingRecord, attempt: RefundAttempt, results: readonly AttemptResult[]): { booking: BookingRecord; made: Refund[]; shortCents: number } {
  let next = booking;
  const made: Refund[] = [];
  let shortCents = 0;
  for (const { paymentIntent, amountCents } of attempt.plan) {
    const placeholder = placeholderId(attempt.id, paymentIntent);
    next = { ...next, refunds: (next.refunds ?? []).filter((refund) => refund.id !== placeholder) };
    const created = results.find((result) => result.paymentIntent === paymentIntent)?.refund;
    const known = created && [...(next.refunds ?? []), ...(next.failedRefunds ?? [])].find((refund) => refund.id === created.id);
    if (known) {
      if (next.refunds?.includes(known)) made.push(known);
      else shortCents += amountCents;
      continue;
    }
    if (!created || failed(created.status)) {
      shortCents += amountCents;
      continue;
    }
    const refund: Refund = { id: created.id, amountCents: created.amount, method: "card", at: attempt.at, paymentIntent, ...(created.status === "succeeded" ? {} : { pending: true as const }) };
    const recorded = withRefund(next, refund);
    next = recorded.booking;
    made.push(recorded.refund);
  }
  return { booking: next, made, shortCents };
}
