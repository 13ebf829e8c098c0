/**
 * What the e-mail queue's consumer does with one message: send it unless it was sent already
 * (the queue delivers at least once), record the try on the record, and say whether and when to
 * try again. The dead-letter queue's consumer marks an e-mail that ran out of tries as failed.
 */
import { retryDelaySeconds } from "~/mail/delivery-policy";
import { isSent, type MailDelivery, type RecordDeliveries } from "~/mail/deliveries.server";
import type { MailMessage } from "~/mail/message";
import { sendMail, type MailDeps } from "~/mail/send.server";
import { keepUndelivered } from "~/mail/undelivered.server";
import type { AppConfig } from "~/config.server";

export interface ConsumerDeps extends MailDeps {
  config: MailDeps["config"] & Pick<AppConfig, "EMAIL_RETRY_DELAYS_SECONDS">;
  deliveries: RecordDeliveries;
}

/** `retryAfterSeconds` set: leave the message on the queue and try again after that long. */
export interface Outcome {
  retryAfterSeconds?: number;
}


/** The e-mail's entry for a record that has none (its queued mark was never written). */
function freshEntry(message: MailMessage, at: string): MailDelivery {
  return { messageId: message.id, to: message.mail.to.email, status: "queued", attempts: 0, queuedAt: at };
}

/** `attempt`: the queue's count of deliveries of this message, 1 for the first. */
export async function deliverQueuedMail(deps: ConsumerDeps, message: MailMessage, attempt: number): Promise<Outcome> {
  const before = (await deps.deliveries.read(message.recordKey))[message.name];
  if (isSent(before)) {
    console.log(`E-mail ${message.id} was sent already; not sending it again`);
    return {};
  }
  const delivery = await sendMail(deps, message.mail, message.id);
  await deps.deliveries.update(message.recordKey, { kind: "tried", name: message.name, fresh: freshEntry(message, delivery.at), delivery });
  if (delivery.status !== "failed") return {};
  console.error(`E-mail ${message.id} to ${message.mail.to.email} failed on try ${attempt}: ${delivery.error}`);
  if (!delivery.permanent) return { retryAfterSeconds: retryDelaySeconds(deps.config.EMAIL_RETRY_DELAYS_SECONDS, attempt) };
  await keepUndelivered(deps.kv, message);
  return {};
}

/** A message that used up its tries: flag the e-mail (and with it the record's summary) as failed, with the reason. */
export async function markDeadLettered(deps: Pick<ConsumerDeps, "deliveries" | "now" | "kv">, message: MailMessage): Promise<void> {
  const change = { kind: "dead-lettered", name: message.name, fresh: freshEntry(message, deps.now().toISOString()) } as const;
  await keepUndelivered(deps.kv, message);
  const reason = (await deps.deliveries.update(message.recordKey, change))[message.name]?.lastError;
  if (reason) console.error(`E-mail ${message.id} to ${message.mail.to.email} FAILED for good. ${reason}`);
}
