import { dollarsToCents, type Billable } from "~/bookings/amounts";
import type { BookingRecord } from "~/bookings/bookings.server";

/**
 * What the booking costs and what was paid, for `amountsDue`. The travel work adds travel fees and
 * its own `billableOf`; this one (booth price only) gives way to it.
 */
export function billableOf(booking: BookingRecord): Billable {
  return { totalCents: dollarsToCents(booking.price), issuedOn: booking.issuedOn, eventDate: booking.eventDate, payments: booking.payments ?? [] };
}
