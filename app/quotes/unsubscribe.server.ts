/**
 * One-click unsubscribe (RFC 8058) from a quote's follow-ups: the address the follow-up went to
 * gets no more of them, for any quote. The link is signed over the quote (kind `unsubscribe`), so
 * whoever holds it can do this one thing and nothing else; opening it (as mail scanners do) changes
 * nothing, only a POST does, as RFC 8058 asks.
 */
import type { Services } from "~/types/services";
import { isQuoteLink } from "./addresses.server";
import type { QuoteEntry } from "./quote-book";

export async function quoteOfUnsubscribe(services: Pick<Services, "config" | "kv" | "generations" | "quotes">, id: string | undefined, query: URLSearchParams): Promise<QuoteEntry | null> {
  if (!id || !(await isQuoteLink(services, "unsubscribe", id, query))) return null;
  return services.quotes.get(id);
}

export async function unsubscribe(services: Pick<Services, "quotes" | "now">, entry: QuoteEntry): Promise<void> {
  await services.quotes.unsubscribe(entry.quote.email, services.now().toISOString());
}
