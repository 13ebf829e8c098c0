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

/** Melbourne's date today (or at `instant`) as YYYY-MM-DD. */
export function melbourneToday(instant: Date = new Date()): string {
  return isoDate(melbourneDate(instant));
}

/** The ISO date `days` calendar days after `date` (negative: before). Calendar arithmetic, no time zone. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const clock = new Intl.DateTimeFormat("en-AU", { timeZone: MELBOURNE_TIME_ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });

/** The instant of a Melbourne wall-clock time ("HH:MM" on an ISO date), daylight saving included. */
export function melbourneInstant(date: string, time: string): Date {
  const wanted = Date.parse(`${date}T${time}:00Z`);
  // Melbourne is 10 or 11 hours ahead of UTC: start from 10 and correct by what the clock then reads.
  let guess = wanted - 10 * 3_600_000;
  for (let round = 0; round < 2; round++) {
    const parts = Object.fromEntries(clock.formatToParts(new Date(guess)).map((part) => [part.type, part.value]));
    const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
    guess += wanted - shown;
  }
  return new Date(guess);
}
