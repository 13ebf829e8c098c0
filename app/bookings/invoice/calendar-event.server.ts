/**
 * The booking as an iCalendar event (RFC 5545, written by the `ics` package): all day on the
 * event date, so a time zone cannot move it. The UID is the invoice number, so importing the file
 * again updates the event instead of adding a second one.
 */
import { createEvent, type DateArray } from "ics";
import { business } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays } from "~/utils/melbourne-time";

function dateArray(isoDate: string): DateArray {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return [year, month, day];
}

export function calendarEvent(booking: BookingRecord, { invoiceUrl, siteOrigin }: { invoiceUrl: string; siteOrigin: string }): string {
  const { error, value } = createEvent({
    productId: `${business.name}//Bookings//EN`,
    uid: `${booking.invoiceNumber}@${new URL(siteOrigin).host}`,
    start: dateArray(booking.eventDate),
    end: dateArray(addDays(booking.eventDate, 1)),
    title: `${booking.boothType} photo booth, ${booking.packageDuration} (${business.name})`,
    location: booking.eventLocation,
    url: invoiceUrl,
    description: `Invoice ${booking.invoiceNumber}: ${invoiceUrl}\nQuestions: ${business.phone.display}, ${business.email}`,
    busyStatus: "BUSY",
    // A moved booking keeps its UID and counts up, so calendar apps move the event instead of adding one.
    sequence: booking.moves?.length ?? 0,
  });
  if (error || !value) throw error ?? new Error("The calendar event could not be written");
  return value;
}
