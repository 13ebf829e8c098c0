/**
 * The ledger object's own copy of its booking: the one every decision is made from
 * (docs/product-decisions.md, "What the books must always say"). KV holds what pages and the owner
 * read, written from this copy. A booking stored before its ledger kept a copy is read from KV once.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { findBooking } from "~/bookings/record/record.server";
import { bookingKey } from "~/storage-keys";

export interface LedgerCopy {
  booking: BookingRecord;
  /** The listing notes the owner sees after the summary (" · PDF NOT WRITTEN", " · E-MAIL FAILED"). */
  notes: string;
}

export const copyKey = "copy";

/** A date move that an earlier version of the ledger wrote down and had not finished. */
interface EarlierPendingMove {
  from: { eventDate: string; holdId: string };
  record: BookingRecord;
  notes: string;
}

/** The copy, and where it came from when the object had none yet: KV, or a move the earlier ledger left to finish (its steps become follow-ups). */
export type Seeded = { copy: LedgerCopy; fromKv?: true; unfinishedMove?: { oldKey: string; oldHold: { eventDate: string; holdId: string } } };

/** The object's copy; without one, seeded from what an earlier ledger left or from KV (when the invoice number is known). */
export async function loadCopy(storage: DurableObjectStorage, kv: KVNamespace, invoiceNumber?: string): Promise<Seeded | null> {
  const stored = await storage.get<LedgerCopy>(copyKey);
  if (stored) return { copy: stored };
  const pending = await storage.get<EarlierPendingMove>("pending-move");
  if (pending) {
    await storage.delete("pending-move");
    return {
      copy: { booking: pending.record, notes: pending.notes },
      unfinishedMove: { oldKey: bookingKey(pending.from.eventDate, pending.record.invoiceNumber), oldHold: pending.from },
    };
  }
  const found = invoiceNumber ? await findBooking(kv, invoiceNumber) : null;
  return found && { copy: { booking: withoutStoredState(found.booking), notes: found.notes }, fromKv: true };
}

/**
 * KV's record less the payment state storing it worked out: the copy keeps what was decided, and
 * the state is worked out again from it at each store. Kept, it would stand still on the copy while
 * the payments moved (a client who opened their page before the ledger's open came).
 */
function withoutStoredState({ paymentState: _workedOut, ...booking }: BookingRecord): BookingRecord {
  return booking;
}
