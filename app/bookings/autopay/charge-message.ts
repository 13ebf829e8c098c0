/**
 * The autopay queue's message: one instalment's try, as the schedule found it due at its scheduled
 * time. The consumer charges exactly this (it never re-decides dates or amounts from its own clock),
 * once its booking's ledger says the try may still be made.
 */
import type { AutopayTry } from "~/bookings/record/autopay";

export type ChargeMessage = { invoiceNumber: string } & Omit<AutopayTry, "enqueuedAt"> & {
  /**
   * The moment of the run that queued the try (the Cron's scheduled time, or the owner's press): a
   * failure is stamped with it, so its day is the run's however late the consumer gets to it.
   * Messages queued before it was carried lack it, and their failure takes the consumer's clock.
   */
  enqueuedAt?: string;
};

declare module "~/types/services" {
  interface Services {
    /** Where the schedule puts each instalment's try (app/bookings/autopay/enqueue.server.ts). */
    autopayQueue: Queue<ChargeMessage>;
  }
}
