/**
 * The schedule's autopay pass: each booking to come with autopay on whose copy in the index has
 * tries due today (Melbourne, from the run's scheduled time) is asked again through its ledger's
 * own copy (the index may lag it); the tries go on the queue as one message each, sent in batches,
 * and each ledger then keeps them as queued, so a second run the same day queues nothing. Should
 * that record fail after the send, the next run sends the try again and the consumer, asking the
 * ledger before Stripe, charges it once.
 */
import type { ChargeMessage } from "~/bookings/autopay/charge-message";
import { retryDaysAfterFirstTry } from "~/bookings/payments/autopay-declines";
import { autopayOf } from "~/bookings/record/autopay";
import { dueTries, type DueTry } from "~/bookings/record/autopay-due";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

type EnqueueDeps = Pick<Services, "index" | "ledger" | "autopayQueue" | "now">;

/** The most messages one `sendBatch` takes (Cloudflare Queues). */
const sendBatchSize = 100;

/**
 * The bookings one run queues tries for, at most: each costs two calls to its ledger, and a Worker's
 * invocation may make 1,000 (docs/platform-notes.md) with the morning's other passes beside it (the
 * reminders make one a booking reminded). The rest are queued by the next run (the Cron fires twice
 * each morning, wrangler.toml), as a try is due on the first run after its date.
 */
export const bookingsQueuedPerRun = 150;

export interface BookingTries {
  invoiceNumber: string;
  tries: readonly DueTry[];
}

/** Puts the tries on the queue, one message each, in batches, then has each ledger keep its own as queued (the Cron's pass and the owner's "Charge this instalment now"). */
export async function queueTries(services: Pick<Services, "ledger" | "autopayQueue">, due: readonly BookingTries[], now: Date): Promise<void> {
  const enqueuedAt = now.toISOString();
  const messages = due.flatMap(({ invoiceNumber, tries }) => tries.map((one) => ({ body: { invoiceNumber, ...one, enqueuedAt } satisfies ChargeMessage })));
  for (let start = 0; start < messages.length; start += sendBatchSize) await services.autopayQueue.sendBatch(messages.slice(start, start + sendBatchSize));
  for (const { invoiceNumber, tries } of due) await services.ledger.recordQueuedTries(invoiceNumber, tries.map((one) => ({ ...one, enqueuedAt })));
}

/** Queues the tries due today; returns "{invoice number} {instalment}.{try}" for each. */
export async function enqueueDueCharges(services: EnqueueDeps): Promise<string[]> {
  const now = services.now();
  const today = melbourneToday(now);
  // Instalments fall due before the event: bookings whose event is past have none left to charge.
  const candidates = (await services.index.find({ kind: "events", from: today })).filter(({ booking }) => autopayOf(booking) && dueTries(booking, today, retryDaysAfterFirstTry).length);
  const due: BookingTries[] = [];
  for (const { booking: indexed } of candidates.slice(0, bookingsQueuedPerRun)) {
    const reading = await services.ledger.read(indexed.invoiceNumber);
    const tries = reading ? dueTries(reading.booking, today, retryDaysAfterFirstTry) : [];
    if (tries.length) due.push({ invoiceNumber: indexed.invoiceNumber, tries });
  }
  await queueTries(services, due, now);
  return due.flatMap(({ invoiceNumber, tries }) => tries.map((one) => `${invoiceNumber} ${one.instalment}.${one.tryNumber}`));
}
