/**
 * Which autopay tries fall due on a Melbourne day (docs/product-decisions.md, "Payment plans and
 * autopay"): while autopay is on and the booking keeps its date, each instalment still short is
 * tried on its date (or on the first run after, should a run be missed), for what is short of it
 * then; a try declined softly with tries left is tried again `retryDays[n - 1]` days after the
 * first try. Tries already queued are not due again.
 */
import { autopayOf, type AutopayTry } from "~/bookings/record/autopay";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { keptItsDate } from "~/bookings/record/lifecycle";
import { instalmentsPaid } from "~/bookings/record/payment-plan";
import { addDays } from "~/utils/melbourne-time";

export type DueTry = Omit<AutopayTry, "enqueuedAt">;

/** The next try of an instalment whose tries so far are `tries`, or null when none is to come. */
function nextTry(tries: readonly AutopayTry[], dueOn: string, retryDays: readonly number[]): Pick<DueTry, "tryNumber" | "dueOn"> | null {
  const last = tries.at(-1);
  if (!last) return { tryNumber: 1, dueOn };
  if (!last.answer?.again) return null;
  const days = retryDays[last.tryNumber - 1];
  return days === undefined ? null : { tryNumber: last.tryNumber + 1, dueOn: addDays(tries[0]!.dueOn, days) };
}

export function dueTries(booking: BookingRecord, today: string, retryDays: readonly number[]): DueTry[] {
  if (!autopayOf(booking) || !keptItsDate(booking.status)) return [];
  const queued = booking.autopayTries ?? [];
  return instalmentsPaid(billableOf(booking)).flatMap((instalment, index) => {
    const tries = queued.filter((kept) => kept.instalment === index + 1);
    const next = instalment.shortCents > 0 ? nextTry(tries, instalment.dueOn, retryDays) : null;
    return next && next.dueOn <= today ? [{ instalment: index + 1, ...next, amountCents: instalment.shortCents }] : [];
  });
}
