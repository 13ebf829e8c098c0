/**
 * The booking as an iCalendar event (RFC 5545, written by the `ics` package), timed as the owner's
 * feed times it (calendar-parts.ts). It links the booking page without its key
 * (docs/product-decisions.md, "The client's booking page"): an event is shared with a partner or
 * the venue, and the key is the power to change the booking. The client opens the page from the
 * e-mailed link, or has it e-mailed again from the page.
 */
import { createEvent } from "ics";
import { business } from "~/business";
import { bookingPagePath } from "~/bookings/record/addresses";
import type { BookingRecord } from "~/bookings/record/booking";
import { eventSequence, eventTimes, eventUid, withCalendarText } from "~/bookings/invoice/calendar-parts";

export function calendarEvent(booking: BookingRecord, siteOrigin: string): string {
  const page = `${siteOrigin}${bookingPagePath(booking.invoiceNumber)}`;
  const { error, value } = createEvent(
    withCalendarText({
      productId: `${business.name}//Bookings//EN`,
      uid: eventUid(booking, siteOrigin),
      ...eventTimes(booking),
      title: `${booking.boothType} photo booth, ${booking.packageDuration} (${business.name})`,
      location: booking.eventLocation,
      url: page,
      description: `Booking ${booking.invoiceNumber}: ${page} (it opens from the link we e-mailed you)\nQuestions: ${business.phone.display}, ${business.email}`,
      busyStatus: "BUSY",
      // A changed booking keeps its UID and counts up, so calendar apps change the event instead of adding one.
      sequence: eventSequence(booking),
    }),
  );
  if (error || !value) throw error ?? new Error("The calendar event could not be written");
  return value;
}
