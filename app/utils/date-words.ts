const dateInWords = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** `2026-12-19` → "Saturday 19 December 2026" (a calendar date: no time zone shifts it). */
export function formatDateInWords(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return dateInWords.format(new Date(Date.UTC(year, month - 1, day)));
}

const instantInWords = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: "Australia/Melbourne",
});

/** An instant as Melbourne's clock shows it: "Saturday 28 November at 7:49 pm". */
export function formatMelbourneTime(instant: Date): string {
  const parts = Object.fromEntries(instantInWords.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} at ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
}
