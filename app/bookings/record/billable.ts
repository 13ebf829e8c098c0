import type { Billable } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";

/** What `amountsDue` needs from a stored booking: every screen and payment reads the booking's figures through this. */
export function billableOf(booking: Pick<BookingRecord, "status" | "totalCents" | "issuedOn" | "eventDate" | "payments" | "movedOn" | "cancellation" | "refunds" | "paymentPlan">): Billable {
  return {
    totalCents: booking.totalCents,
    issuedOn: booking.issuedOn,
    eventDate: booking.eventDate,
    payments: booking.payments ?? [],
    refunds: booking.refunds ?? [],
    ...(booking.movedOn ? { rescheduledOn: booking.movedOn } : {}),
    ...(booking.paymentPlan ? { plan: booking.paymentPlan } : {}),
    ...(booking.cancellation ? { cancellationFeeCents: booking.cancellation.feeCents } : {}),
    // What the client owes follows the status (docs/product-decisions.md, "What a booking is billed, whatever happens to it").
    ...(booking.status === "declined" || booking.status === "expired" ? { billsNothing: true as const } : {}),
  };
}
