import { describe, expect, it } from "vitest";
import { packageCards } from "~/content/packages";
import { serviceJsonLd } from "~/content/structured-data";
import { listPackages } from "~/pricing";

describe("package cards on /packages", () => {
  it("take every price and duration from the pricing module", () => {
    const cards = [...packageCards("open-enclosed"), ...packageCards("glam")];
    expect(cards.map(({ id, line, hours, price }) => ({ id, line, hours, price }))).toEqual(listPackages);
    expect(cards.map((card) => card.priceLabel)).toEqual(["$390", "$550", "$700", "$800", "$490", "$590", "$750", "$860"]);
  });

  it("add extras as the hours grow", () => {
    const [two, three, four, five] = packageCards("open-enclosed");
    expect(two!.features.length).toBeLessThan(three!.features.length);
    expect(three!.features).toContain("Online gallery for your guests");
    expect(three!.features).toContain("Extra copy of every print for you");
    expect(three!.features).not.toContain("Choice of a male or female attendant");
    expect(four!.features).toContain("Choice of a male or female attendant");
    expect(four!.features).not.toContain("Traditional guest book with a print of every session");
    expect(five!.features).toContain("Traditional guest book with a print of every session");
  });

  it("price the structured data's offers from the same module", () => {
    const service = serviceJsonLd({ origin: "https://x.test", path: "/glam-booth", name: "Glam", description: "d", lines: ["glam"] });
    const offers = service.offers as { price: string; priceCurrency: string }[];
    expect(offers.map((offer) => Number(offer.price))).toEqual(listPackages.filter((p) => p.line === "glam").map((p) => p.price));
    expect(new Set(offers.map((offer) => offer.priceCurrency))).toEqual(new Set(["AUD"]));
  });
});
