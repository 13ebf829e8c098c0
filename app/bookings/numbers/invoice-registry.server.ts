/**
 * Hands out invoice numbers, one per booking. Uniqueness comes from the claims (a Durable
 * Object); the KV index only finds a booking again from its number.
 */
import type { InvoiceClaims } from "~/bookings/numbers/invoice-claims.server";
import { makeInvoiceNumber, type Random } from "~/bookings/numbers/invoice-number";
import { isInvoiceNumber } from "~/input/invoice-number";
import { invoiceIndexKey, summaryMetadata } from "~/storage-keys";

/** 900 serials a day; after this many random misses the day is treated as full. */
const maxAttempts = 50;

export interface InvoiceIndexEntry {
  eventDate: string;
}

export class InvoiceNumbersExhausted extends Error {}

/**
 * Claims an invoice number for good: the browser's if it is well-formed and unused, otherwise a
 * fresh one for Melbourne's today.
 */
export async function claimInvoiceNumber(claims: InvoiceClaims, { requested, now, random = Math.random }: { requested?: string; now: Date; random?: Random }): Promise<string> {
  if (requested && isInvoiceNumber(requested) && (await claims.claim(requested))) return requested;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const candidate = makeInvoiceNumber(now, random);
    if (await claims.claim(candidate)) return candidate;
  }
  throw new InvoiceNumbersExhausted("No free invoice number left for today");
}

/** Points a claimed number at its booking's event date, with the booking's one-line summary for a key listing. */
export async function indexInvoiceNumber(kv: KVNamespace, invoiceNumber: string, { eventDate, summary }: { eventDate: string; summary: string }): Promise<void> {
  const entry: InvoiceIndexEntry = { eventDate };
  await kv.put(invoiceIndexKey(invoiceNumber), JSON.stringify(entry), { metadata: summaryMetadata(summary) });
}

export async function findInvoiceIndex(kv: KVNamespace, invoiceNumber: string): Promise<InvoiceIndexEntry | null> {
  if (!isInvoiceNumber(invoiceNumber)) return null;
  return kv.get<InvoiceIndexEntry>(invoiceIndexKey(invoiceNumber), "json");
}

/** Points the invoice number at its booking's new event date (after a move), keeping the index's summary. */
export async function pointInvoiceIndex(kv: KVNamespace, invoiceNumber: string, eventDate: string): Promise<void> {
  const { metadata } = await kv.getWithMetadata(invoiceIndexKey(invoiceNumber));
  const entry: InvoiceIndexEntry = { eventDate };
  await kv.put(invoiceIndexKey(invoiceNumber), JSON.stringify(entry), metadata ? { metadata } : {});
}
