import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { headlineAreas, serviceAreas } from "~/business";
import { landingPages } from "~/content/landing";
import { landingJsonLd, offerPrice } from "~/content/landing/seo";
import { listPackages, weddingOfferPriceAud } from "~/pricing";
import { publicPaths } from "~/navigation";

const publicDir = fileURLToPath(new URL("../../public", import.meta.url));

/** Every string anywhere in a value, for scanning copy. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("landing page content", () => {
  it("covers the seven landing routes once each", () => {
    const paths = landingPages.map((page) => page.path);
    expect(new Set(paths)).toEqual(
      new Set(["/christmas", "/graduation", "/photoboothhiremelbourne", "/corporate-events", "/weddings", "/birthday", "/halloween"]),
    );
    expect(paths).toHaveLength(7);
    for (const path of paths) expect(publicPaths).toContain(path);
  });

  describe.each(landingPages.map((page) => [page.path, page] as const))("%s", (_path, page) => {
    it("has a headline, an intro, features, FAQs, a closing and search keywords", () => {
      expect(page.headline.length).toBeGreaterThan(10);
      expect(page.intro.join(" ").length).toBeGreaterThan(120);
      expect(page.features.items.length).toBeGreaterThanOrEqual(4);
      for (const feature of page.features.items) expect(feature.text.length).toBeGreaterThan(20);
      expect(page.closing.text.length).toBeGreaterThan(20);
      expect(page.keywords.length).toBeGreaterThanOrEqual(4);
      expect(page.description.length).toBeGreaterThan(80);
      expect(page.description.length).toBeLessThanOrEqual(170);
    });

    it("has at least three illustrations with alt text, dimensions and a file in public/", () => {
      expect(page.illustrations.length).toBeGreaterThanOrEqual(3);
      for (const image of page.illustrations) {
        expect(image.alt.length).toBeGreaterThan(15);
        expect(image.width).toBeGreaterThan(0);
        expect(image.height).toBeGreaterThan(0);
        expect(image.src).toMatch(/^\/images\/landing\/[\w-]+\.svg$/);
        expect(existsSync(`${publicDir}${image.src}`), image.src).toBe(true);
      }
      expect(new Set(page.illustrations.map((image) => image.alt)).size).toBe(page.illustrations.length);
    });

    it("takes every package blurb's length and from-price from the price list", () => {
      expect(page.packages.items.length).toBeGreaterThanOrEqual(3);
      for (const blurb of page.packages.items) {
        if (!blurb.pricing) continue;
        const { line, hours, from } = blurb.pricing;
        const listed = listPackages.filter((pkg) => pkg.line === line && hours.includes(pkg.hours));
        expect(listed.map((pkg) => pkg.hours).sort()).toEqual([...hours].sort());
        expect(from).toBe(Math.min(...listed.map((pkg) => pkg.price)));
        expect(blurb.duration).toContain(`${Math.max(...hours)} hours`);
      }
      expect(page.packages.items.some((blurb) => blurb.pricing)).toBe(true);
    });

    it("writes no price into its copy", () => {
      for (const text of strings(page)) {
        expect(text).not.toMatch(/\$\s?\d/);
        expect(text).not.toMatch(/\d\s?AUD/);
      }
    });

    it("lists every service area, the headline areas included", () => {
      expect(page.areas.names).toEqual(serviceAreas);
      for (const area of headlineAreas) expect(page.areas.names).toContain(area);
      expect(page.areas.intro).toMatch(/Delivery is free within \d+ km/);
    });

    it("only has buttons to the booking and quick quote forms", () => {
      expect(page.actions.length).toBeGreaterThanOrEqual(1);
      for (const action of page.actions) expect(["/booking", "/quickquote"]).toContain(action.to);
    });
  });

  it("gives the wedding page only a book button, and the Christmas and graduation pages a book button", () => {
    const byPath = (path: string) => landingPages.find((page) => page.path === path)!;
    expect(byPath("/weddings").actions.map((action) => action.to)).toEqual(["/booking"]);
    expect(byPath("/christmas").actions.map((action) => action.to)).toContain("/booking");
    expect(byPath("/graduation").actions.map((action) => action.to)).toContain("/booking");
  });

  it("links the Melbourne SEO page to the wedding, birthday and corporate pages", () => {
    const seoPage = landingPages.find((page) => page.path === "/photoboothhiremelbourne")!;
    expect(seoPage.related?.pages.map((related) => related.to)).toEqual(["/weddings", "/birthday", "/corporate-events"]);
  });

  it("describes the three corporate packages and data capture", () => {
    const corporate = landingPages.find((page) => page.path === "/corporate-events")!;
    expect(corporate.packages.items.map((blurb) => [blurb.name, blurb.duration])).toEqual([
      ["Business Socials", "2 hours"],
      ["Launch and Activation", "Half day (4–5 hours)"],
      ["Conference and Gala", "Full day"],
    ]);
    const copy = strings(corporate).join(" ");
    expect(copy).toMatch(/data capture/i);
    expect(copy).toMatch(/emails/);
    expect(copy).toMatch(/branded template/i);
  });
});

describe("landing page structured data", () => {
  const origin = "https://photobooths.test";

  it("states the wedding offer price from the pricing module", () => {
    const weddings = landingPages.find((page) => page.path === "/weddings")!;
    expect(weddingOfferPriceAud).toBe(500);
    const service = landingJsonLd(origin, weddings).find((item) => item["@type"] === "Service");
    expect(service?.offers).toMatchObject({ "@type": "Offer", price: 500, priceCurrency: "AUD" });
  });

  it.each(landingPages.filter((page) => page.path !== "/weddings").map((page) => [page.path, page] as const))(
    "offers %s from its lowest package price",
    (_path, page) => {
      const prices = page.packages.items.flatMap((blurb) => (blurb.pricing ? [blurb.pricing.from] : []));
      expect(offerPrice(page)).toBe(Math.min(...prices));
      const [service, faq] = landingJsonLd(origin, page);
      expect(service).toMatchObject({ "@type": "Service", url: `${origin}${page.path}`, provider: { "@id": `${origin}/#business` } });
      expect(faq).toMatchObject({ "@type": "FAQPage" });
      expect((faq!.mainEntity as unknown[]).length).toBe(page.faqs.length);
    },
  );
});
