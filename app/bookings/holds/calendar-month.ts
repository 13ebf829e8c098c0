/**
 * A month's weeks for the availability calendar, from each day's availability and price rule.
 * Apart from calendar.ts, which the calendar component imports, so the holiday table stays on the
 * server.
 */
import { monthRange, shiftMonth, type CalendarDay, type CalendarMonth, type CalendarQuery, type DayState } from "~/bookings/holds/calendar";
import { freeTypes } from "~/bookings/holds/fleet";
import { goneItems, type DayAvailability } from "~/bookings/holds/stock";
import { dateRule, percentText, ruleShortLabel } from "~/prices/date-rules";
import { stockedItems, stockItemName, type StockItem } from "~/prices/extras";
import { addDays } from "~/utils/melbourne-time";

/** `needs`: stocked items the calendar is for (a booking being moved keeps its own), so a day where one is gone is booked out. */
export function calendarMonth(query: CalendarQuery, free: Record<string, DayAvailability>, today: string, needs: readonly StockItem[] = []): CalendarMonth {
  const { from, to } = monthRange(query.month);
  const [year, month] = query.month.split("-").map(Number) as [number, number];
  const cells: (CalendarDay | null)[] = Array.from({ length: (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7 }, () => null);
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const counts = free[date];
    const types = counts ? freeTypes(counts.booths).filter((type) => !query.booth || type === query.booth) : [];
    const short = counts ? goneItems(needs, counts.items) : [];
    const state: DayState = date < today ? "past" : types.length && !short.length ? "free" : "booked";
    // Listed where a booth is free, so a day booked out only by an item says which.
    const gone = state !== "past" && types.length && counts ? goneItems(stockedItems, counts.items).map(stockItemName) : [];
    const rule = state === "past" ? null : dateRule(date);
    cells.push({ date, day: Number(date.slice(8)), state, free: state === "past" ? [] : types, rule: rule && { words: ruleShortLabel(rule), mark: percentText(rule.percent) }, gone });
  }
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
  return { ...query, weeks, previous: query.month > today.slice(0, 7) ? shiftMonth(query.month, -1) : null, next: shiftMonth(query.month, 1) };
}

