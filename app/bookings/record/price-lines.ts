/**
 * A booking's price lines, whenever it was made: a booking stores the lines it was priced with
 * (booth, extras, the date's rule, a code, travel); one made before add-ons were sold has none
 * stored, and its lines are its booth and travel. Every document reads lines through here.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { dollarsToCents } from "~/bookings/record/amounts";
import { travelLines, type PriceLine } from "~/prices/price-sheet";

export type Priced = Pick<BookingRecord, "priceLines" | "boothType" | "packageDuration" | "price" | "travelFee">;

export function priceLinesOf(booking: Priced): PriceLine[] {
  return booking.priceLines ?? [{ kind: "booth", label: `${booking.boothType}, ${booking.packageDuration}`, cents: dollarsToCents(booking.price) }, ...travelLines(booking.travelFee)];
}
