export const MELBOURNE_TIME_ZONE = "Australia/Melbourne";

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const formatter = new Intl.DateTimeFormat("en-AU", {
  timeZone: MELBOURNE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date in Melbourne at the given instant (daylight saving included). */
export function melbourneDate(instant: Date = new Date()): CalendarDate {
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** ISO form (YYYY-MM-DD) of a calendar date. */
export function isoDate({ year, month, day }: CalendarDate): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
