/**
 * Hands out invoice numbers, one per booking. Everything about uniqueness is behind
 * `allocateInvoiceNumber` so it can move to a Durable Object (strictly serialised) later;
 * with KV two simultaneous bookings could in theory draw the same number.
 */
import { isInvoiceNumber, makeInvoiceNumber, type Random } from "~/invoice-number";
import { invoiceIndexKey, summaryMetadata } from "~/storage-keys";

/** 900 serials a day; after this many random misses the day is treated as full. */
const maxAttempts = 50;

export interface InvoiceIndexEntry {
  eventDate: string;
}

export class InvoiceNumbersExhausted extends Error {}

async function isTaken(kv: KVNamespace, invoiceNumber: string): Promise<boolean> {
  return (await kv.get(invoiceIndexKey(invoiceNumber))) !== null;
}

/**
 * Reserves an invoice number for a booking on `eventDate`: the browser's if it is well-formed
 * and unused, otherwise a fresh one for Melbourne's today.
 */
export async function allocateInvoiceNumber(
  kv: KVNamespace,
  { requested, eventDate, summary, now, random = Math.random }: { requested?: string; eventDate: string; summary: string; now: Date; random?: Random },
): Promise<string> {
  let invoiceNumber: string | undefined;
  if (requested && isInvoiceNumber(requested) && !(await isTaken(kv, requested))) invoiceNumber = requested;
  for (let attempt = 0; !invoiceNumber && attempt < maxAttempts; attempt++) {
    const candidate = makeInvoiceNumber(now, random);
    if (!(await isTaken(kv, candidate))) invoiceNumber = candidate;
  }
  if (!invoiceNumber) throw new InvoiceNumbersExhausted("No free invoice number left for today");
  const entry: InvoiceIndexEntry = { eventDate };
  await kv.put(invoiceIndexKey(invoiceNumber), JSON.stringify(entry), { metadata: summaryMetadata(summary) });
  return invoiceNumber;
}

export async function findInvoiceIndex(kv: KVNamespace, invoiceNumber: string): Promise<InvoiceIndexEntry | null> {
  if (!isInvoiceNumber(invoiceNumber)) return null;
  return kv.get<InvoiceIndexEntry>(invoiceIndexKey(invoiceNumber), "json");
}
