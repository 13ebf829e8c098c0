/**
 * A booking's price as invoice lines, whether it was made with them or before they were stored
 * (then its booth and travel), so every document and change reads old and new bookings alike.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import type { PriceLine } from "~/prices/booking-price";

export function priceLinesOf(booking: Pick<BookingRecord, "priceLines" | "price" | "travelFee" | "boothType" | "packageDuration">): PriceLine[] {
  if (booking.priceLines) return booking.priceLines;
  const lines: PriceLine[] = [{ kind: "booth", label: `${booking.boothType}, ${booking.packageDuration}`, cents: booking.price * 100 }];
  if (booking.travelFee > 0) lines.push({ kind: "travel", label: "Travel", cents: booking.travelFee * 100 });
  return lines;
}

