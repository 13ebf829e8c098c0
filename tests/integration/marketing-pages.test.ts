import { describe, expect, it } from "vitest";
import { seasonalBanner } from "../../app/content/seasonal";
import { listPackages } from "../../app/pricing";
import { melbourneDate } from "../../app/utils/melbourne-time";
import { workerForFile, testOrigin } from "./worker";

const worker = workerForFile();

const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"');

function attribute(html: string, pattern: RegExp) {
  const value = html.match(pattern)?.[1];
  return value === undefined ? undefined : decode(value);
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

const pages: Record<string, { title: RegExp; types: string[] }> = {
  "/": { title: /^Bluestone Photo Booths \| Photo Booth Hire/, types: ["LocalBusiness", "FAQPage"] },
  "/events": { title: /^Events \|/, types: ["LocalBusiness", "BreadcrumbList"] },
  "/packages": { title: /^Packages and Prices \|/, types: ["LocalBusiness", "Service", "BreadcrumbList"] },
  "/photobooths": { title: /^Photo Booths \|/, types: ["LocalBusiness", "BreadcrumbList"] },
  "/open-booth": { title: /^Open Booth \|/, types: ["LocalBusiness", "Service", "BreadcrumbList"] },
  "/glam-booth": { title: /^Glam Booth \|/, types: ["LocalBusiness", "Service", "BreadcrumbList"] },
  "/enclosed-booth": { title: /^Enclosed Booth \|/, types: ["LocalBusiness", "Service", "BreadcrumbList"] },
  "/backdrop": { title: /^Backdrops \|/, types: ["LocalBusiness", "BreadcrumbList"] },
};

async function html(path: string) {
  const response = await worker.fetch(path);
  expect(response.status).toBe(200);
  return response.text();
}

describe("marketing pages in the server HTML", () => {
  it.each(Object.entries(pages))("%s has its title, description, canonical, social address and JSON-LD", async (path, expected) => {
    const page = await html(path);
    expect(decode(page.match(/<title>([^<]*)<\/title>/)?.[1] ?? "")).toMatch(expected.title);
    const description = attribute(page, /<meta name="description" content="([^"]*)"/);
    expect(description?.length).toBeGreaterThan(60);
    expect(description?.length).toBeLessThanOrEqual(170);
    expect(attribute(page, /<link rel="canonical" href="([^"]*)"/)).toBe(`${testOrigin}${path}`);
    expect(attribute(page, /<meta property="og:url" content="([^"]*)"/)).toBe(`${testOrigin}${path}`);
    expect(jsonLd(page).map((data) => data["@type"])).toEqual(expected.types);
  });

  it.each(["/packages", "/open-booth", "/glam-booth", "/enclosed-booth"])("%s offers the list prices of the pricing module", async (path) => {
    const service = jsonLd(await html(path)).find((data) => data["@type"] === "Service")!;
    const prices = (service.offers as { "@type": string; price: string; priceCurrency: string }[]).map((offer) => {
      expect(offer["@type"]).toBe("Offer");
      expect(offer.priceCurrency).toBe("AUD");
      return Number(offer.price);
    });
    const lines = { "/packages": ["open-enclosed", "glam"], "/glam-booth": ["glam"] } as Record<string, string[]>;
    const expected = listPackages.filter((item) => (lines[path] ?? ["open-enclosed"]).includes(item.line)).map((item) => item.price);
    expect(prices).toEqual(expected);
  });

  it("answers every home page FAQ in its FAQPage data", async () => {
    const page = await html("/");
    const faq = jsonLd(page).find((data) => data["@type"] === "FAQPage")!;
    const questions = faq.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions).toHaveLength(4);
    for (const question of questions) expect(decode(page)).toContain(`<summary>${question.name}</summary>`);
  });

  it("renders the seasonal banner for today's Melbourne date on the server", async () => {
    const page = decode(await html("/"));
    expect(page).toContain(seasonalBanner(melbourneDate()).heading);
  });

  it("renders the backdrop page's eleven emoji on the server, hidden from assistive technology", async () => {
    const page = await html("/backdrop");
    const layer = page.match(/<div class="floating-emoji" aria-hidden="true">([\s\S]*?)<\/div>/)?.[1] ?? "";
    expect(layer.match(/class="floating-emoji-item"/g)).toHaveLength(11);
    expect(page).toContain(`href="/images/art/backdrop-floral.svg"`);
  });
});
