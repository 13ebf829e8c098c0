/**
 * Moving a booking's date, decided by its ledger object (`workers/booking-ledger.ts`) from its own
 * copy: whether the move is allowed, and the record once the new date's booth is held. Moving the
 * KV key, the invoice index and the old hold follow the change (the ledger's follow-ups).
 */
import { replanned } from "~/bookings/record/payment-plan";
import type { BookingRecord } from "~/bookings/record/booking";
import { refuseMoveTo } from "~/bookings/changes/date-move";
import type { MoveRequest } from "~/bookings/record/ledger-protocol";
import { melbourneToday } from "~/utils/melbourne-time";

/** Why the booking cannot move as asked, or null. */
export function moveRefusal(booking: BookingRecord, { to, at }: Pick<MoveRequest, "to" | "at">): string | null {
  return refuseMoveTo(booking, melbourneToday(new Date(at)), to);
}

/** The booking on its new date, under the hold taken there. */
export function movedRecord(before: BookingRecord, { to, at }: Pick<MoveRequest, "to" | "at">, holdId: string): BookingRecord {
  const movedOn = melbourneToday(new Date(at));
  // A monthly plan's instalments still to come follow the new balance due date (too near: due at once).
  return replanned({ ...before, eventDate: to, holdId, moves: [...(before.moves ?? []), { from: before.eventDate, to, at }], movedOn }, movedOn);
}
