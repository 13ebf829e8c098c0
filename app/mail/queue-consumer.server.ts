/**
 * What the e-mail queue's consumer does with one message: send it unless it was sent already
 * (the queue delivers at least once), record the try on the record, and say whether and when to
 * try again. The dead-letter queue's consumer marks an e-mail that ran out of tries as failed.
 */
import { retryDelaySeconds } from "~/mail/delivery-policy";
import { updateMailDeliveries, type MailDelivery } from "~/mail/deliveries.server";
import type { MailMessage } from "~/mail/queue.server";
import { sendMail, type MailDeps } from "~/mail/send.server";
import type { AppConfig } from "../../workers/load-context";

export interface ConsumerDeps extends MailDeps {
  config: MailDeps["config"] & Pick<AppConfig, "EMAIL_RETRY_DELAYS_SECONDS">;
}

/** `retryAfterSeconds` set: leave the message on the queue and try again after that long. */
export interface Outcome {
  retryAfterSeconds?: number;
}

async function currentEntry(kv: KVNamespace, message: MailMessage): Promise<MailDelivery | undefined> {
  const record = await kv.get<{ emailDelivery?: Record<string, MailDelivery> }>(message.recordKey, "json");
  // Another location may not see a just-stored record yet; trying later is the cure.
  if (!record) throw new Error(`No stored record at ${message.recordKey}`);
  return record.emailDelivery?.[message.name];
}

function baseEntry(message: MailMessage, entry: MailDelivery | undefined, at: string): MailDelivery {
  return entry ?? { messageId: message.id, to: message.mail.to.email, status: "queued", attempts: 0, queuedAt: at };
}

/** `attempt`: the queue's count of deliveries of this message, 1 for the first. */
export async function deliverQueuedMail(deps: ConsumerDeps, message: MailMessage, attempt: number): Promise<Outcome> {
  const before = await currentEntry(deps.kv, message);
  if (before?.status === "sent" || before?.status === "outbox") {
    console.log(`E-mail ${message.id} was sent already; not sending it again`);
    return {};
  }
  const delivery = await sendMail(deps, message.mail, message.id);
  await updateMailDeliveries(deps.kv, message.recordKey, (current) => {
    const entry = baseEntry(message, current[message.name], delivery.at);
    const tried = { ...entry, attempts: entry.attempts + 1, lastTriedAt: delivery.at };
    if (delivery.status !== "failed") return { [message.name]: { ...tried, status: delivery.status, sentAt: delivery.at } };
    return { [message.name]: { ...tried, status: delivery.permanent ? "failed" : "retrying", lastError: delivery.error } };
  });
  if (delivery.status !== "failed") return {};
  console.error(`E-mail ${message.id} to ${message.mail.to.email} failed on try ${attempt}: ${delivery.error}`);
  return delivery.permanent ? {} : { retryAfterSeconds: retryDelaySeconds(deps.config.EMAIL_RETRY_DELAYS_SECONDS, attempt) };
}

/** A message that used up its tries: flag the e-mail (and with it the record's summary) as failed, with the reason. */
export async function markDeadLettered(deps: Pick<MailDeps, "kv" | "now">, message: MailMessage): Promise<void> {
  let reason = "";
  await updateMailDeliveries(deps.kv, message.recordKey, (current) => {
    const entry = baseEntry(message, current[message.name], deps.now().toISOString());
    // Sent meanwhile, or flagged already by an earlier delivery of this dead letter.
    if (entry.status !== "queued" && entry.status !== "retrying") return {};
    reason = `Gave up after ${entry.attempts} tries: ${entry.lastError ?? "no answer"}`;
    return { [message.name]: { ...entry, status: "failed", lastError: reason } };
  });
  if (reason) console.error(`E-mail ${message.id} to ${message.mail.to.email} FAILED for good. ${reason}`);
}
