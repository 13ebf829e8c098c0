/**
 * How each e-mail of a stored record (booking, quote request, contact message) went. It is kept
 * on the record itself, `emailDelivery: { owner: {...}, visitor: {...} }`, so the owner reads it
 * with `wrangler kv key get`, and the key's one-line summary ends in `E-MAIL FAILED` while any
 * of them has failed for good.
 */
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
 * The one way to change a record's e-mail state: reads the record, sets the entries `change`
 * returns (leaving every other field and entry as stored), keeps the summary's `E-MAIL FAILED`
 * note in step, writes it back and checks the write held. Throws when the record is not (yet)
 * visible, so a queue message is tried again later.
 */
export async function updateMailDeliveries(
  kv: KVNamespace,
  recordKey: string,
  change: (current: EmailDelivery) => EmailDelivery,
): Promise<void> {
  for (let round = 0; round < writeRounds; round++) {
    const { value, metadata } = await kv.getWithMetadata<WithDelivery, RecordMetadata>(recordKey, "json");
    if (!value) throw new Error(`No stored record at ${recordKey}`);
    const changed = change(value.emailDelivery ?? {});
    const deliveries = { ...value.emailDelivery, ...changed };
    await kv.put(recordKey, JSON.stringify({ ...value, emailDelivery: deliveries }, null, 2), {
      metadata: metadataWith(recordKey, metadata, deliveries),
    });
    const stored = (await kv.get<WithDelivery>(recordKey, "json"))?.emailDelivery ?? {};
    const held = Object.entries(changed).every(([name, entry]) => JSON.stringify(stored[name]) === JSON.stringify(entry));
    if (held) return;
  }
  throw new Error(`E-mail state of ${recordKey} kept being overwritten`);
}
