import type { QuoteInput } from "~/input/quote-forms";
import { offerFor, type QuotedCode } from "~/quotes/offer";
import type { PricedOffer, QuoteRecord } from "~/quotes/quote";
import { travelTo } from "~/travel/travel.server";

/** A stored quote as `saveQuote` makes it, priced by the site's own function, received on `today`. */
export function sampleQuote(request: QuoteInput, { today, code = null }: { today: string; code?: QuotedCode }): QuoteRecord {
  return {
    ...request,
    kind: "quote",
    id: "Q-TESTQ234",
    receivedAt: `${today}T01:00:00.000Z`,
    validUntil: "2099-12-31",
    key: "quote-key",
    offer: offerFor(request, travelTo(request.eventLocation), code, today),
    addressProof: { sha256: "0".repeat(64) },
    emailDelivery: {},
  };
}

/** `sampleQuote`, which the test needs priced. */
export function pricedQuote(request: QuoteInput, options: { today: string; code?: QuotedCode }): QuoteRecord & { offer: PricedOffer } {
  const quote = sampleQuote(request, options);
  if (!quote.offer.priced) throw new Error(`The sample quote was not priced: ${quote.offer.reason}`);
  return quote as QuoteRecord & { offer: PricedOffer };
}
