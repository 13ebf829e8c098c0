/** The loader data and headers of the pages that show the availability calendar (/booking, /quickquote). */
import type { HeadersFunction } from "@remix-run/cloudflare";
import { loadCalendar } from "~/bookings/holds/availability.server";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

export async function calendarPage(request: Request, services: Pick<Services, "kv" | "holds" | "now">) {
  const today = melbourneToday(services.now());
  return { today, calendar: await loadCalendar(services, new URL(request.url).searchParams, today) };
}

/** Availability changes with every booking, so these pages are never cached. */
export const calendarPageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
