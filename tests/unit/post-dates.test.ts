import { describe, expect, it } from "vitest";
import { formatPostDate, isIsoDate } from "~/content/dates";

describe("post dates", () => {
  it("are shown day, month name and year", () => {
    expect(formatPostDate("2025-10-29")).toBe("29 October 2025");
    expect(formatPostDate("2025-01-01")).toBe("1 January 2025");
  });

  it("accept only real YYYY-MM-DD calendar dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    for (const bad of ["2025-02-29", "2025-13-01", "2025-10-32", "2025-1-10", "10/10/2025", ""]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
    expect(() => formatPostDate("2025-02-30")).toThrow();
  });
});
