import { describe, expect, it } from "vitest";
import { bookingDurations, bookingPrice, boothTypes, formatAud, listPackages } from "~/pricing";

describe("booking price table", () => {
  const table = {
    "Open Booth": [375, 535, 685, 800],
    "Glam Booth": [480, 580, 740, 860],
    "Enclosed Booth": [375, 535, 685, 800],
  } as const;

  for (const booth of boothTypes) {
    bookingDurations.forEach((duration, i) => {
      it(`prices a ${booth} for ${duration} at $${table[booth][i]}`, () => {
        expect(bookingPrice(booth, duration)).toBe(table[booth][i]);
      });
    });
  }

  it("is zero while the booth type or the duration is still empty", () => {
    expect(bookingPrice("", "3 Hours")).toBe(0);
    expect(bookingPrice("Glam Booth", "")).toBe(0);
    expect(bookingPrice(undefined, undefined)).toBe(0);
  });
});

describe("list prices on /packages", () => {
  it("keeps the spec's list prices, which differ from the booking table", () => {
    const byLine = (line: string) => listPackages.filter((p) => p.line === line).map((p) => [p.hours, p.price]);
    expect(byLine("open-enclosed")).toEqual([[2, 390], [3, 550], [4, 700], [5, 800]]);
    expect(byLine("glam")).toEqual([[2, 490], [3, 590], [4, 750], [5, 860]]);
  });

  it("formats amounts as whole Australian dollars", () => {
    expect(formatAud(390)).toBe("$390");
    expect(formatAud(1200)).toBe("$1,200");
  });
});
