/** The loader data and headers of the pages whose form starts with the availability calendar (/booking, /quickquote). */
import type { HeadersFunction } from "@remix-run/cloudflare";
import { availabilityOn, loadCalendar } from "~/bookings/holds/availability.server";
import { calendarQuery, type CalendarMonth } from "~/bookings/holds/calendar";
import type { BoothCounts } from "~/bookings/holds/fleet";
import type { ItemCounts } from "~/bookings/holds/stock";
import { lastBookableDate } from "~/input/field-shapes";
import { dateRulesBetween } from "~/prices/date-rules";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

export interface CalendarPage {
  today: string;
  /** The month asked for; null when availability could not be read (the form still posts, and the server decides). */
  calendar: CalendarMonth | null;
  /** The query the calendar was asked for, kept when it could not be read. */
  query: ReturnType<typeof calendarQuery>;
  /** For a date chosen: the booths free of each type that day, which the form's booth choice marks. */
  boothsFree: BoothCounts | null;
  /** For a date chosen: the add-ons and backdrops left that day, which the booking form greys out. */
  itemsLeft: ItemCounts | null;
  /** The price rules of the bookable dates, so the form prices any date it is given. */
  dateRules: ReturnType<typeof dateRulesBetween>;
}

/**
 * The calendar, and for a date chosen the booths and items free that day, from a page's address
 * (`?month=&booth=&date=&hours=`) or from a form posted to be priced (app/actions/price-form.server.ts).
 */
export async function calendarPage(params: URLSearchParams, services: Pick<Services, "kv" | "holds" | "now">): Promise<CalendarPage> {
  const today = melbourneToday(services.now());
  const query = calendarQuery(params, today);
  const dateRules = dateRulesBetween(today, lastBookableDate(today));
  try {
    const [calendar, day] = await Promise.all([loadCalendar(services, query, today), query.date ? availabilityOn(services, query.date) : null]);
    return { today, calendar, query, boothsFree: day?.booths ?? null, itemsLeft: day?.items ?? null, dateRules };
  } catch (error) {
    // The holds or KV did not answer: the form says so and still posts, and the booking is checked as it is made.
    console.error("availability could not be read for the form's calendar", error);
    return { today, calendar: null, query, boothsFree: null, itemsLeft: null, dateRules };
  }
}

/** Availability changes with every booking, so these pages are never cached. */
export const calendarPageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
