/**
 * Which autopay tries fall due on a Melbourne day (docs/product-decisions.md, "Payment plans and
 * autopay"): while autopay is on and the booking keeps its date, each instalment still short is
 * tried on its date (or on the first run after, should a run be missed), for what is short of it
 * then. Tries already queued are not due again.
 */
import { autopayOf, sameTry, type AutopayTry } from "~/bookings/record/autopay";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { keptItsDate } from "~/bookings/record/lifecycle";
import { instalmentsPaid } from "~/bookings/record/payment-plan";

export type DueTry = Omit<AutopayTry, "enqueuedAt">;

export function dueTries(booking: BookingRecord, today: string): DueTry[] {
  if (!autopayOf(booking) || !keptItsDate(booking.status)) return [];
  const queued = booking.autopayTries ?? [];
  return instalmentsPaid(billableOf(booking))
    .map((instalment, index) => ({ instalment: index + 1, tryNumber: 1, dueOn: instalment.dueOn, amountCents: instalment.shortCents }))
    .filter((one) => one.amountCents > 0 && one.dueOn <= today && !queued.some((kept) => sameTry(kept, one)));
}
