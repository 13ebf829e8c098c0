/**
 * An invoice number as it comes in (a page's address, a form, Stripe's metadata): PB-{YYYYMMDD}-{100..999},
 * the date being Melbourne's calendar date (docs/product-spec.md, section 7). Made by
 * app/bookings/numbers/invoice-number.ts.
 */
const pattern = /^PB-(\d{4})(\d{2})(\d{2})-([1-9]\d{2})$/;

/** True only for the exact form with a real calendar date. */
export function isInvoiceNumber(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = pattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
