/**
 * Free booths per date and booth type, and stocked add-ons and backdrops left, from the holds
 * (Durable Object) and the owner's blocks (KV). Counts only: nothing personal leaves here.
 */
import { blocksBetween, blocksOn } from "~/bookings/holds/blocks.server";
import { freeTypes, noBlocks } from "~/bookings/holds/fleet";
import type { BookingHolds } from "~/bookings/holds/holds.server";
import { dayAvailability, type DayAvailability, type ItemCounts } from "~/bookings/holds/stock";
import { monthRange, type CalendarMonth, type CalendarQuery } from "~/bookings/holds/calendar";
import { calendarMonth } from "~/bookings/holds/calendar-month";
import { availabilityRangeSchema, dateCheckSchema } from "~/input/public-forms";
import type { StockItem } from "~/prices/extras";
import type { BoothType } from "~/pricing";
import { addDays } from "~/utils/melbourne-time";

export interface AvailabilityDeps {
  kv: KVNamespace;
  holds: BookingHolds;
}

/** Free booths and items left on every date from `from` to `to` (inclusive; none when `to` is before `from`). */
export async function availabilityBetween({ kv, holds }: AvailabilityDeps, from: string, to: string): Promise<Record<string, DayAvailability>> {
  if (to < from) return {};
  const [held, blocks] = await Promise.all([holds.held(from, to), blocksBetween(kv, from, to)]);
  const dates: Record<string, DayAvailability> = {};
  for (let date = from; date <= to; date = addDays(date, 1)) {
    dates[date] = dayAvailability(held[date] ?? {}, blocks[date] ?? noBlocks);
  }
  return dates;
}

export async function availabilityOn(deps: AvailabilityDeps, date: string): Promise<DayAvailability> {
  const [held, blocks] = await Promise.all([deps.holds.held(date, date), blocksOn(deps.kv, date)]);
  return dayAvailability(held[date] ?? {}, blocks);
}

/** How many of each stocked add-on and backdrop are left on `date` (`YYYY-MM-DD`): what the booking form greys out. */
export async function itemsLeftOn(deps: AvailabilityDeps, date: string): Promise<ItemCounts> {
  return (await availabilityOn(deps, date)).items;
}

/** The range a query asks for (`from`, `to`), or the reason it cannot be answered. */
export function availabilityRange(query: URLSearchParams, today: string): { ok: true; from: string; to: string } | { ok: false; error: string } {
  const parsed = availabilityRangeSchema(today).safeParse({ from: query.get("from") ?? undefined, to: query.get("to") ?? undefined });
  return parsed.success ? { ok: true, ...parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? "Bad range." };
}

/** The calendar a page's query asks for (`calendarQuery`), with each day's availability; `needs` as for `calendarMonth`. */
export async function loadCalendar(deps: AvailabilityDeps, query: CalendarQuery, today: string, needs: readonly StockItem[] = []): Promise<CalendarMonth> {
  const { from, to } = monthRange(query.month);
  return calendarMonth(query, await availabilityBetween(deps, from < today ? today : from, to), today, needs);
}

export type DateCheck = { date: string; free: BoothType[] } | { error: string };

/** The home page's "Check your date": the booth types free on the asked date, or why it cannot be checked. */
export async function checkDate(deps: AvailabilityDeps, asked: string, today: string): Promise<DateCheck> {
  const parsed = dateCheckSchema(today).safeParse({ date: asked });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Please choose a date." };
  return { date: parsed.data.date, free: freeTypes((await availabilityOn(deps, parsed.data.date)).booths) };
}
