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
import type { InstalmentStanding } from "~/bookings/record/amounts";
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

/**
 * The try the owner's "Charge this instalment now" makes of one instalment today, or why it makes
 * none: only an instalment due by today and still short, with no try of it on the queue unanswered,
 * whose last try (if any) is to be tried again; it counts as the next try, so the tries left stay
 * as the decisions say.
 */
export function tryToday(booking: BookingRecord, instalment: number, today: string): DueTry | { refused: string } {
  if (!keptItsDate(booking.status)) return { refused: `the booking is ${booking.status}` };
  if (!autopayOf(booking)) return { refused: "autopay is off: the client pays it from their booking page" };
  const standing = instalmentsPaid(billableOf(booking))[instalment - 1];
  if (!standing) return { refused: `the plan has no instalment ${instalment}` };
  if (standing.dueOn > today) return { refused: `instalment ${instalment} is not due until ${standing.dueOn}` };
  if (!standing.shortCents) return { refused: `instalment ${instalment} is paid` };
  const last = (booking.autopayTries ?? []).filter((kept) => kept.instalment === instalment).at(-1);
  if (last && !last.answer) return { refused: `a charge of instalment ${instalment} is on its way already` };
  if (last?.answer?.status === "processing") return { refused: `its PayTo debit is still processing at Stripe` };
  if (last && !last.answer?.again) return { refused: `autopay made its last try of instalment ${instalment} (${last.answer!.status})` };
  return { instalment, tryNumber: (last?.tryNumber ?? 0) + 1, dueOn: today, amountCents: standing.shortCents };
}

/**
 * The instalments overdue on `today` (issue 58: one in retry is not overdue until its last try
 * fails): short after their date, and not autopay's to charge any more. While autopay is on, an
 * instalment not tried yet, on the queue, or to be tried again is still its to charge; a PayTo
 * debit processing is money on its way. Otherwise (autopay off, or its last try failed) one is
 * overdue from the day after its date, as a balance is.
 */
export function overdueInstalments(booking: BookingRecord, today: string): (InstalmentStanding & { instalment: number })[] {
  const autopayOn = !!autopayOf(booking);
  return instalmentsPaid(billableOf(booking)).flatMap((standing, index) => {
    const instalment = index + 1;
    if (!standing.shortCents || standing.dueOn >= today) return [];
    const last = (booking.autopayTries ?? []).filter((kept) => kept.instalment === instalment).at(-1)?.answer;
    const stillCharged = last?.status === "processing" || (autopayOn && (!last || !!last.again));
    return stillCharged ? [] : [{ ...standing, instalment }];
  });
}
