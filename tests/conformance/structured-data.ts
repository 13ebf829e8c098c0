/**
 * The properties Google's structured-data documentation requires (or, for types it gives no rich
 * result, the ones its guidelines name) for every schema.org type the site emits. A block of an
 * unknown type fails, so a new type gets its line here.
 */
const requiredProperties: Record<string, readonly string[]> = {
  // developers.google.com/search/docs/appearance/structured-data/local-business
  LocalBusiness: ["name", "address", "telephone", "url", "image"],
  PostalAddress: ["addressLocality", "addressRegion", "postalCode", "addressCountry"],
  Place: ["name"],
  // …/breadcrumb
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name", "item"],
  // …/faqpage
  FAQPage: ["mainEntity"],
  Question: ["name", "acceptedAnswer"],
  Answer: ["text"],
  // …/article
  BlogPosting: ["headline", "image", "datePublished", "author"],
  Organization: ["name", "url"],
  WebPage: ["@id"],
  // Service has no rich result; its offers follow the merchant-listing Offer's price fields.
  Service: ["name", "provider"],
  Offer: ["price", "priceCurrency"],
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Problems in one parsed JSON-LD block, each naming where it is (empty when complete). */
export function structuredDataProblems(block: unknown): string[] {
  if (!isObject(block)) return ["the block is not a JSON object"];
  const problems: string[] = [];
  if (block["@context"] !== "https://schema.org") problems.push(`@context is ${JSON.stringify(block["@context"])}, not "https://schema.org"`);
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${where}[${index}]`));
    if (!isObject(node)) return;
    const type = node["@type"];
    if (typeof type === "string") {
      const required = requiredProperties[type];
      if (!required) problems.push(`${where}: no checks known for @type ${type}`);
      for (const property of required ?? []) {
        const value = node[property];
        if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
          problems.push(`${where} (${type}): missing ${property}`);
        }
      }
    }
    for (const [key, value] of Object.entries(node)) visit(value, `${where}.${key}`);
  };
  visit(block, String(block["@type"] ?? "block"));
  return problems;
}
