/**
 * Contact messages: stored in KV first, then the owner's and the visitor's
 * e-mails are queued; the stored request records how they went.
 */
import type { EmailDelivery } from "~/mail/deliveries.server";
import type { MailPair } from "~/mail/letter.server";
import { queueMails } from "~/mail/queue.server";
import { contactMails } from "~/requests/mails.server";
import type { ContactInput } from "~/input/public-forms";
import type { Services } from "~/types/services";
import { contactKey, summaryMetadata } from "~/storage-keys";

type RequestDeps = Pick<Services, "config" | "kv" | "now" | "deliveries" | "mailQueue">;

/** A short random id that keeps two requests of one moment apart (not a secret). */
function shortId(): string {
  return crypto.randomUUID().slice(0, 8);
}

type Stored<T> = {
  kind: "contact";
  id: string;
  receivedAt: string;
  emailDelivery: EmailDelivery;
} & T;

async function storeThenMail<T extends object>(
  services: RequestDeps,
  kind: Stored<T>["kind"],
  request: T,
  { keyFor, summary, mails }: { keyFor: (receivedAt: string, id: string) => string; summary: string; mails: MailPair },
) {
  const record: Stored<T> = { kind, id: shortId(), receivedAt: services.now().toISOString(), ...request, emailDelivery: {} };
  const key = keyFor(record.receivedAt, record.id);
  await services.kv.put(key, JSON.stringify(record, null, 2), { metadata: summaryMetadata(summary) });
  await queueMails(services, { recordKey: key, mails });
}

export function saveContact(services: RequestDeps, contact: ContactInput) {
  const preview = contact.message.replace(/\s+/g, " ").slice(0, 80);
  return storeThenMail(services, "contact", contact, {
    keyFor: contactKey,
    summary: `${contact.name} <${contact.email}> · ${preview}`,
    mails: contactMails(contact, { ownerEmail: services.config.OWNER_EMAIL }),
  });
}
