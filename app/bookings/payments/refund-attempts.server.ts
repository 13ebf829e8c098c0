/**
 * Each press of a Refund button is one refund attempt with its own id (docs/product-decisions.md,
 * "What a booking is billed, whatever happens to it"): written down with what it will refund
 * before Stripe is called, and used in Stripe's idempotency keys, so pressing again after a failure
 * is a new refund while a replay of the same press is the same one. Until Stripe answers, what the
 * attempt asks for counts as given back (a pending placeholder per payment), so no other press,
 * tab or webhook can refund it twice; once Stripe answered, each placeholder becomes the refund
 * Stripe made, or is taken out when Stripe made none, so what Stripe did is recorded even when a
 * later call of the same attempt failed. When the site cannot know (the connection failed, Stripe
 * answered 5xx or was busy with the same key), the placeholder stays and the ledger's alarm looks
 * the refund up at Stripe by the attempt's id before counting it as made or not: taking it out
 * would leave money owed back that the client already has, for a bank refund to pay twice.
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
  /** PaymentIntents whose refund Stripe may have made without the site hearing so: looked up next. */
  unsure?: string[];
  /** What an attempt with answers still unsure has recorded so far. */
  recorded?: AttemptOutcome;
  /** Once Stripe answered and the answer was recorded: the refunds made and what could not be. */
  outcome?: AttemptOutcome;
}

export interface AttemptOutcome {
  refundIds: string[];
  shortCents: number;
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

/**
 * Whether a failed call may still have made its refund: only Stripe's own refusal (a 4xx other than
 * 409, which is another request with the same key still running) says it did not.
 */
function mayHaveMade(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return !(typeof status === "number" && status >= 400 && status < 500 && status !== 409);
}

const answerOf = (paymentIntent: string, refund: Stripe.Refund): AttemptResult => ({ paymentIntent, refund: { id: refund.id, amount: refund.amount, status: refund.status } });

/** Asks Stripe to make one refund of the attempt; the same attempt asks with the same key, so Stripe makes it once. */
async function create(stripe: Stripe, invoiceNumber: string, attempt: RefundAttempt, { paymentIntent, amountCents }: RefundAttempt["plan"][number]): Promise<AttemptResult> {
  try {
    const created = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount: amountCents, metadata: { invoiceNumber, attempt: attempt.id } },
      { idempotencyKey: `refund-${attempt.id}-${paymentIntent}` },
    );
    return answerOf(paymentIntent, created);
  } catch (error) {
    console.error(`Card refund of attempt ${attempt.id} on ${invoiceNumber} (${paymentIntent}) failed:`, error);
    return { paymentIntent, error: String(error), ...(mayHaveMade(error) ? { unsure: true as const } : {}) };
  }
}

/** Finds the refund the attempt asked for on a payment among those Stripe holds for it (by the attempt's id in its metadata). */
async function lookUp(stripe: Stripe, attempt: RefundAttempt, paymentIntent: string): Promise<AttemptResult> {
  try {
    const { data } = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
    const made = data.find((refund) => refund.metadata?.attempt === attempt.id);
    return made ? answerOf(paymentIntent, made) : { paymentIntent, error: "Stripe holds no refund of this attempt" };
  } catch (error) {
    console.error(`Looking up the refund of attempt ${attempt.id} (${paymentIntent}) at Stripe failed:`, error);
    return { paymentIntent, error: String(error), unsure: true };
  }
}

/** Stripe's answers to the attempt: each refund asked for (again), or looked up where an earlier answer was lost. */
export async function askStripe(stripe: Stripe, invoiceNumber: string, attempt: RefundAttempt): Promise<AttemptResult[]> {
  const results: AttemptResult[] = [];
  for (const step of attempt.plan) {
    if (!attempt.unsure) results.push(await create(stripe, invoiceNumber, attempt, step));
    else if (attempt.unsure.includes(step.paymentIntent)) results.push(await lookUp(stripe, attempt, step.paymentIntent));
  }
  return results;
}

const failed = (status: string | null) => status === "failed" || status === "canceled";

/**
 * The booking once Stripe's answers to the attempt are recorded: each placeholder replaced by the
 * refund made (unless a webhook recorded it first), taken out when none was made, or kept while
 * the answer is unsure (`unsure`, the payments to look up next).
 */
export function recordAttempt(
  booking: BookingRecord,
  attempt: RefundAttempt,
  results: readonly AttemptResult[],
  /** When the answers are recorded: each refund's entry's date in the books (the alarm may look one up after midnight). */
  now: string,
): { booking: BookingRecord; made: Refund[]; shortCents: number; unsureCents: number; unsure: string[] } {
  let next = booking;
  const made: Refund[] = [];
  let shortCents = 0;
  let unsureCents = 0;
  const unsure: string[] = [];
  for (const { paymentIntent, amountCents } of attempt.plan) {
    if (attempt.unsure && !attempt.unsure.includes(paymentIntent)) continue;
    const result = results.find((one) => one.paymentIntent === paymentIntent);
    if (result?.unsure) {
      unsure.push(paymentIntent);
      unsureCents += amountCents;
      continue;
    }
    const placeholder = placeholderId(attempt.id, paymentIntent);
    next = { ...next, refunds: (next.refunds ?? []).filter((refund) => refund.id !== placeholder) };
    const created = result?.refund;
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
    const refund: Refund = { id: created.id, amountCents: created.amount, method: "card", at: attempt.at, recordedAt: now, paymentIntent, ...(created.status === "succeeded" ? {} : { pending: true as const }) };
    const recorded = withRefund(next, refund);
    next = recorded.booking;
    made.push(recorded.refund);
  }
  return { booking: next, made, shortCents, unsureCents, unsure };
}
