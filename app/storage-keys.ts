/**
 * Every KV key and R2 object name in one place. Keys start with what the owner lists by
 * (`wrangler kv key list --prefix ...`): all bookings, one event date, quotes or messages by
 * the time they arrived, the e-mail outbox.
 */
export const keyPrefix = {
  booking: "booking:",
  invoice: "invoice:",
  quote: "quote:",
  contact: "contact:",
  outbox: "outbox:",
  undelivered: "undelivered:",
  blocked: "blocked:",
  paymentIntent: "payment-intent:",
  agenda: "agenda:",
  promo: "promo:",
  linkGeneration: "link-generation:",
  attendant: "attendant:",
  ledgerNotOpened: "ledger-not-opened:",
} as const;

/** The owner's blocked dates: `blocked:{YYYY-MM-DD}`, or `blocked:{YYYY-MM-DD}:{booth or item slug}` for one booth type or add-on, written with the CLI. */
export const blockedPrefix = keyPrefix.blocked;

/** The key that blocks `slug` (a booth or item slug; none for everything) on `date`: the same the CLI writes. */
export function blockKey(date: string, slug: string | null): string {
  return `${blockedPrefix}${date}${slug ? `:${slug}` : ""}`;
}

/** Whether `key` is a block's key (`blocked:{date}`, or with a booth or item slug after it), as the CLI writes them. */
export function isBlockKey(key: string): boolean {
  return new RegExp(`^${blockedPrefix}\\d{4}-\\d{2}-\\d{2}(:[a-z-]+)?$`).test(key);
}

/** `booking:2026-12-05:PB-20260501-123`, so `--prefix booking:2026-12-05` lists one event date. */
export function bookingKey(eventDate: string, invoiceNumber: string): string {
  return `${keyPrefix.booking}${eventDate}:${invoiceNumber}`;
}

/** `booking:{date}:{invoice number}` → the invoice number, which names the booking whatever its date. */
export function invoiceNumberOfKey(recordKey: string): string {
  return recordKey.slice(recordKey.lastIndexOf(":") + 1);
}

/** Points from an invoice number to its booking; its existence marks the number as taken. */
export function invoiceIndexKey(invoiceNumber: string): string {
  return `${keyPrefix.invoice}${invoiceNumber}`;
}

/** Points from a card payment's Stripe PaymentIntent to its invoice, so a refund made in Stripe's dashboard finds its booking. */
export function paymentIntentKey(paymentIntent: string): string {
  return `${keyPrefix.paymentIntent}${paymentIntent}`;
}

/** The owner's morning e-mail of one Melbourne day: written by the day's first scheduled run, so it is sent once. */
export function agendaKey(date: string): string {
  return `${keyPrefix.agenda}${date}`;
}

/** The owner's promo code `promo:{CODE}` (upper case), its terms as JSON, written by `npm run promo`. */
export function promoKey(code: string): string {
  return `${keyPrefix.promo}${code}`;
}

/**
 * The generation of one kind of link (app/links/kinds.ts), a whole number; absent means 0. `npm
 * run owner:links -- --revoke {kind}` moves it on. With a subject, that subject's own generation
 * of the kind (`link-generation:booking:{invoice number}`: one booking's owner links).
 */
export function linkGenerationKey(kind: string, subject?: string): string {
  return `${keyPrefix.linkGeneration}${kind}${subject === undefined ? "" : `:${subject}`}`;
}

/** One attendant the owner keeps (app/crew/), with how the e-mails to them went. */
export function attendantKey(id: string): string {
  return `${keyPrefix.attendant}${id}`;
}

export function quoteKey(receivedAt: string, id: string): string {
  return `${keyPrefix.quote}${receivedAt}:${id}`;
}

export function contactKey(receivedAt: string, id: string): string {
  return `${keyPrefix.contact}${receivedAt}:${id}`;
}

/** A new booking whose ledger could not take it by the ledger opens' last try, by the Melbourne day of that try (app/bookings/ledger-not-opened.server.ts). */
export function ledgerNotOpenedKey(day: string, invoiceNumber: string): string {
  return `${keyPrefix.ledgerNotOpened}${day}:${invoiceNumber}`;
}

/** An e-mail that failed for good, kept so the owner can send it again from their page of the booking (app/mail/undelivered.server.ts). */
export function undeliveredKey(messageId: string): string {
  return `${keyPrefix.undelivered}${messageId}`;
}

export function outboxKey(sentAt: string, id: string): string {
  return `${keyPrefix.outbox}${sentAt}:${id}`;
}

/** Object name of an invoice PDF in the R2 bucket. */
export function invoicePdfKey(invoiceNumber: string): string {
  return `${invoiceNumber}.pdf`;
}

/** KV metadata is limited to 1024 bytes; a summary stays well inside it. */
export function summaryMetadata(summary: string): { summary: string } {
  return { summary: summary.length > 300 ? `${summary.slice(0, 299)}…` : summary };
}
