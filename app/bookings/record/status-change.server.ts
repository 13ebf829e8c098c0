import type { BookingRecord } from "~/bookings/record/booking";
import type { StatusChangeRequest } from "~/bookings/record/ledger-protocol";
import { cancellationOf } from "~/bookings/record/cancellation";
import { transition, type Transition } from "~/bookings/record/lifecycle";
import { melbourneToday } from "~/utils/melbourne-time";

/**
 * A status change, decided by the booking's ledger object (`workers/booking-ledger.ts`) from its
 * own copy. A booking with a payment never expires: one may arrive between the schedule's look and
 * this change.
 */
export function statusChanged(booking: BookingRecord, { to, by, at }: StatusChangeRequest): Transition<BookingRecord> {
  if (to === "expired" && booking.payments?.length) return { kind: "refused", record: booking, reason: "A booking with a payment does not expire." };
  const when = new Date(at);
  const result = transition(booking, to, by, when);
  // The owner cancelling owes the client everything they paid: the figures are kept with the change.
  if (result.kind === "changed" && to === "cancelled") result.record.cancellation = cancellationOf(booking, melbourneToday(when), "owner", when);
  return result;
}
