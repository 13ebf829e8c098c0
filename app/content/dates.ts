const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (so 2025-02-30 is rejected). */
export function isIsoDate(value: string): boolean {
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * "2025-10-29" → "29 October 2025", the Australian reading order. Done by hand rather than with
 * Intl so server and browser always agree and no time zone can shift the day.
 */
export function formatPostDate(iso: string): string {
  if (!isIsoDate(iso)) throw new Error(`Not an ISO date: ${iso}`);
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return `${day} ${monthNames[month - 1]} ${year}`;
}
