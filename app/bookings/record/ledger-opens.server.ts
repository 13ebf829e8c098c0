/**
 * A new booking handed to its ledger after the answer (issue 59): the request stores the record
 * and its number's index in KV, then puts the ledger's open on a queue, which is recorded before
 * the answer and delivered at least once; its consumer (workers/ledger-open-queue.ts) opens the
 * ledger, which indexes the booking, draws its PDF and queues its e-mails, and does nothing twice
 * for an open delivered again. Until then the booking's page and the owner's page of it read KV,
 * and any ledger operation takes the booking in from KV first (app/bookings/ledger/copy.server.ts).
 */
import type { BookingRecord } from "~/bookings/record/booking";
import type { Mail } from "~/mail/message";

/** The ledger's open: the booking as stored, and its first e-mails (their links carry the address's proof, which is stored nowhere else). */
export interface OpenMessage {
  booking: BookingRecord;
  mails: Record<string, Mail>;
}

declare module "~/types/services" {
  interface Services {
    /** Where a new booking waits for its ledger's open: call `openLedger`, not this. */
    ledgerOpens: Queue<OpenMessage>;
  }
}
