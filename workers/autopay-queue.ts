/**
 * The autopay queue's consumer (app/bookings/autopay/charge.server.ts): each try in turn, acked once
 * its answer is kept; a try whose answer was lost, or whose ledger could not be reached, is
 * delivered again and looked up at Stripe before any new charge.
 */
import type { ChargeMessage } from "../app/bookings/autopay/charge-message";
import { chargeTry } from "../app/bookings/autopay/charge.server";
import { stripeClient } from "../app/bookings/payments/stripe.server";
import type { Services } from "../app/types/services";

export const autopayQueueName = "photobooth-autopay";

export async function handleAutopayQueue(batch: MessageBatch<ChargeMessage>, services: Services): Promise<void> {
  const stripe = stripeClient(services.config);
  for (const message of batch.messages) {
    try {
      if (!stripe) throw new Error("Stripe is not configured");
      const { said, retry } = await chargeTry(services, stripe, message.body);
      console.log(`Autopay: ${said}`);
      if (retry) message.retry();
      else message.ack();
    } catch (error) {
      console.error(`Autopay: ${message.body.invoiceNumber} instalment ${message.body.instalment} try ${message.body.tryNumber} could not be handled:`, error);
      message.retry();
    }
  }
}
