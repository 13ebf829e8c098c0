/**
 * How each e-mail of a stored record (booking, quote request, contact message) went. It is kept
 * on the record itself, `emailDelivery: { owner: {...}, visitor: {...} }`, so the owner reads it
 * with `wrangler kv key get`, and the key's one-line summary ends in `E-MAIL FAILED` while any
 * of them has failed for good.
 */
import type { Delivery } from "~/mail/send.server";
import { summaryMetadata } from "~/storage-keys";

export interface MailDelivery {
  /** The queue message's id: `{record key}#{name}`. */
  messageId: string;
  to: string;
  status: "queued" | "retrying" | "sent" | "outbox" | "failed";
  /** Tries made so far. */
  attempts: number;
  queuedAt: string;
  lastTriedAt?: string;
  lastError?: string;
  sentAt?: string;
}

/** Keyed by the e-mail's name within its record ("owner", "visitor", ...). */
export type EmailDelivery = Record<string, MailDelivery>;

export const emailFailedNote = " · E-MAIL FAILED";

interface WithDelivery {
  emailDelivery?: EmailDelivery;
}

/** KV offers no compare-and-swap, so a write is read back and made again if another writer's replaced it. */
const writeRounds = 3;

/** A record key's metadata: the one-line summary, and for bookings the listing notes beside it. */
interface RecordMetadata {
  summary?: string;
  notes?: string;
  [other: string]: unknown;
}

/** A record's listing notes with the `E-MAIL FAILED` note in step with its deliveries. */
export function notesAfter(notes: string, deliveries: EmailDelivery): string {
  return withFailureNote(notes, Object.values(deliveries).some((delivery) => delivery.status === "failed"));
}

function withFailureNote(text: string, failed: boolean): string {
  return text.replaceAll(emailFailedNote, "") + (failed ? emailFailedNote : "");
}

/** Keeps every other metadata field (a booking's status and age); only the failure note moves. */
function metadataWith(recordKey: string, metadata: RecordMetadata | null, deliveries: EmailDelivery): RecordMetadata {
  const failed = Object.values(deliveries).some((delivery) => delivery.status === "failed");
  const summary = withFailureNote(metadata?.summary ?? recordKey, failed);
  const notes = typeof metadata?.notes === "string" ? { notes: withFailureNote(metadata.notes, failed) } : {};
  return { ...metadata, ...summaryMetadata(summary), ...notes };
}

/**
 * Put on the queue at some point, whatever came of it since: anything but an e-mail the queue
 * refused (`not-queued`: failed before any try).
 */
export function wasQueued(entry: MailDelivery | undefined): boolean {
  return entry !== undefined && (entry.status !== "failed" || entry.attempts > 0);
}

/** Sent to the provider, or written to the local outbox: never to be sent again. */
export function isSent(entry: MailDelivery | undefined): boolean {
  return entry?.status === "sent" || entry?.status === "outbox";
}

/**
 * A change to a record's e-mail state, written as data rather than as a function so that the
 * object that writes a booking (its ledger, `workers/booking-ledger.ts`) can make it there.
 */
export type DeliveryChange =
  /** These e-mails are about to be queued; any of them already sent is left as it is. */
  | { kind: "queued"; entries: EmailDelivery }
  /** These e-mails could not be queued. */
  | { kind: "not-queued"; entries: EmailDelivery }
  /** One try of one e-mail; `fresh` is its entry if the record has none yet. */
  | { kind: "tried"; name: string; fresh: MailDelivery; delivery: Delivery }
  /** One e-mail ran out of tries: failed, unless it was sent meanwhile or flagged already. */
  | { kind: "dead-lettered"; name: string; fresh: MailDelivery };

/** The entries `change` sets, given the record's current ones. */
export function changedEntries(current: EmailDelivery, change: DeliveryChange): EmailDelivery {
  switch (change.kind) {
    case "queued":
      return Object.fromEntries(Object.entries(change.entries).filter(([name]) => !isSent(current[name])));
    case "not-queued":
      return change.entries;
    case "tried": {
      const { delivery } = change;
      const entry = current[change.name] ?? change.fresh;
      const tried = { ...entry, attempts: entry.attempts + 1, lastTriedAt: delivery.at };
      if (delivery.status !== "failed") return { [change.name]: { ...tried, status: delivery.status, sentAt: delivery.at } };
      return { [change.name]: { ...tried, status: delivery.permanent ? "failed" : "retrying", lastError: delivery.error } };
    }
    case "dead-lettered": {
      const entry = current[change.name] ?? change.fresh;
      if (entry.status !== "queued" && entry.status !== "retrying") return {};
      return { [change.name]: { ...entry, status: "failed", lastError: `Gave up after ${entry.attempts} tries: ${entry.lastError ?? "no answer"}` } };
    }
  }
}

/**
 * Changes a record's e-mail state in KV: reads the record, sets the entries the change makes
 * (leaving every other field and entry as stored), keeps the summary's `E-MAIL FAILED` note in
 * step, writes it back and checks the write held. Returns the entries it set. Throws when the
 * record is not (yet) visible, so a queue message is tried again later. A booking's e-mail
 * state is changed through its ledger object instead (`RecordDeliveries`).
 */
export async function updateMailDeliveries(kv: KVNamespace, recordKey: string, change: DeliveryChange): Promise<EmailDelivery> {
  for (let round = 0; round < writeRounds; round++) {
    const { value, metadata } = await kv.getWithMetadata<WithDelivery, RecordMetadata>(recordKey, "json");
    if (!value) throw new Error(`No stored record at ${recordKey}`);
    const changed = changedEntries(value.emailDelivery ?? {}, change);
    if (!Object.keys(changed).length) return changed;
    const deliveries = { ...value.emailDelivery, ...changed };
    await kv.put(recordKey, JSON.stringify({ ...value, emailDelivery: deliveries }, null, 2), {
      metadata: metadataWith(recordKey, metadata, deliveries),
    });
    const stored = (await kv.get<WithDelivery>(recordKey, "json"))?.emailDelivery ?? {};
    const held = Object.entries(changed).every(([name, entry]) => JSON.stringify(stored[name]) === JSON.stringify(entry));
    if (held) return changed;
  }
  throw new Error(`E-mail state of ${recordKey} kept being overwritten`);
}

/** Where a record's e-mail state is read and changed: a booking's through its ledger object (it may have moved to another key), any other record's in KV. */
export interface RecordDeliveries {
  update(recordKey: string, change: DeliveryChange): Promise<EmailDelivery>;
  /** The record's e-mail state; throws when the record is not (yet) visible, so a queue message is tried again later. */
  read(recordKey: string): Promise<EmailDelivery>;
}

/** A record's e-mail state as stored at `recordKey`. */
export async function readMailDeliveries(kv: KVNamespace, recordKey: string): Promise<EmailDelivery> {
  const record = await kv.get<WithDelivery>(recordKey, "json");
  // Another location may not see a just-stored record yet; trying later is the cure.
  if (!record) throw new Error(`No stored record at ${recordKey}`);
  return record.emailDelivery ?? {};
}
