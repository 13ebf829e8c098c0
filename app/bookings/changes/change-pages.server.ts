/** What the booking's "Change the date" and "Cancel the booking" pages show, for the holder of its key. */
import { invoicePath } from "~/bookings/record/addresses";
import { loadCalendar } from "~/bookings/holds/availability.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { cancellationOf, describeCancellation } from "~/bookings/record/cancellation";
import { moveWindow } from "~/bookings/changes/date-move";
import { moveCalendar, movedSchedules, moveQuery } from "~/bookings/changes/move-calendar.server";
import { extrasOf } from "~/bookings/changes/extras-change";
import { cancellable } from "~/bookings/changes/changes.server";
import { stockNeeded } from "~/prices/extras";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

function about(booking: BookingRecord, secret: string) {
  const { invoiceNumber, boothType, packageDuration } = booking;
  return { invoiceNumber, boothType, packageDuration, eventDate: formatDateInWords(booking.eventDate), pagePath: invoicePath(invoiceNumber, secret) };
}

/**
 * The move page: the window it is open for, and the month of the booking's booth with the dates it
 * can move to and what each does to the price (`move-calendar.server.ts`), and for each the deposit
 * and balance with the dates they would fall due; the booking's add-ons go with it, so a day where
 * one is gone is booked out.
 */
export async function movePageView(services: Pick<Services, "kv" | "holds" | "now">, booking: BookingRecord, secret: string, query: URLSearchParams) {
  const now = services.now();
  const today = melbourneToday(now);
  const window = moveWindow(booking, today);
  const keep = { key: secret };
  if (!window.open) return { booking: about(booking, secret), window, calendar: null, schedules: {}, keep };
  const month = await loadCalendar(services, moveQuery(query, booking, window, today), today, stockNeeded(extrasOf(booking)));
  const calendar = moveCalendar(month, booking, window, now);
  return {
    booking: about(booking, secret),
    window: { ...window, fromWords: formatDateInWords(window.from), toWords: formatDateInWords(window.to) },
    calendar,
    schedules: movedSchedules(calendar, booking, now),
    keep,
  };
}

export function cancelPageView(services: Pick<Services, "now">, booking: BookingRecord, secret: string) {
  const now = services.now();
  const today = melbourneToday(now);
  const figures = cancellable(booking, today) ? cancellationOf(booking, today, "client", now) : null;
  return { booking: about(booking, secret), figures: figures && { ...figures, sentence: describeCancellation(figures) } };
}
