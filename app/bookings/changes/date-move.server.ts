/**
 * The stored part of moving a booking's date, made in its ledger object (`workers/booking-ledger.ts`).
 * KV cannot rename a key in one step, so the move is written down in the object's own storage
 * first and then made step by step: the record under its new date's key, the invoice index, the
 * old key deleted, the old date's hold released. Each step can be made again with the same result,
 * so a move cut short (the Worker stopped half-way) is finished by the object's alarm or by the
 * next operation on the booking, whichever comes first; never undone and never made twice.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { refuseMoveTo } from "~/bookings/changes/date-move";
import type { BookingHolds, ReleaseRequest } from "~/bookings/holds/holds.server";
import { pointInvoiceIndex } from "~/bookings/record/invoice-registry.server";
import type { MoveOutcome, MoveRequest } from "~/bookings/record/ledger-protocol";
import { findBooking, storeBooking } from "~/bookings/record/record.server";
import { bookingKey } from "~/storage-keys";
import { melbourneToday } from "~/utils/melbourne-time";

interface PendingMove {
  from: ReleaseRequest;
  record: BookingRecord;
  notes: string;
}

const pendingKey = "pending-move";

/** A move cut short is finished this long after it began, if nothing else finished it first. */
const finishAfterMs = 30_000;

export async function finishPendingMove(storage: DurableObjectStorage, kv: KVNamespace, holds: Pick<BookingHolds, "release">): Promise<void> {
  const pending = await storage.get<PendingMove>(pendingKey);
  if (!pending) return;
  // The new key first: at no moment does a listing lack the booking.
  await storeBooking(kv, pending.record, pending.notes);
  await pointInvoiceIndex(kv, pending.record.invoiceNumber, pending.record.eventDate);
  await kv.delete(bookingKey(pending.from.eventDate, pending.record.invoiceNumber));
  await holds.release(pending.from);
  await storage.delete(pendingKey);
}

export async function applyMove(storage: DurableObjectStorage, kv: KVNamespace, holds: Pick<BookingHolds, "release">, request: MoveRequest): Promise<MoveOutcome | null> {
  const found = await findBooking(kv, request.invoiceNumber);
  if (!found) return null;
  const before = found.booking;
  const at = new Date(request.at);
  const reason = refuseMoveTo(before, melbourneToday(at), request.to);
  if (reason) return { kind: "refused", record: before, reason };
  const record: BookingRecord = {
    ...before,
    eventDate: request.to,
    holdId: request.holdId,
    moves: [...(before.moves ?? []), { from: before.eventDate, to: request.to, at: request.at }],
    movedOn: melbourneToday(at),
  };
  const pending: PendingMove = { from: { eventDate: before.eventDate, holdId: before.holdId }, record, notes: found.notes };
  await storage.put(pendingKey, pending);
  await storage.setAlarm(Date.now() + finishAfterMs);
  await finishPendingMove(storage, kv, holds);
  return { kind: "moved", record, before };
}
