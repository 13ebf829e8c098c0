/**
 * Event dates for tests that book. A booking holds its booth on its date, and the end-to-end tests
 * share one server, so every test that books takes a date no other test takes: each area of the
 * suite owns one month (two years ahead, well inside the five years a booking may be made for),
 * and each test in it picks its own day.
 */
const months = {
  forms: 1,
  formsApi: 2,
  availability: 3,
  lifecycle: 4,
  travel: 5,
  invoices: 6,
  payments: 7,
  mail: 8,
  conformance: 9,
  faults: 10,
  security: 11,
  misc: 12,
  // Areas past the twelfth take the months of the year after.
  bookingPage: 13,
  changes: 14,
  schedule: 15,
  firstTap: 16,
  ledger: 17,
  ledgerFaults: 18,
  proofs: 19,
  daySheet: 20,
  addOnStock: 21,
  promoCodes: 22,
  priceRules: 23,
  addOnChanges: 24,
  asBooked: 26,
  stripeEvents: 25,
  checkoutKeys: 27,
  provisionalHolds: 28,
  mailPowers: 30,
  links: 31,
  keepMyDate: 34,
  clientLinks: 32,
  ownerHome: 35,
  photos: 36,
  ownerPage: 37,
  bankPayments: 38,
  completed: 39,
  numbers: 40,
  quotes: 41,
  bookingOnAPhone: 42,
  linkPowers: 43,
  crew: 44,
  runtime: 45,
  scheduleE2e: 46,
  rateLimits: 33,
  autopayEvents: 48,
  paymentPlans: 47,
} as const;

export type DateArea = keyof typeof months;

export const testYear = new Date().getFullYear() + 2;

/** `YYYY-MM-DD` for `day` (1 to 28) of the month that `area` owns. */
export function eventDate(area: DateArea, day: number): string {
  if (!Number.isInteger(day) || day < 1 || day > 28) throw new Error(`Pick a day from 1 to 28, not ${day}`);
  const index = months[area] - 1;
  return `${testYear + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
