/**
 * The ledger-opens queue's consumer (app/bookings/record/ledger-opens.server.ts): each new booking's
 * ledger opened with the booking as it was stored, acked once the ledger has it; one whose ledger
 * could not be reached is delivered again (an open it had taken changes nothing the second time).
 * After the last try the message moves to the dead-letter queue, whose consumer tries once more and
 * then makes the booking without its ledger and tells the owner (app/bookings/ledger-not-opened.server.ts):
 * without it Cloudflare would drop the message, and with it the booking's index entry, PDF and e-mails.
 */
import { openFromDeadLetter } from "../app/bookings/ledger-not-opened.server";
import type { OpenMessage } from "../app/bookings/record/ledger-opens.server";
import type { Services } from "../app/types/services";

/** Queue names, as in wrangler.toml. */
export const ledgerOpensQueueName = "photobooth-ledger-opens";
export const ledgerOpensDeadLetterQueueName = "photobooth-ledger-opens-failed";

export async function handleLedgerOpens(batch: MessageBatch<OpenMessage>, services: Pick<Services, "ledger" | "config">): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      const { booking, mails } = message.body;
      try {
        await services.ledger.open(booking, mails);
        message.ack();
      } catch (error) {
        console.error(`The ledger of ${booking.invoiceNumber} could not take the new booking (try ${message.attempts}), to be tried again:`, error);
        message.retry({ delaySeconds: Math.ceil(services.config.LEDGER_RETRY_SECONDS) });
      }
    }),
  );
}

export async function handleLedgerOpenDeadLetters(batch: MessageBatch<OpenMessage>, services: Services): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        console.log(`The ledger opens' dead letter of ${message.body.booking.invoiceNumber}: ${await openFromDeadLetter(services, message.body)}`);
        message.ack();
      } catch (error) {
        console.error(`The ledger opens' dead letter of ${message.body.booking.invoiceNumber} could not be handled, to be tried again:`, error);
        message.retry({ delaySeconds: Math.ceil(services.config.LEDGER_RETRY_SECONDS) });
      }
    }),
  );
}
