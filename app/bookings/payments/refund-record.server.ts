/**
 * Refunds on a booking, decided by its ledger object (workers/booking-ledger.ts) from its own copy
 * (docs/product-decisions.md, "What the books must always say"): what is owed back is what was
 * paid beyond what the terms keep, less every refund made or still pending at Stripe, so no second
 * press, tab or webhook can take refunds above what was paid. Each refund is recorded once by its
 * id (Stripe's, or the Refund link's own for a bank transfer); a card refund is pending until
 * Stripe says it succeeded, and one that failed is taken back out, so the money is owed again (or,
 * failed before it was known here, is remembered as failed and never counted).
 */
import { amountsDue, formatCents, type Refund } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import type { ReportedRefund } from "~/bookings/record/ledger-protocol";

export function owedBackCents(booking: BookingRecord): number {
  return amountsDue(billableOf(booking)).refundOwedCents;
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

/** What the card payments can still give back through Stripe. */
export function cardRefundableCents(booking: BookingRecord): number {
  return refundableCardPayments(booking).reduce((sum, payment) => sum + payment.cents, 0);
}

/**
 * What to refund against which card payment for what is owed back, or why it cannot be done by
 * card. Cards go back to cards as far as they go, newest first; what the card payments cannot
 * cover (paid by bank transfer) stays owed back, for a bank refund (docs/product-decisions.md,
 * "What a booking is billed, whatever happens to it").
 */
export function cardRefundPlan(booking: BookingRecord): { paymentIntent: string; amountCents: number }[] | string {
  let remaining = owedBackCents(booking);
  const payments = refundableCardPayments(booking);
  if (!payments.length) return "No card payment is left to refund: refund it by bank transfer and record that instead.";
  const plan: { paymentIntent: string; amountCents: number }[] = [];
  for (const payment of payments) {
    const amountCents = Math.min(payment.cents, remaining);
    if (amountCents <= 0) break;
    plan.push({ paymentIntent: payment.paymentIntent, amountCents });
    remaining -= amountCents;
  }
  return plan;
}

/**
 * A bank transfer the owner made to give back what is owed: what the card payments cannot take
 * back, when cards can be refunded (cards go back to cards first, newest first; the rest by bank,
 * docs/product-decisions.md); all of it when they cannot. Null when the cards can take it all.
 */
export function bankRefund(booking: BookingRecord, at: string, attempt: string, cardsFirst: boolean): Refund | null {
  const amountCents = byBankCents(booking, cardsFirst);
  return amountCents > 0 ? { id: `bank-${attempt}`, amountCents, method: "bank", at } : null;
}

/**
 * What is owed back that may go by bank transfer: all of it, or, when cards can be refunded, what
 * they cannot take back. A card payment Stripe has failed to refund (a closed account, a lost card)
 * may go by bank too: pressing the card button again may work, and when it keeps failing, the
 * owner pays it back by bank instead.
 */
export function byBankCents(booking: BookingRecord, cardsFirst: boolean): number {
  const owed = owedBackCents(booking);
  const failedOn = new Set((booking.failedRefunds ?? []).map((refund) => refund.paymentIntent));
  const cardsTakeBack = refundableCardPayments(booking)
    .filter((payment) => !failedOn.has(payment.paymentIntent))
    .reduce((sum, payment) => sum + payment.cents, 0);
  return owed - (cardsFirst ? Math.min(cardsTakeBack, owed) : 0);
}

/** The booking with a new refund on it, flagged when it is more than was owed back (a refund made in Stripe's dashboard). */
export function withRefund(booking: BookingRecord, refund: Refund): { booking: BookingRecord; refund: Refund } {
  const owedBack = owedBackCents(booking);
  const mismatch = refund.amountCents > owedBack ? `Refunded ${formatCents(refund.amountCents)}, but ${formatCents(owedBack)} was owed back` : undefined;
  const recorded: Refund = { ...refund, ...(mismatch ? { mismatch } : {}) };
  return { booking: { ...booking, refunds: [...(booking.refunds ?? []), recorded] }, refund: recorded };
}

/** The placeholder that counts a refund attempt's refund on a payment as given back until Stripe answers (refund-attempts.server.ts). */
export const placeholderId = (attempt: string, paymentIntent: string) => `attempt-${attempt}-${paymentIntent}`;

type RefundNews = "recorded" | "succeeded" | "failed";

/**
 * What a refund Stripe reports changes on the booking, or null when it changes nothing (seen
 * already). `now` is when it is recorded: the books date what they learn then, never back in a
 * month that may be over (a refund failing weeks after it was made, an event delivered late).
 */
export function reportedOn(booking: BookingRecord, reported: ReportedRefund, now: string): { booking: BookingRecord; refund: Refund; news: RefundNews } | null {
  if (booking.failedRefunds?.some((failed) => failed.id === reported.id)) return null;
  const known = booking.refunds?.find((refund) => refund.id === reported.id);
  const others = (booking.refunds ?? []).filter((refund) => refund.id !== reported.id);
  if (known) {
    if (reported.status === "failed") {
      const failed = { ...known, pending: undefined, failedAt: now };
      return { booking: { ...booking, refunds: others, failedRefunds: [...(booking.failedRefunds ?? []), failed] }, refund: failed, news: "failed" };
    }
    if (reported.status === "succeeded" && known.pending) {
      const { pending: _done, ...succeeded } = known;
      return { booking: { ...booking, refunds: [...others, succeeded] }, refund: succeeded, news: "succeeded" };
    }
    return null;
  }
  const refund: Refund = { id: reported.id, amountCents: reported.amountCents, method: "card", at: reported.at, recordedAt: now, paymentIntent: reported.paymentIntent, ...(reported.status === "pending" ? { pending: true as const } : {}) };
  // A refund of an attempt Stripe told of before the attempt's answer was recorded: it takes its placeholder's place.
  const placeholder = reported.attempt === undefined ? undefined : placeholderId(reported.attempt, reported.paymentIntent);
  if (placeholder && booking.refunds?.some((one) => one.id === placeholder)) return reportedOn({ ...booking, refunds: others.filter((one) => one.id !== placeholder) }, { ...reported, attempt: undefined }, now);
  // Failed before any event made it known: remembered, so that no later event for it counts it, and no entry in the books.
  if (reported.status === "failed") return { booking: { ...booking, failedRefunds: [...(booking.failedRefunds ?? []), { ...refund, neverCounted: true }] }, refund, news: "failed" };
  return { ...withRefund(booking, refund), news: reported.status === "pending" ? "recorded" : "succeeded" };
}
