/**
 * Whether a quote's date is free now for its booth and each stocked add-on asked about, and when it
 * is not, what is: the other booths free that day and the nearest free dates for the booth asked
 * for (docs/product-decisions.md, "Quotes"). Counts only, from the holds and the owner's blocks.
 */
import { availabilityBetween, type AvailabilityDeps } from "~/bookings/holds/availability.server";
import { freeTypes } from "~/bookings/holds/fleet";
import { goneItems } from "~/bookings/holds/stock";
import { bookedOutMessage, itemsGoneMessage } from "~/bookings/holds/refusal";
import { stockNeeded, type Extras, type StockItem } from "~/prices/extras";
import type { BoothType } from "~/pricing";
import { formatDateInWords } from "~/utils/date-words";
import { addDays } from "~/utils/melbourne-time";

/** How far either side of the date the nearest free dates are looked for, and how many are offered. */
const searchDays = 21;
const offered = 3;

export interface DayAlternatives {
  /** The booth asked for is free and every stocked add-on with it. */
  free: boolean;
  gone: StockItem[];
  otherBooths: BoothType[];
  /** The nearest dates, today or later, with the booth and every stocked add-on free. */
  nearDates: string[];
  /** The nearest of them, or null when none is free within the search. */
  nearest: string | null;
  /** What the client reads when it is not free. */
  sentence: string;
}

export async function alternativesFor(deps: AvailabilityDeps, { eventDate, boothType, extras }: { eventDate: string; boothType: BoothType; extras: Extras }, today: string): Promise<DayAlternatives> {
  const from = addDays(eventDate, -searchDays) < today ? today : addDays(eventDate, -searchDays);
  const days = await availabilityBetween(deps, from, addDays(eventDate, searchDays));
  const needed = stockNeeded(extras);
  const fits = (date: string) => {
    const day = days[date];
    return !!day && day.booths[boothType] > 0 && goneItems(needed, day.items).length === 0;
  };
  const day = days[eventDate];
  const gone = day ? goneItems(needed, day.items) : [];
  const otherBooths = day ? freeTypes(day.booths).filter((type) => type !== boothType) : [];
  const byDistance = Object.keys(days)
    .filter((date) => date !== eventDate && fits(date))
    .sort((a, b) => Math.abs(Date.parse(a) - Date.parse(eventDate)) - Math.abs(Date.parse(b) - Date.parse(eventDate)) || a.localeCompare(b));
  const nearDates = byDistance.slice(0, offered).sort();
  const near = nearDates.length ? `The nearest dates with the ${boothType}${needed.length ? " and your add-ons" : ""} free: ${nearDates.map(formatDateInWords).join("; ")}.` : "";
  const taken = day && day.booths[boothType] < 1 ? bookedOutMessage(eventDate, boothType, day.booths) : gone.length ? itemsGoneMessage(eventDate, gone) : "";
  return { free: !!day && fits(eventDate), gone, otherBooths, nearDates, nearest: byDistance[0] ?? null, sentence: [taken, near].filter(Boolean).join(" ") };
}
