/**
 * Card payments on a booking, recorded exactly once per checkout session, decided by the booking's
 * ledger object (workers/booking-ledger.ts) from its own copy, one change at a time: KV alone is
 * eventually consistent, so two deliveries of the same webhook racing through two edge locations
 * could both see "not yet recorded" there and both append and e-mail.
 */
import { amountsDue, formatCents, type Payment, type VoidedPayment } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { cancellationAgain } from "~/bookings/record/cancellation";
import { afterItsEvent, heldByMoney, transition } from "~/bookings/record/lifecycle";
import type { BankPaymentRequest, PaidCheckout, VoidOutcome, VoidRequest } from "~/bookings/record/ledger-protocol";
import { melbourneToday } from "~/utils/melbourne-time";

/** Why a payment is not what was owing, or undefined when it is exactly that. */
function mismatchOf(paid: Pick<PaidCheckout, "amountCents" | "currency" | "kind">, owing: ReturnType<typeof amountsDue>["owingNow"]): string | undefined {
  const received = `${formatCents(paid.amountCents)} ${paid.currency} for the ${paid.kind}`;
  if (!owing) return `Received ${received}, but nothing was owing`;
  if (paid.currency !== "AUD" || paid.amountCents !== owing.amountCents || paid.kind !== owing.kind) {
    return `Received ${received}, but ${formatCents(owing.amountCents)} AUD was owing for the ${owing.kind}`;
  }
  return undefined;
}

function byPaidAt(a: Payment, b: Payment): number {
  return a.paidAt.localeCompare(b.paidAt) || a.sessionId.localeCompare(b.sessionId);
}

/**
 * Why an off-session instalment is not what the booking can take: a plan's instalment is any part
 * of what is owing, so only a charge beyond all of it (or not in AUD) is flagged.
 */
function instalmentMismatchOf(paid: Pick<PaidCheckout, "amountCents" | "currency">, owingCents: number): string | undefined {
  if (paid.currency === "AUD" && paid.amountCents <= owingCents) return undefined;
  return `Received ${formatCents(paid.amountCents)} ${paid.currency} for an instalment, but ${formatCents(owingCents)} AUD was owing in all`;
}

/** The booking with the payment recorded at `now` (its entry's date in the books: Stripe's event may come a day late), or null when this session (an instalment's PaymentIntent) was counted already. */
export function paymentOn(booking: BookingRecord, paid: PaidCheckout, now: string): { booking: BookingRecord; payment: Payment } | null {
  if (booking.payments?.some((payment) => payment.sessionId === paid.sessionId)) return null;
  const amounts = amountsDue(billableOf(booking));
  const mismatch = paid.instalment === undefined ? mismatchOf(paid, amounts.owingNow) : instalmentMismatchOf(paid, amounts.owingCents);
  const intent = paid.paymentIntent ? { paymentIntent: paid.paymentIntent } : {};
  const instalment = paid.instalment === undefined ? {} : { instalment: paid.instalment };
  const payment: Payment = { sessionId: paid.sessionId, kind: paid.kind, amountCents: paid.amountCents, currency: paid.currency, paidAt: paid.paidAt, recordedAt: now, ...intent, ...instalment, ...(mismatch ? { mismatch } : {}) };
  const next = { ...booking, payments: [...(booking.payments ?? []), payment].sort(byPaidAt) };
  // A PayTo debit that was processing is paid now: no longer pending.
  const pending = booking.pendingPayments?.filter((one) => one.paymentIntent !== paid.paymentIntent);
  return { booking: pending ? { ...next, pendingPayments: pending } : next, payment };
}

/** How a payment was made: card payments recorded before bank payments were carry no method. */
export const paymentMethod = (payment: Pick<Payment, "method">): "card" | "bank" => payment.method ?? "card";

/** The id a bank payment is recorded under: its form's one-time id, so a double submit finds it recorded. */
export const bankPaymentId = (attempt: string) => `bank-${attempt}`;

/**
 * A bank payment as the owner recorded it: for what is owing now (the balance when nothing is),
 * marked when it is not exactly that, as a card payment is. Dated at midday of the day received,
 * so it falls on that Melbourne date whatever the season. Null when this form was recorded already.
 */
