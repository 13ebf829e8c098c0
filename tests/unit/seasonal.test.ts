import { describe, expect, it } from "vitest";
import { seasonalBanner } from "~/content/seasonal";

const on = (year: number, month: number, day: number) => seasonalBanner({ year, month, day }).id;

describe("seasonal banner", () => {
  it("shows Christmas through November and December", () => {
    expect(on(2026, 11, 1)).toBe("christmas");
    expect(on(2026, 12, 31)).toBe("christmas");
  });

  it("shows Halloween through October only", () => {
    expect(on(2026, 9, 30)).not.toBe("halloween");
    expect(on(2026, 10, 1)).toBe("halloween");
    expect(on(2026, 10, 31)).toBe("halloween");
  });

  it("shows graduation season in January, February, June and September", () => {
    for (const month of [1, 2, 6, 9]) expect(on(2027, month, 15)).toBe("graduation");
  });

  it("falls back to the evergreen banner in the other months", () => {
    for (const month of [3, 4, 5, 7, 8]) expect(on(2027, month, 15)).toBe("evergreen");
  });

  it("links each season to its landing page", () => {
    expect(seasonalBanner({ year: 2026, month: 12, day: 1 }).to).toBe("/christmas");
    expect(seasonalBanner({ year: 2026, month: 10, day: 1 }).to).toBe("/halloween");
    expect(seasonalBanner({ year: 2026, month: 6, day: 1 }).to).toBe("/graduation");
    expect(seasonalBanner({ year: 2026, month: 4, day: 1 }).to).toBe("/quickquote");
  });
});
