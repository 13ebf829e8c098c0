/**
 * `intent=price` on the booking and quote forms (docs/product-decisions.md, "Booking on a phone"):
 * a calendar day pressed without JavaScript, or "Show my price". The form comes back with
 * everything typed kept, the day's date filled in, that day's calendar, booths and add-ons, and
 * travel to the venue typed, so the price shown is the invoice's. Nothing is stored, sent or
 * counted against the visitor's limit.
 */
import { calendarPage, type CalendarPage } from "~/bookings/holds/calendar-page.server";
import { boothSlugs } from "~/bookings/holds/fleet";
import { priceIntent, type FormValues } from "~/input/fields";
import { boothTypes } from "~/pricing";
import type { Travel } from "~/travel/fees";
import { travelTo } from "~/travel/travel.server";
import type { Services } from "~/types/services";

export interface PricedForm {
  intent: typeof priceIntent;
  /** What was typed, with the day pressed as the event date. */
  values: FormValues;
  page: CalendarPage;
  /** Travel to the venue typed: undefined when none was typed, null when no locality was found in it. */
  travel: Travel | null | undefined;
}

/**
 * `boothField` names the form's booth choice (`boothType` on the booking form, `service` on the
 * quote's). A day's button posts to the page's address with `?date=` (app/components/availability).
 */
export async function priceForm(request: Request, services: Services, typed: FormValues, boothField: "boothType" | "service"): Promise<PricedForm> {
  const pressed = new URL(request.url).searchParams.get("date");
  const values = pressed ? { ...typed, eventDate: pressed } : typed;
  const params = new URLSearchParams({ date: values.eventDate ?? "", hours: values.packageDuration ?? "" });
  const booth = boothTypes.find((type) => type === values[boothField]);
  if (booth) params.set("booth", boothSlugs[booth]);
  const place = values.eventLocation?.trim();
  return { intent: priceIntent, values, page: await calendarPage(params, services), travel: place ? travelTo(place) : undefined };
}
