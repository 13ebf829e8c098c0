/** What the booking's "Change the date" and "Cancel the booking" pages show, for the holder of its key. */
import { invoicePath } from "~/bookings/record/addresses";
import { loadCalendar } from "~/bookings/holds/availability.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { cancellationOf, describeCancellation } from "~/bookings/record/cancellation";
import { moveWindow } from "~/bookings/changes/date-move";
import { extrasOf } from "~/bookings/changes/extras-change";
import { boothSlugs } from "~/bookings/holds/fleet";
import { cancellable } from "~/bookings/changes/changes.server";
import { stockNeeded } from "~/prices/extras";
import type { BoothType } from "~/pricing";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

function about(booking: BookingRecord, secret: string) {
  const { invoiceNumber, boothType, packageDuration } = booking;
  return { invoiceNumber, boothType, packageDuration, eventDate: formatDateInWords(booking.eventDate), pagePath: invoicePath(invoiceNumber, secret) };
}

export async function movePageView(services: Pick<Services, "kv" | "holds" | "now">, booking: BookingRecord, secret: string, query: URLSearchParams) {
  const today = melbourneToday(services.now());
  const window = moveWindow(booking, today);
  // The calendar shows this booking's booth only, and its add-ons: a move keeps them.
  const params = new URLSearchParams(query);
  params.set("booth", boothSlugs[booking.boothType as BoothType]);
  return {
    booking: about(booking, secret),
    window: window.open ? { ...window, fromWords: formatDateInWords(window.from), toWords: formatDateInWords(window.to) } : window,
    calendar: window.open ? await loadCalendar(services, params, today, stockNeeded(extrasOf(booking))) : null,
    keep: { key: secret },
  };
}

export function cancelPageView(services: Pick<Services, "now">, booking: BookingRecord, secret: string) {
  const now = services.now();
  const today = melbourneToday(now);
  const figures = cancellable(booking, today) ? cancellationOf(booking, today, "client", now) : null;
  return { booking: about(booking, secret), figures: figures && { ...figures, sentence: describeCancellation(figures) } };
}
