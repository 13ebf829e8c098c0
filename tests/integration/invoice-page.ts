/** Reading an invoice page's HTML as a visitor reads it. */
const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
export const decode = (html: string) => html.replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => entities[entity]!);

/** The invoice page's charges-and-payments table as [label, amount] pairs. */
export function pageAmounts(html: string): [string, string][] {
  const table = html.match(/<table class="price-table invoice-amounts">([\s\S]*?)<\/table>/)?.[1] ?? "";
  return [...table.matchAll(/<th scope="row"><(?:span|strong)>([^<]*)<\/(?:span|strong)><\/th><td><(?:span|strong)>([^<]*)</g)].map(
    ([, label, amount]) => [decode(label!), decode(amount!)],
  );
}

/** The site-relative path of an absolute address. */
export function sitePath(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}
