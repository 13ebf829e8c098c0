import { describe, expect, it } from "vitest";
import { isoDate, melbourneDate } from "~/utils/melbourne-time";

describe("Melbourne calendar date", () => {
  it("is already tomorrow in Melbourne late in the UTC evening (AEDT, UTC+11)", () => {
    expect(isoDate(melbourneDate(new Date("2026-01-14T13:30:00Z")))).toBe("2026-01-15");
  });

  it("is still today just before Melbourne midnight in winter (AEST, UTC+10)", () => {
    expect(isoDate(melbourneDate(new Date("2026-07-14T13:59:00Z")))).toBe("2026-07-14");
    expect(isoDate(melbourneDate(new Date("2026-07-14T14:00:00Z")))).toBe("2026-07-15");
  });

  it("turns the year at Melbourne's midnight, not UTC's", () => {
    expect(melbourneDate(new Date("2026-12-31T13:00:00Z")).year).toBe(2027);
  });
});
