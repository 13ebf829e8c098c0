/**
 * E-mails that failed for good (refused by the provider, or out of tries), kept for a while so the
 * owner can send one again from their page of the booking once the address or the provider is put
 * right: the queue's message carries the letter, and nothing else stores it.
 */
import type { MailDelivery } from "~/mail/deliveries.server";
import type { Mail, MailMessage } from "~/mail/message";
import { undeliveredKey } from "~/storage-keys";

/** Long enough to notice in the morning e-mail and act on it; KV forgets it afterwards. */
const keptSeconds = 60 * 86_400;

export async function keepUndelivered(kv: KVNamespace, message: MailMessage): Promise<void> {
  await kv.put(undeliveredKey(message.id), JSON.stringify(message.mail), { expirationTtl: keptSeconds });
}

/** The letter of a failed e-mail, as it was queued; null when it was not kept (or has expired). */
export function undeliveredMail(kv: KVNamespace, delivery: Pick<MailDelivery, "messageId">): Promise<Mail | null> {
  return kv.get<Mail>(undeliveredKey(delivery.messageId), "json");
}
