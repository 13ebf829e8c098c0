/**
 * Taking a quote request: priced at once (offer.ts), stored in KV (the owner's copy, where its
 * e-mails record how they went) and in the quote book (where it stands), then the client's quote
 * and the owner's copy are queued. A code is checked, never claimed: a quote reserves no use
 * (docs/product-decisions.md, "Quotes").
 */
import { newAddressProof } from "~/bookings/record/address-proof";
import { policy } from "~/business";
import type { QuoteInput } from "~/input/quote-forms";
import { queueMails } from "~/mail/queue.server";
import { promoRefusal, usedUpMessage } from "~/prices/promo-codes";
import { readPromo } from "~/promos/promo-store.server";
import { quoteKey, summaryMetadata } from "~/storage-keys";
import { travelTo } from "~/travel/travel.server";
import type { Services } from "~/types/services";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { newSecret } from "~/utils/random-secret";
import { formatCents } from "~/bookings/record/amounts";
import { ownerQuoteUrl, quotePagePath } from "./addresses.server";
import { quoteMails } from "./mails.server";
import { offerFor, type QuotedCode } from "./offer";
import type { QuoteRecord } from "./quote";

type QuoteDeps = Pick<Services, "config" | "kv" | "generations" | "now" | "deliveries" | "mailQueue" | "promoUses" | "quotes">;

/** The code typed, as it stands today: one that applies and has a use left, or why not. */
export async function quotedCode(services: Pick<Services, "kv" | "promoUses">, code: string | undefined, eventDate: string, today: string): Promise<QuotedCode> {
  if (!code) return null;
  const promo = await readPromo(services.kv, code);
  const refusal = promoRefusal(promo, eventDate, today);
  if (refusal !== null || !promo) return { refusal: `${refusal ?? ""} Your quote is priced without it.` };
  if (promo.uses !== null && (await services.promoUses.count(promo.code)) >= promo.uses) return { refusal: `${usedUpMessage(promo.code)} Your quote is priced without it.` };
  return { promo };
}

/** Quote ids are short, unguessable only with the key beside them, and easy to read out on the phone. */
function quoteId(): string {
  const alphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
  return `Q-${[...crypto.getRandomValues(new Uint8Array(8))].map((byte) => alphabet[byte % alphabet.length]).join("")}`;
}

export async function saveQuote(services: QuoteDeps, request: QuoteInput): Promise<QuoteRecord> {
  const now = services.now();
  const today = melbourneToday(now);
  const offer = offerFor(request, travelTo(request.eventLocation), await quotedCode(services, request.promoCode, request.eventDate, today), today);
  const { proof, stored: addressProof } = await newAddressProof();
  const quote: QuoteRecord = {
    ...request,
    kind: "quote",
    id: quoteId(),
    receivedAt: now.toISOString(),
    validUntil: addDays(today, policy.quoteValidDays),
    key: newSecret(),
    offer,
    addressProof,
    emailDelivery: {},
  };
  const key = quoteKey(quote.receivedAt, quote.id);
  const summary = `${quote.id} · ${request.fullName} · ${request.eventDate} · ${request.service} ${request.packageDuration} · ${request.eventLocation} · ${offer.priced ? formatCents(offer.totalCents) : "to price"}`;
  // Both, or neither and the visitor is told to try again: the quote page reads the book, the e-mails the KV copy.
  const written = await Promise.allSettled([services.kv.put(key, JSON.stringify(quote, null, 2), { metadata: summaryMetadata(summary) }), services.quotes.put([quote])]);
  const failed = written.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await Promise.all([services.kv.delete(key), services.quotes.forget(quote.id)].map((undo) => undo.catch(() => undefined)));
    throw failed.reason;
  }
  const links = {
    page: `${services.config.SITE_ORIGIN}${quotePagePath(quote)}&proof=${proof}`,
    ownerView: await ownerQuoteUrl(services, quote.id),
  };
  await queueMails(services, { recordKey: key, mails: quoteMails(quote, links, { ownerEmail: services.config.OWNER_EMAIL }) });
  return quote;
}
