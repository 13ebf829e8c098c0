/**
 * Event dates for tests that book. A booking holds its booth on its date, and the end-to-end tests
 * share one server, so every test that books takes a date no other test takes: each area of the
 * suite owns one month, and each test in it picks its own day.
 *
 * An area keeps its month of the year (a test about December stays in December) and takes the
 * first such month at least twelve months away, or three years after it for the areas past the
 * 36th: from 12 to 59 months ahead, inside the five years a booking may be made for on every day of
 * the year.
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
  // Areas past the twelfth take the same months a year later, and so on.
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
  closedMonths: 47,
  rateLimits: 33,
  autopayEvents: 48,
  paymentPlans: 29,
} as const;

export type DateArea = keyof typeof months;

export const dateAreas = Object.keys(months) as DateArea[];

const nearestMonths = 12;

/** `YYYY-MM-DD` for `day` (1 to 28) of the month that `area` owns. */
export function eventDate(area: DateArea, day: number, today = new Date()): string {
  if (!Number.isInteger(day) || day < 1 || day > 28) throw new Error(`Pick a day from 1 to 28, not ${day}`);
  const index = months[area] - 1;
  const month = (index % 12) + 1;
  const thisMonth = today.getUTCMonth() + 1;
  const firstYear = today.getUTCFullYear() + Math.ceil((nearestMonths - (month - thisMonth)) / 12);
  const year = firstYear + Math.floor(index / 12);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
