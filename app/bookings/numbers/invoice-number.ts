import { isoDate, melbourneDate } from "~/utils/melbourne-time";

/** Randomness source in [0, 1); injectable so tests can pin it. */
export type Random = () => number;

/** A new invoice number, PB-{YYYYMMDD}-{100..999} with today's Melbourne date (the format checked by app/input/invoice-number.ts). */
export function makeInvoiceNumber(now: Date = new Date(), random: Random = Math.random): string {
  const serial = 100 + Math.floor(random() * 900);
  return `PB-${isoDate(melbourneDate(now)).replaceAll("-", "")}-${serial}`;
}
