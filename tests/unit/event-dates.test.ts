import { describe, expect, it } from "vitest";
import { lastBookableDate } from "~/input/field-shapes";
import { isoDate, melbourneDate } from "~/utils/melbourne-time";
import { dateAreas, eventDate } from "../support/event-dates";

const day = 24 * 60 * 60 * 1000;

function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

describe("the tests' event dates", () => {
  // Walked at noon and just before UTC midnight (already tomorrow in Melbourne) of every day of
  // three years, so no day of the year sends a test past the five years or onto another's month.
  const moments = Array.from({ length: 3 * 366 }, (_, n) => Date.UTC(2026, 11, 1) + n * day).flatMap((start) => [
    new Date(start + 12 * 60 * 60 * 1000),
    new Date(start + 23.5 * 60 * 60 * 1000),
  ]);

  it("stay bookable, a year or more ahead, on every day of the year", () => {
    const outside: string[] = [];
    for (const now of moments) {
      const today = isoDate(melbourneDate(now));
      for (const area of dateAreas) {
        for (const dayOfMonth of [1, 28]) {
          const date = eventDate(area, dayOfMonth, now);
          if (date > lastBookableDate(today) || monthsBetween(today, date) < 11) outside.push(`${area} on ${today}: ${date}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });

  it("give each area its own month, the same month of the year all year", () => {
    for (const now of moments) {
      const months = dateAreas.map((area) => eventDate(area, 1, now).slice(0, 7));
      expect(new Set(months).size).toBe(dateAreas.length);
      expect(eventDate("misc", 1, now).slice(5, 7)).toBe("12");
      expect(eventDate("forms", 1, now).slice(5, 7)).toBe("01");
    }
  });
});
