/**
 * Each queue this Worker consumes (wrangler.toml's `[[queues.consumers]]`), by name, to its
 * handler; workers/app.ts hands every batch to the one its queue names.
 * tests/unit/queue-consumers.test.ts holds the table to wrangler.toml.
 */
import type { ChargeMessage } from "../app/bookings/autopay/charge-message";
import type { OpenMessage } from "../app/bookings/record/ledger-opens.server";
import { emailDeadLetterQueueName, emailQueueName } from "../app/mail/delivery-policy";
import type { MailMessage } from "../app/mail/message";
import type { Services } from "../app/types/services";
import { autopayDeadLetterQueueName, autopayQueueName, handleAutopayDeadLetters, handleAutopayQueue } from "./autopay-queue";
import { handleEmailQueue } from "./email-queue";
import { handleLedgerOpenDeadLetters, handleLedgerOpens, ledgerOpensDeadLetterQueueName, ledgerOpensQueueName } from "./ledger-open-queue";

/** What every queue's messages may be, for the Worker's handler type. */
export type QueueMessage = MailMessage | ChargeMessage | OpenMessage;

type Consumer = (batch: MessageBatch<QueueMessage>, services: Services) => Promise<void>;

// The e-mail queue's handler tells its dead letters apart itself (workers/email-queue.ts).
const emails: Consumer = (batch, services) => handleEmailQueue(batch as MessageBatch<MailMessage>, services);

export const queueConsumers: Readonly<Record<string, Consumer>> = {
  [emailQueueName]: emails,
  [emailDeadLetterQueueName]: emails,
  [autopayQueueName]: (batch, services) => handleAutopayQueue(batch as MessageBatch<ChargeMessage>, services),
  [autopayDeadLetterQueueName]: (batch, services) => handleAutopayDeadLetters(batch as MessageBatch<ChargeMessage>, services),
  [ledgerOpensQueueName]: (batch, services) => handleLedgerOpens(batch as MessageBatch<OpenMessage>, services),
  [ledgerOpensDeadLetterQueueName]: (batch, services) => handleLedgerOpenDeadLetters(batch as MessageBatch<OpenMessage>, services),
};
