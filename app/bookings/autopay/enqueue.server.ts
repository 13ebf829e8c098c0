/**
 * The schedule's autopay pass: each booking to come with autopay on is asked, through its ledger's
 * own copy (the index may lag it), which tries fall due today (Melbourne, from the run's scheduled
 * time); they go on the queue as one message each, and the ledger then keeps them as queued, so a
 * second run the same day queues nothing. Should that record fail after the send, the next run
 * sends the try again and the consumer, asking the ledger before Stripe, charges it once.
 */
import type { ChargeMessage } from "~/bookings/autopay/charge-message";
import { retryDaysAfterFirstTry } from "~/bookings/payments/autopay-declines";
import { autopayOf } from "~/bookings/record/autopay";
import { dueTries, type DueTry } from "~/bookings/record/autopay-due";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

type EnqueueDeps = Pick<Services, "index" | "ledger" | "autopayQueue" | "now">;

/** Puts tries of one booking on the queue, one message each, then has its ledger keep them as queued (the Cron's and the owner's "Charge this instalment now"). */
export async function queueTries(services: Pick<Services, "ledger" | "autopayQueue">, invoiceNumber: string, due: readonly DueTry[], now: Date): Promise<void> {
  await services.autopayQueue.sendBatch(due.map((one) => ({ body: { invoiceNumber, ...one } satisfies ChargeMessage })));
  await services.ledger.recordQueuedTries(invoiceNumber, due.map((one) => ({ ...one, enqueuedAt: now.toISOString() })));
}

/** Queues the tries due today; returns "{invoice number} {instalment}.{try}" for each. */
export async function enqueueDueCharges(services: EnqueueDeps): Promise<string[]> {
  const now = services.now();
  const today = melbourneToday(now);
  // Instalments fall due before the event: bookings whose event is past have none left to charge.
  const withAutopay = (await services.index.find({ kind: "events", from: today })).filter(({ booking }) => autopayOf(booking));
  const queued: string[] = [];
  for (const { booking: indexed } of withAutopay) {
    const reading = await services.ledger.read(indexed.invoiceNumber);
    const due = reading ? dueTries(reading.booking, today, retryDaysAfterFirstTry) : [];
    if (!due.length) continue;
    const { invoiceNumber } = indexed;
    await queueTries(services, invoiceNumber, due, now);
    queued.push(...due.map((one) => `${invoiceNumber} ${one.instalment}.${one.tryNumber}`));
  }
  return queued;
}
