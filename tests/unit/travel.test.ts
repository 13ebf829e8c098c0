import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { travel as rules } from "~/business";
import { localityFinder, type Locality } from "~/travel/find-locality";
import { travelCharge } from "~/travel/fees";
import { victorianLocalities } from "~/travel/gazetteer.server";
import { travelTo } from "~/travel/travel.server";

const find = localityFinder(victorianLocalities);

function place(text: string) {
  const found = find(text);
  return found && `${found.name} ${found.postcode}`;
}

describe("finding the venue's locality in the event location", () => {
  it("finds the longest locality named, checked against the postcode", () => {
    expect(place("Werribee Park Mansion, K Rd, Werribee South VIC 3030")).toBe("Werribee South 3030");
    expect(place("Werribee Park Mansion, K Rd, Werribee South")).toBe("Werribee South 3030");
    expect(place("Mansion at Werribee Park")).toBe("Werribee 3030");
  });

  it("reads names case-insensitively and across punctuation", () => {
    expect(place("the RSL, POINT COOK")).toBe("Point Cook 3030");
    expect(place("Hall,geelong")).toBe("Geelong 3220");
    expect(place("st kilda town hall")).toBe("St Kilda 3182");
  });

  it("finds a bare Victorian postcode and gives its most central locality", () => {
    expect(find("Community hall, postcode 3029")?.postcode).toBe("3029");
    const geelong = travelTo("3220");
    expect(geelong?.postcode).toBe("3220");
    expect(Math.abs(geelong!.distanceKm - 46)).toBeLessThanOrEqual(2);
  });

  it("places a post-office-box postcode at its suburb, not where its row puts it", () => {
    const bendigo = travelTo("PO Box 12, Bendigo 3552");
    expect(bendigo).toMatchObject({ locality: "Bendigo", postcode: "3552" });
    expect(bendigo!.distanceKm).toBeGreaterThan(110);
  });

  it("finds nothing in text with no Victorian locality or postcode", () => {
    expect(place("Our backyard")).toBeNull();
    expect(place("Bondi Beach NSW 2026")).toBeNull();
    expect(place("Unit 12, 1500 Nowhere Road")).toBeNull();
  });

  it("matches whole words only", () => {
    const localities: Locality[] = [{ name: "Kew", postcode: "3101", lat: -37.8, lon: 145.03, greaterMelbourne: true }];
    const findIn = localityFinder(localities);
    expect(findIn("Kewdale Hall")).toBeNull();
    expect(findIn("Kew Hall")?.name).toBe("Kew");
  });
});

describe("travel fee", () => {
  it("is free up to 40 km and $2 a km beyond it outside Greater Melbourne", () => {
    expect(travelCharge(39, false)).toEqual({ distanceKm: 39, travelFee: 0, freeDelivery: true, bookable: true });
    expect(travelCharge(40, false)).toEqual({ distanceKm: 40, travelFee: 0, freeDelivery: true, bookable: true });
    expect(travelCharge(41, false)).toEqual({ distanceKm: 41, travelFee: 2, freeDelivery: false, bookable: true });
  });

  it("is free anywhere in Greater Melbourne, however far", () => {
    expect(travelCharge(41, true)).toMatchObject({ travelFee: 0, freeDelivery: true });
    expect(travelCharge(78, true)).toMatchObject({ travelFee: 0, freeDelivery: true });
  });

  it("takes online bookings up to the online limit only", () => {
    expect(travelCharge(rules.onlineLimitKm, false)).toMatchObject({ bookable: true, travelFee: (rules.onlineLimitKm - 40) * 2 });
    expect(travelCharge(rules.onlineLimitKm + 1, false).bookable).toBe(false);
  });
});

describe("distances from Tarneit", () => {
  it.each([
    ["Tarneit VIC 3029", "Tarneit", 0, 0, true],
    ["Point Cook", "Point Cook", 14, 0, true],
    ["Melbourne 3000", "Melbourne", 26, 0, true],
    ["Geelong VIC", "Geelong", 46, 12, true],
    ["Torquay", "Torquay", 66, 52, true],
    ["Ballarat", "Ballarat", 76, 72, true],
    ["Pakenham", "Pakenham", 78, 0, true],
    ["Lorne", "Lorne", 103, 126, false],
  ])("%s is %i km away", (text, locality, km, fee, bookable) => {
    expect(travelTo(text)).toMatchObject({ locality, distanceKm: km, travelFee: fee, bookable });
  });
});

describe("the committed gazetteer", () => {
  it("is what scripts/build-gazetteer.mjs makes from the package's data", async () => {
    await expect(promisify(execFile)("node", ["scripts/build-gazetteer.mjs", "--check"])).resolves.toBeTruthy();
  }, 20_000);

  it("holds Victoria only, every locality once per postcode, placed inside Victoria", () => {
    const keys = victorianLocalities.map((locality) => `${locality.name}|${locality.postcode}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(victorianLocalities.every((locality) => /^(3\d{3}|8\d{3})$/.test(locality.postcode))).toBe(true);
    expect(victorianLocalities.every((locality) => locality.lat < -33.9 && locality.lat > -39.3 && locality.lon > 140.9 && locality.lon < 150)).toBe(true);
  });
});
