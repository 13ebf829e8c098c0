/** The loader data and headers of the pages that show the availability calendar (/booking, /quickquote). */
import type { AppLoadContext, HeadersFunction } from "@remix-run/cloudflare";
import { loadCalendar } from "~/bookings/availability.server";
import { servicesFrom } from "~/services.server";
import { melbourneToday } from "~/utils/melbourne-time";

export async function calendarPage(request: Request, context: AppLoadContext) {
  const services = servicesFrom(context);
  const today = melbourneToday(services.now());
  return { today, calendar: await loadCalendar(services, new URL(request.url).searchParams, today) };
}

/** Availability changes with every booking, so these pages are never cached. */
export const calendarPageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
