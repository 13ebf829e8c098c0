import type { BookingRecord } from "~/bookings/record/booking";
import type { StatusChangeRequest } from "~/bookings/record/ledger-protocol";
import { cancellationOf } from "~/bookings/record/cancellation";
import { transition, type Transition } from "~/bookings/record/lifecycle";
import { melbourneToday } from "~/utils/melbourne-time";
import { findBooking, storeBooking } from "~/bookings/record/record.server";

/**
 * The stored part of a status change, made in the booking's ledger object
 * (`workers/booking-ledger.ts`) so that no payment or e-mail update is written over it. A booking
 * with a payment never expires: one may arrive between the schedule's look and this change.
 */
export async function applyStatusChange(kv: KVNamespace, { invoiceNumber, to, by, at }: StatusChangeRequest): Promise<Transition<BookingRecord> | null> {
  const found = await findBooking(kv, invoiceNumber);
  if (!found) return null;
  if (to === "expired" && found.booking.payments?.length) return { kind: "refused", record: found.booking, reason: "A booking with a payment does not expire." };
  const when = new Date(at);
  const result = transition(found.booking, to, by, when);
  // The owner cancelling owes the client everything they paid: the figures are kept with the change.
  if (result.kind === "changed" && to === "cancelled") result.record.cancellation = cancellationOf(found.booking, melbourneToday(when), "owner", when);
  if (result.kind === "changed") await storeBooking(kv, result.record, found.notes);
  return result;
}