export function bankPaymentOn(booking: BookingRecord, request: BankPaymentRequest): { booking: BookingRecord; payment: Payment } | null {
  const sessionId = bankPaymentId(request.attempt);
  if (booking.payments?.some((payment) => payment.sessionId === sessionId) || booking.voidedPayments?.some((payment) => payment.sessionId === sessionId)) return null;
  const owing = amountsDue(billableOf(booking)).owingNow;
  const paid = { amountCents: request.amountCents, currency: "AUD", kind: owing?.kind ?? "balance" } as const;
  const mismatch = mismatchOf(paid, owing);
  const payment: Payment = { sessionId, method: "bank", reference: request.reference, ...paid, paidAt: `${request.receivedOn}T02:00:00.000Z`, recordedAt: request.at, ...(mismatch ? { mismatch } : {}) };
  const next = { ...booking, payments: [...(booking.payments ?? []), payment].sort(byPaidAt) };
  // Received by the day of a cancellation, it counts there, whenever it was recorded.
  return { booking: next.cancellation ? { ...next, cancellation: cancellationAgain(next, next.cancellation, request.at) } : next, payment };
}

/**
 * A booking the schedule let go for want of money (a lapse, or the end of its first 48 hours) that
 * a payment had in fact reached by that day (docs/product-decisions.md, "A payment counts from the
 * day it was received"): as it was before, or completed when its event is past. Null when the
 * payment came too late or the booking did not lapse. The change is dated no earlier than the lapse
 * it undoes, so the history stays in order. Its booth and stock must be held again before it is
 * (a completed booking keeps its booth on its date for good).
 */
export function lapseUndone(booking: BookingRecord, payment: Payment, at: string): BookingRecord | null {
  const lapse = booking.history.at(-1);
  if (booking.status !== "expired" || lapse?.by !== "schedule") return null;
  if (melbourneToday(new Date(payment.paidAt)) > melbourneToday(new Date(lapse.at))) return null;
  const when = at > lapse.at ? at : lapse.at;
  const past = booking.eventDate < melbourneToday(new Date(when));
  const status = past ? "completed" : (booking.history.at(-2)?.status ?? "requested");
  return { ...booking, status, history: [...booking.history, { status, at: when, by: "client" }] };
}

/**
 * What the booking becomes without a payment: a cancellation is worked out again as of its day, and
 * a booking completed only because of it (a request, or one whose date was held by money) lapses
 * after all, as the schedule would have decided (docs/product-decisions.md, "A mistyped bank
 * payment is voided").
 */
function decidedAgain(booking: BookingRecord, at: string): BookingRecord {
  if (booking.cancellation) return { ...booking, cancellation: cancellationAgain(booking, booking.cancellation, at) };
  const heldAs = booking.history.at(-2)?.status;
  if (booking.status !== "completed" || !heldAs) return booking;
  const lapses = afterItsEvent(heldAs, !!booking.payments?.length) === "expired" || heldByMoney(booking);
  return lapses ? transition(booking, "expired", "owner", new Date(at)).record : booking;
}

/**
 * Voids a bank payment recorded by mistake: out of `payments`, into `voidedPayments` with its
 * reason, and the booking decided again without it (`decidedAgain`). Refused for a card payment
 * (Stripe's word is the books'), and when the refunds made or pending would then exceed what is left paid.
 */
export function voidedOn(booking: BookingRecord, { paymentId, reason, at }: VoidRequest): VoidOutcome {
  if (booking.voidedPayments?.some((payment) => payment.sessionId === paymentId)) return { kind: "already", record: booking };
  const payment = booking.payments?.find((one) => one.sessionId === paymentId);
  const refused = (why: string): VoidOutcome => ({ kind: "refused", record: booking, reason: why });
  if (!payment) return refused("There is no such payment on this booking.");
  if (paymentMethod(payment) !== "bank") return refused("A card payment is refunded, not voided: Stripe's record of it stands.");
  const due = amountsDue(billableOf(booking));
  if (due.paidCents - payment.amountCents < due.refundedCents) return refused(`${formatCents(due.refundedCents)} was refunded already: without this payment the refunds would exceed what was paid.`);
  const voided: VoidedPayment = { ...payment, voidedAt: at, reason };
  const next = decidedAgain({ ...booking, payments: booking.payments!.filter((one) => one !== payment), voidedPayments: [...(booking.voidedPayments ?? []), voided] }, at);
  return { kind: "voided", record: next, payment: voided };
}
