/**
 * The month calendar of availability on /booking and /quickquote: which month and booth type a
 * page address asks for (`?month=2026-12&booth=glam-booth&date=2026-12-19`), its links and the
 * shape of the month's weeks, Monday first (calendar-month.ts builds them). Pure, shared by the
 * loaders and the component.
 */
import { boothFromSlug, boothSlugs } from "~/bookings/holds/fleet";
import type { BoothType } from "~/pricing";
import { addDays } from "~/utils/melbourne-time";

/** `closed`: a day the page does not offer (outside a move's window), said why in `why`. */
export type DayState = "past" | "free" | "booked" | "closed";

export interface CalendarDay {
  date: string;
  day: number;
  state: DayState;
  /** Booth types free that day (all types when none is chosen), for the day's label. */
  free: BoothType[];
  /** The date's price rule in words ("weekday -10%") and as its mark ("-10%", null where nothing differs), or null; none on past days. */
  rule: { words: string; mark: string | null } | null;
  /** Stocked add-ons and backdrops none is left of ("Floral backdrop"), on free days. */
  gone: string[];
  /** Why a closed day cannot be chosen ("not open for a move"). */
  why?: string;
}

export interface CalendarQuery {
  /** `YYYY-MM` */
  month: string;
  booth: BoothType | null;
  /** A free day the visitor chose, to fill the form's event date. */
  date: string | null;
  /** The form's package duration, carried from month to month (the form keeps it only if it is one of its own). */
  hours?: string | null;
}

export interface CalendarMonth extends CalendarQuery {
  /** Weeks of seven cells, Monday first; null pads the first and last week. */
  weeks: (CalendarDay | null)[][];
  previous: string | null;
  /** The next month, or null when the page offers none after this one (a move's last month). */
  next: string | null;
}

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads the calendar's query, falling back for anything malformed or past to the month of the date
 * asked, else of `around` (today, or the date of the booking or quote the page is about).
 */
export function calendarQuery(params: URLSearchParams, today: string, around: string = today): CalendarQuery {
  const rawDate = params.get("date") ?? "";
  const date = datePattern.test(rawDate) && addDays(rawDate, 0) === rawDate && rawDate >= today ? rawDate : null;
  const rawMonth = params.get("month") ?? "";
  const month = monthPattern.test(rawMonth) && rawMonth >= today.slice(0, 7) ? rawMonth : (date ?? around).slice(0, 7);
  return { month, booth: boothFromSlug(params.get("booth")) ?? null, date, hours: params.get("hours")?.slice(0, 12) || null };
}

export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + by, 1)).toISOString().slice(0, 7);
}

/** The first and last dates of a `YYYY-MM` month. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}

/**
 * The calendar's address for a month, booth, date and hours (`?month=…&booth=…&date=…&hours=…`),
 * never anything the visitor typed about themselves; `keep` carries the page's own parameters (a
 * booking page's key).
 */
export function calendarSearch({ month, booth, date, hours }: CalendarQuery, keep: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...keep, month });
  if (booth) params.set("booth", boothSlugs[booth]);
  if (date) params.set("date", date);
  if (hours) params.set("hours", hours);
  return `?${params.toString()}`;
}

/** Whether any day of the month can still be chosen. */
export function hasFreeDay(month: Pick<CalendarMonth, "weeks">): boolean {
  return month.weeks.some((week) => week.some((day) => day?.state === "free"));
}
