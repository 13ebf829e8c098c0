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
