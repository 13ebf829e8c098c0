/**
 * The autopay queue's consumer (app/bookings/autopay/charge.server.ts): each try in turn, acked once
 * its answer is kept; a try whose answer was lost, or whose ledger could not be reached, is
 * delivered again and looked up at Stripe before any new charge. After the last delivery the
 * message moves to the dead-letter queue, whose consumer looks the try up the same way and, Stripe
 * having made nothing, records it as failed (`failTry`): without it Cloudflare would drop the
 * message, leaving the instalment neither charged nor owed, and nobody told.
 */
import type { ChargeMessage } from "../app/bookings/autopay/charge-message";
import { chargeTry, failTry } from "../app/bookings/autopay/charge.server";
import { stripeClient } from "../app/bookings/payments/stripe.server";
import type { Services } from "../app/types/services";

/** Queue names, as in wrangler.toml. */
export const autopayQueueName = "photobooth-autopay";
export const autopayDeadLetterQueueName = "photobooth-autopay-failed";

type Settle = typeof chargeTry;

/** Each message's try settled in turn; one that cannot be (Stripe or the ledger out of reach) is delivered again. */
async function settleEach(batch: MessageBatch<ChargeMessage>, services: Services, settle: Settle, name: string): Promise<void> {
  const stripe = stripeClient(services.config);
  for (const message of batch.messages) {
    try {
      if (!stripe) throw new Error("Stripe is not configured");
      const { said, retry } = await settle(services, stripe, message.body);
      console.log(`${name}: ${said}`);
      if (retry) message.retry();
      else message.ack();
    } catch (error) {
      console.error(`${name}: ${message.body.invoiceNumber} instalment ${message.body.instalment} try ${message.body.tryNumber} could not be handled:`, error);
      message.retry();
    }
  }
}

export const handleAutopayQueue = (batch: MessageBatch<ChargeMessage>, services: Services) => settleEach(batch, services, chargeTry, "Autopay");

export const handleAutopayDeadLetters = (batch: MessageBatch<ChargeMessage>, services: Services) => settleEach(batch, services, failTry, "Autopay dead letter");
