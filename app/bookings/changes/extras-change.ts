/**
 * Adding or removing add-ons on the booking page (docs/product-decisions.md, "What the business
 * sells"): while the booking holds a booth and the event is more than 14 days away. The booking is
 * repriced as it was made (`repriceExtras`): what was booked keeps its price, an item added now
 * takes today's with the booking's rule and code; the difference is invoiced or, once paid, owed
 * back.
 * Pure, so the page, the ledger and the tests agree.
 */
import { replanned } from "~/bookings/record/payment-plan";
import { business, policy } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { isKeepsake } from "~/bookings/record/photos";
import { issuedLinesOf } from "~/bookings/invoice/billing-documents";
import { priceLinesOf } from "~/bookings/record/price-lines";
import { repriceExtras } from "~/prices/booking-price";
import { describeExtras, noExtras, normaliseExtras, type Extras } from "~/prices/extras";
import type { BookingDuration, BoothType } from "~/pricing";
import { daysBetween } from "~/utils/melbourne-time";

type Changeable = Pick<BookingRecord, "status" | "eventDate">;

/** Why the extras cannot be changed today, or null while they can. */
export function extrasChangeClosed(booking: Changeable, today: string): string | null {
  const call = `Please call us on ${business.phone.display}.`;
  if (isKeepsake(booking, today)) return "The event has taken place, so its add-ons can no longer be changed.";
  if (!holdsBooth(booking.status)) return `This booking is ${booking.status}, so its add-ons cannot be changed. ${call}`;
  if (daysBetween(today, booking.eventDate) <= policy.extrasChangeClosesDaysBeforeEvent) {
    return `The event is ${policy.extrasChangeClosesDaysBeforeEvent} days away or less, so its add-ons can no longer be changed online. ${call}`;
  }
  return null;
}

export function extrasOf(booking: Pick<BookingRecord, "extras">): Extras {
  return booking.extras ?? noExtras;
}

function sameExtras(a: Extras, b: Extras): boolean {
  return JSON.stringify(normaliseExtras(a)) === JSON.stringify(normaliseExtras(b));
}

export type ExtrasChangeResult = { kind: "changed"; record: BookingRecord } | { kind: "same" } | { kind: "refused"; reason: string };

/** The booking with `extras` instead of its own, repriced; `same` when nothing would change. */
export function changedExtras(booking: BookingRecord, wanted: Extras, at: Date, today: string): ExtrasChangeResult {
  const reason = extrasChangeClosed(booking, today);
  if (reason) return { kind: "refused", reason };
  const from = extrasOf(booking);
  const to = normaliseExtras(wanted);
  if (sameExtras(from, to)) return { kind: "same" };
  const { lines, totalCents } = repriceExtras(priceLinesOf(booking), from, {
    boothType: booking.boothType as BoothType,
    packageDuration: booking.packageDuration as BookingDuration,
    extras: to,
  });
  const change = { from, to, toWords: describeExtras(to), at: at.toISOString(), differenceCents: totalCents - booking.totalCents };
  return {
    kind: "changed",
    // A monthly plan spreads the difference over its instalments still to come.
    record: replanned({ ...booking, issuedLines: issuedLinesOf(booking), extras: to, priceLines: lines, totalCents, extrasChanges: [...(booking.extrasChanges ?? []), change] }, today),
  };
}
