import { describe, expect, it } from "vitest";
import { routeTitles } from "../support/routes";
import { workerForFile, testOrigin } from "./worker";

const worker = workerForFile();

const landingRoutes = ["/christmas", "/graduation", "/photoboothhiremelbourne", "/corporate-events", "/weddings", "/birthday", "/halloween"];

function decode(text: string) {
  return text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

function metaContent(html: string, attribute: "name" | "property", key: string) {
  const tag = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return tag ? decode(tag[1]!) : undefined;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

describe("landing pages rendered by the Worker", () => {
  it.each(landingRoutes)("%s has its title, description, keywords, canonical and social tags in the server HTML", async (path) => {
    const response = await worker.fetch(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "")).toMatch(routeTitles[path]!);
    expect(metaContent(html, "name", "description")?.length).toBeGreaterThan(80);
    expect(metaContent(html, "name", "keywords")).toMatch(/photo booth/i);
    expect(html).toContain(`<link rel="canonical" href="${testOrigin}${path}"/>`);
    expect(metaContent(html, "property", "og:url")).toBe(`${testOrigin}${path}`);
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it.each(landingRoutes)("%s carries JSON-LD with LocalBusiness, BreadcrumbList, Service with an Offer, and FAQPage", async (path) => {
    const html = await (await worker.fetch(path)).text();
    const data = jsonLd(html);
    const byType = (type: string) => data.find((item) => item["@type"] === type);
    expect(byType("LocalBusiness")).toMatchObject({ "@id": `${testOrigin}/#business` });
    const breadcrumb = byType("BreadcrumbList") as { itemListElement: { item: string }[] };
    expect(breadcrumb.itemListElement.map((item) => item.item)).toEqual([`${testOrigin}/`, `${testOrigin}${path}`]);
    const service = byType("Service") as { url: string; offers: { "@type": string; price: number; priceCurrency: string } };
    expect(service.url).toBe(`${testOrigin}${path}`);
    expect(service.offers).toMatchObject({ "@type": "Offer", priceCurrency: "AUD" });
    expect(service.offers.price).toBeGreaterThan(0);
    const faq = byType("FAQPage") as { mainEntity: { name: string }[] };
    for (const question of faq.mainEntity) expect(decode(html)).toContain(`<h3>${question.name}</h3>`);
  });

  it("states the wedding offer at 500 AUD", async () => {
    const html = await (await worker.fetch("/weddings")).text();
    const service = jsonLd(html).find((item) => item["@type"] === "Service");
    expect(service?.offers).toMatchObject({ price: 500, priceCurrency: "AUD" });
  });
});
