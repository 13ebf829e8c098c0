import { addressProved, waitsForAddress, withAddressProved } from "~/bookings/record/address-proof";
import type { BookingRecord } from "~/bookings/record/booking";
import type { StatusChangeRequest } from "~/bookings/record/ledger-protocol";
import { cancellationOf } from "~/bookings/record/cancellation";
import { heldByMoney, transition, type StatusChange, type Transition } from "~/bookings/record/lifecycle";
import { melbourneToday } from "~/utils/melbourne-time";

/**
 * A status change, decided by the booking's ledger object (`workers/booking-ledger.ts`) from its
 * own copy. A booking with a payment never expires: one may arrive between the schedule's look and
 * this change. A booking still waiting for its client's address (address-proof.ts) expires at the
 * end of its hold even once the terms are accepted, and the owner's Confirm keeps its date even then.
 * A confirmed booking lapses otherwise only while its date is held by money (`heldByMoney`): never
 * one the owner confirmed by hand, nor one made before dates were.
 */
export function statusChanged(booking: BookingRecord, { to, by, at }: StatusChangeRequest): Transition<BookingRecord> {
  if (to === "expired" && booking.payments?.length) return { kind: "refused", record: booking, reason: "A booking with a payment does not expire." };
  const when = new Date(at);
  const change: StatusChange = { status: to, at, by };
  if (to === "expired" && booking.status === "confirmed" && waitsForAddress(booking)) return { kind: "changed", from: booking.status, record: { ...booking, status: to, history: [...booking.history, change] } };
  if (to === "expired" && booking.status === "confirmed" && !heldByMoney(booking)) return { kind: "refused", record: booking, reason: "A booking the owner confirmed, or made before dates were held by money, keeps its date until its event." };
  // The owner's Confirm keeps the date for a client who phoned: of a request, and of a booking the client confirmed by the terms alone.
  if (to === "confirmed" && by === "owner" && !addressProved(booking)) {
    const kept = withAddressProved(booking, at, "owner");
    if (booking.status === "requested") return transition(kept, to, by, when);
    if (waitsForAddress(booking)) return { kind: "changed", from: booking.status, record: { ...kept, history: [...booking.history, change] } };
  }
  // And it holds, until its event, the date of a booking the client confirmed by the terms that is held by money alone.
  if (to === "confirmed" && by === "owner" && booking.status === "confirmed" && heldByMoney(booking)) return { kind: "changed", from: booking.status, record: { ...booking, history: [...booking.history, change] } };
  const result = transition(booking, to, by, when);
  // The owner cancelling owes the client everything they paid: the figures are kept with the change.
  if (result.kind === "changed" && to === "cancelled") result.record.cancellation = cancellationOf(booking, melbourneToday(when), "owner", when);
  return result;
}
