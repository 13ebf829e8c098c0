/**
 * The stored part of the client's changes on their booking page, made in the booking's ledger
 * object (`workers/booking-ledger.ts`) so that no payment, status or e-mail update is written over
 * them. Accepting the terms is the client's confirmation: a requested booking becomes confirmed in
 * the same write, and accepting again changes nothing. Cancelling stores the figures the client
 * was shown with the new status.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import type { ClientChange, ClientChangeOutcome } from "~/bookings/record/ledger-protocol";
import { holdsBooth, transition } from "~/bookings/record/lifecycle";
import { findBooking, storeBooking } from "~/bookings/record/record.server";

function changed(booking: BookingRecord, change: ClientChange): BookingRecord {
  switch (change.kind) {
    case "details":
      return { ...booking, eventDetails: change.details };
    case "cancel":
      return transition({ ...booking, cancellation: change.cancellation }, "cancelled", "client", new Date(change.cancellation.at)).record;
    case "accept": {
      const accepted = { ...booking, acceptance: change.acceptance };
      return booking.status === "requested" ? transition(accepted, "confirmed", "client", new Date(change.acceptance.at)).record : accepted;
    }
  }
}

export async function applyClientChange(kv: KVNamespace, invoiceNumber: string, change: ClientChange): Promise<ClientChangeOutcome | null> {
  const found = await findBooking(kv, invoiceNumber);
  if (!found) return null;
  const before = found.booking;
  if (change.kind === "accept" && before.acceptance) return { kind: "already", record: before };
  if (!holdsBooth(before.status)) return { kind: "refused", record: before, reason: `This booking is ${before.status}, so it can no longer be changed online.` };
  const record = changed(before, change);
  await storeBooking(kv, record, found.notes);
  return { kind: "changed", record, before };
}
