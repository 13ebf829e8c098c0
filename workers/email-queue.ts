/**
 * The queue consumer: the e-mail queue's messages are sent (and retried with growing waits),
 * and messages that ran out of tries arrive from the dead-letter queue to be flagged on their
 * record. Each e-mail's outcome is written onto its record, and KV has no compare-and-swap, so
 * the e-mails of one record (a booking's owner and client e-mails, or copies of one message: the
 * queue delivers at least once) are handled in turn: two updates of one record at once could
 * each miss the other's. Different records' e-mails are handled side by side, so a slow one
 * holds up no other request's.
 */
import { emailDeadLetterQueueName, retryDelaySeconds } from "../app/mail/delivery-policy";
import type { MailMessage } from "../app/mail/message";
import { deliverQueuedMail, markDeadLettered, type ConsumerDeps } from "../app/mail/queue-consumer.server";

function byRecord(messages: readonly Message<MailMessage>[]): Message<MailMessage>[][] {
  const groups = new Map<string, Message<MailMessage>[]>();
  for (const message of messages) groups.set(message.body.recordKey, [...(groups.get(message.body.recordKey) ?? []), message]);
  return [...groups.values()];
}

export async function handleEmailQueue(batch: MessageBatch<MailMessage>, deps: ConsumerDeps): Promise<void> {
  const deadLetters = batch.queue === emailDeadLetterQueueName;
  const handle = async (message: Message<MailMessage>) => {
    try {
      if (deadLetters) {
        await markDeadLettered(deps, message.body);
        message.ack();
        return;
      }
      const { retryAfterSeconds } = await deliverQueuedMail(deps, message.body, message.attempts);
      if (retryAfterSeconds === undefined) message.ack();
      else message.retry({ delaySeconds: retryAfterSeconds });
    } catch (error) {
      // KV trouble while recording: the send itself is skipped next time if it went through.
      console.error(`E-mail queue message ${message.body.id} could not be handled:`, error);
      message.retry({ delaySeconds: retryDelaySeconds(deps.config.EMAIL_RETRY_DELAYS_SECONDS, message.attempts) });
    }
  };
  await Promise.all(
    byRecord(batch.messages).map(async (messages) => {
      for (const message of messages) await handle(message);
    }),
  );
}
