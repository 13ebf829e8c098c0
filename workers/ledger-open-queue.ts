/**
 * The ledger-opens queue's consumer (app/bookings/record/ledger-opens.server.ts): each new booking's
 * ledger opened with the booking as it was stored, acked once the ledger has it; one whose ledger
 * could not be reached is delivered again (an open it had taken changes nothing the second time).
 */
import type { OpenMessage } from "../app/bookings/record/ledger-opens.server";
import type { Services } from "../app/types/services";

export const ledgerOpensQueueName = "photobooth-ledger-opens";

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
