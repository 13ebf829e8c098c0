import type { BookingRecord } from "~/bookings/record/booking";
import { addressProved } from "~/bookings/record/address-proof";

/**
 * How a letter to the client opens: by the name on the booking once its address is proved, and
 * plainly before that, as the name was typed by whoever made the booking and nobody has shown the
 * mailbox is theirs (docs/product-decisions.md, "Links and what each may do").
 */
export function clientGreeting(booking: Pick<BookingRecord, "fullName" | "addressProof">): string {
  return addressProved(booking) ? `Hi ${booking.fullName},` : "Hello,";
}
