/** The loader data and headers of the pages that show the availability calendar (/booking, /quickquote). */
import type { HeadersFunction } from "@remix-run/cloudflare";
import { itemsLeftOn, loadCalendar } from "~/bookings/holds/availability.server";
import { calendarQuery } from "~/bookings/holds/calendar";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

/** The calendar, and for a date chosen in it the add-ons and backdrops left that day (`itemsLeft`, null without a date), which the booking form greys out. */
export async function calendarPage(request: Request, services: Pick<Services, "kv" | "holds" | "now">) {
  const today = melbourneToday(services.now());
  const params = new URL(request.url).searchParams;
  const { date } = calendarQuery(params, today);
  const [calendar, itemsLeft] = await Promise.all([loadCalendar(services, params, today), date ? itemsLeftOn(services, date) : null]);
  return { today, calendar, itemsLeft };
}

/** Availability changes with every booking, so these pages are never cached. */
export const calendarPageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
