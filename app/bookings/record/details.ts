import type { BookingRecord } from "~/bookings/record/booking";
import { formatDateInWords } from "~/utils/date-words";

export type DetailRow = readonly [label: string, value: string];

type Detailed = Pick<BookingRecord, "fullName" | "email" | "phoneNumber" | "eventDate" | "eventLocation" | "boothType" | "packageDuration" | "service">;

/** Who booked, when, where and what: the rows every copy of a booking shows (its e-mails, the invoice page, the owner's page). */
export function bookingDetails(booking: Detailed): DetailRow[] {
  return [
    ["Name", booking.fullName],
    ["Email", booking.email],
    ["Phone", booking.phoneNumber],
    ["Event date", formatDateInWords(booking.eventDate)],
    ["Event location", booking.eventLocation],
    ["Booth", `${booking.boothType}, ${booking.packageDuration} (${booking.service})`],
  ];
}
