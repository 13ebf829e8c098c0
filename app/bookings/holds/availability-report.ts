/**
 * The body of `GET /api/availability`: for each date, the free booths of each type (`dates`, as
 * before add-ons were held), the stocked add-ons and backdrops left (`stock`) and the date's price
 * rule (`rules`, "public holiday +20%", or null when the table's price applies).
 */
import type { BoothCounts } from "~/bookings/holds/fleet";
import type { DayAvailability, ItemCounts } from "~/bookings/holds/stock";
import { dateRule, ruleShortLabel } from "~/prices/date-rules";
import { stockedItems, type StockItem } from "~/prices/extras";
import { boothTypes, type BoothType } from "~/pricing";

export interface AvailabilityReport {
  from: string;
  to: string;
  booths: readonly BoothType[];
  items: readonly StockItem[];
  dates: Record<string, BoothCounts>;
  stock: Record<string, ItemCounts>;
  rules: Record<string, string | null>;
}

/** The date's price rule in the calendar's words, or null. */
function ruleOn(date: string): string | null {
  const rule = dateRule(date);
  return rule ? ruleShortLabel(rule) : null;
}

export function availabilityReport(from: string, to: string, days: Record<string, DayAvailability>): AvailabilityReport {
  const dates = Object.keys(days);
  return {
    from,
    to,
    booths: boothTypes,
    items: stockedItems,
    dates: Object.fromEntries(dates.map((date) => [date, days[date]!.booths])),
    stock: Object.fromEntries(dates.map((date) => [date, days[date]!.items])),
    rules: Object.fromEntries(dates.map((date) => [date, ruleOn(date)])),
  };
}
