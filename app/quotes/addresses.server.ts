/**
 * The addresses of a quote, each one power for one person (docs/product-decisions.md, "Links and
 * what each may do"): the client's quote page (its key, kept with the quote; the quote e-mail's
 * link adds the one-time proof of their address), the owner's read-only view (signed, kind
 * `quote`) and the one-click unsubscribe of the quote's address (signed, kind `unsubscribe`).
 */
import { isLinkToken, linkSigner, type AddressKeys, type LinkKeys } from "~/links/signing.server";
import type { QuoteRecord } from "./quote";

export function quotePagePath(quote: Pick<QuoteRecord, "id" | "key">): string {
  return `/quote/${quote.id}?key=${quote.key}`;
}

/** Where the client lands after asking: the thank-you page, with their quote page's link. */
export function thankYouPath(quote: Pick<QuoteRecord, "id" | "key">): string {
  return `/thankyou?quote=${quote.id}&key=${quote.key}`;
}

async function signed(keys: AddressKeys, kind: "quote" | "unsubscribe", path: string, id: string): Promise<string | null> {
  const sign = await linkSigner(keys, kind);
  return sign ? `${keys.config.SITE_ORIGIN}${path}?sig=${await sign(id)}` : null;
}

/** The owner's read-only view of a quote; null without `OWNER_LINK_SECRET`. */
export function ownerQuoteUrl(keys: AddressKeys, id: string): Promise<string | null> {
  return signed(keys, "quote", `/owner/quote/${id}`, id);
}

/** The one-click unsubscribe of the quote's address (RFC 8058); null without `OWNER_LINK_SECRET`. */
export function unsubscribeUrl(keys: AddressKeys, id: string): Promise<string | null> {
  return signed(keys, "unsubscribe", `/unsubscribe/${id}`, id);
}

export function isQuoteLink(keys: LinkKeys, kind: "quote" | "unsubscribe", id: string, query: URLSearchParams): Promise<boolean> {
  return isLinkToken(keys, kind, id, query.get("sig"));
}
