/**
 * Card payments on a booking, recorded exactly once per checkout session, decided by the booking's
 * ledger object (workers/booking-ledger.ts) from its own copy, one change at a time: KV alone is
 * eventually consistent, so two deliveries of the same webhook racing through two edge locations
 * could both see "not yet recorded" there and both append and e-mail.
 */
import { amountsDue, formatCents, type Payment } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import type { PaidCheckout } from "~/bookings/record/ledger-protocol";

/** Why a payment is not what was owing, or undefined when it is exactly that. */
function mismatchOf(paid: PaidCheckout, owing: ReturnType<typeof amountsDue>["owingNow"]): string | undefined {
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

/** The booking with the payment recorded, or null when this session was counted already. */
export function paymentOn(booking: BookingRecord, paid: PaidCheckout): { booking: BookingRecord; payment: Payment } | null {
  if (booking.payments?.some((payment) => payment.sessionId === paid.sessionId)) return null;
  const mismatch = mismatchOf(paid, amountsDue(billableOf(booking)).owingNow);
  const intent = paid.paymentIntent ? { paymentIntent: paid.paymentIntent } : {};
  const payment: Payment = { sessionId: paid.sessionId, kind: paid.kind, amountCents: paid.amountCents, currency: paid.currency, paidAt: paid.paidAt, ...intent, ...(mismatch ? { mismatch } : {}) };
  return { booking: { ...booking, payments: [...(booking.payments ?? []), payment].sort(byPaidAt) }, payment };
}
