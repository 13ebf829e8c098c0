/**
 * Puts e-mails on the e-mail queue after the record they belong to is stored. The queue
 * consumer (`queue-consumer.server.ts`) sends them, tries again when the provider fails and
 * records every try on the record, so the visitor's answer never waits on the provider.
 */
import type { DeliveryChange, EmailDelivery, MailDelivery, RecordDeliveries } from "~/mail/deliveries.server";
import type { Mail, MailMessage } from "~/mail/message";

/** What queueing needs: where the record's e-mail state is kept, the queue, and the clock. */
export interface MailQueueDeps {
  deliveries: RecordDeliveries;
  mailQueue: Queue<MailMessage>;
  now: () => Date;
}

export interface QueuedMails<Name extends string = string> {
  /** The KV key of the stored record the e-mails belong to. */
  recordKey: string;
  /**
   * The e-mails by name, e.g. `{ owner, visitor }` (a `MailPair`, `letter.server.ts`). Names must be unique within a
   * record: a name that was already sent is not sent again.
   */
  mails: Record<Name, Mail>;
}

function entries(messages: MailMessage[], entry: Pick<MailDelivery, "status" | "queuedAt" | "lastError">): EmailDelivery {
  return Object.fromEntries(messages.map((message) => [message.name, { messageId: message.id, to: message.mail.to.email, attempts: 0, ...entry }]));
}

/** One queue message per e-mail of a record, each with its id `{record key}#{name}`. */
export function mailMessages(recordKey: string, mails: Record<string, Mail>): MailMessage[] {
  return Object.entries<Mail>(mails).map(([name, mail]): MailMessage => ({ id: `${recordKey}#${name}`, recordKey, name, mail }));
}

/** The change that marks these messages queued on their record (an e-mail sent already stays as it is). */
export function queuedChange(messages: MailMessage[], queuedAt: string): DeliveryChange {
  return { kind: "queued", entries: entries(messages, { status: "queued", queuedAt }) };
}

export async function sendToQueue(mailQueue: Queue<MailMessage>, messages: MailMessage[]): Promise<void> {
  await mailQueue.sendBatch(messages.map((body) => ({ body, contentType: "json" })));
}

/**
 * Records each e-mail as queued on the record, then queues one message per e-mail, so one
 * failing never holds up another. Never throws: the record is already safe, so a failure is
 * logged and marked on the record (`E-MAIL FAILED`) for the owner instead. Returns false when the
 * queue refused them, for a caller that can try again later (the schedule's morning e-mail).
 */
export async function queueMails<Name extends string>(
  deps: MailQueueDeps,
  { recordKey, mails }: QueuedMails<Name>,
): Promise<boolean> {
  const queuedAt = deps.now().toISOString();
  let messages = mailMessages(recordKey, mails);
  try {
    const queued = await deps.deliveries.update(recordKey, queuedChange(messages, queuedAt));
    messages = messages.filter((message) => message.name in queued);
  } catch (error) {
    // The consumer records its tries even without the queued entries.
    console.error(`Could not mark e-mails of ${recordKey} as queued:`, error);
  }
  if (!messages.length) return true;
  try {
    await sendToQueue(deps.mailQueue, messages);
    return true;
  } catch (error) {
    const lastError = `Could not be queued: ${String(error)}`;
    console.error(`E-mails of ${recordKey} were not queued: ${String(error)}`);
    const change = { kind: "not-queued", entries: entries(messages, { status: "failed", queuedAt, lastError }) } as const;
    await deps.deliveries.update(recordKey, change).catch((markError) => console.error(`Could not mark e-mails of ${recordKey} as failed:`, markError));
    return false;
  }
}
