/**
 * The booking page's "Your add-ons": what the booking has, and while it may change them, the
 * choices as the form starts and what is left on its date. The booking's own held items are its
 * to keep, so they count as left to it.
 */
import { extrasChangeClosed, extrasOf } from "~/bookings/changes/extras-change";
import { itemsLeftOn, type AvailabilityDeps } from "~/bookings/holds/availability.server";
import type { ItemCounts } from "~/bookings/holds/stock";
import type { BookingRecord } from "~/bookings/record/booking";
import { addOnField, type FormValues } from "~/input/fields";
import { describeExtras, stockNeeded, type Extras } from "~/prices/extras";

/** The extras as the add-ons form's fields, the way a browser would post them. */
function extrasValues({ extraHours, backdrop, addOns }: Extras): FormValues {
  return { extraHours: String(extraHours), backdrop: backdrop ?? "", ...Object.fromEntries(addOns.map((id) => [addOnField(id), "on"])) };
}

function withOwn(left: ItemCounts, extras: Extras): ItemCounts {
  const counts = { ...left };
  for (const item of stockNeeded(extras)) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}

export async function addOnsView(deps: AvailabilityDeps, booking: BookingRecord, today: string) {
  const extras = extrasOf(booking);
  const closed = extrasChangeClosed(booking, today);
  return {
    now: describeExtras(extras),
    closed,
    values: extrasValues(extras),
    itemsLeft: closed ? {} : withOwn(await itemsLeftOn(deps, booking.eventDate), extras),
  };
}
