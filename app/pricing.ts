/**
 * The only place prices live. The spec keeps two tables on purpose: list prices shown on
 * /packages and the booking table used to price a booking. They are not reconciled.
 */
export const boothTypes = ["Open Booth", "Glam Booth", "Enclosed Booth"] as const;
export type BoothType = (typeof boothTypes)[number];

export const bookingDurations = ["2 Hours", "3 Hours", "4 Hours", "5 Hours"] as const;
export type BookingDuration = (typeof bookingDurations)[number];

export const quoteDurations = ["2hrs", "3hrs", "4hrs", "5hrs", "6hrs", "7hrs+"] as const;
export type QuoteDuration = (typeof quoteDurations)[number];

const hoursOf: Record<BookingDuration, number> = {
  "2 Hours": 2,
  "3 Hours": 3,
  "4 Hours": 4,
  "5 Hours": 5,
};

/** Booking price table (AUD), docs/product-spec.md, section 9. */
const bookingTable: Record<BoothType, Record<BookingDuration, number>> = {
  "Open Booth": { "2 Hours": 375, "3 Hours": 535, "4 Hours": 685, "5 Hours": 800 },
  "Glam Booth": { "2 Hours": 480, "3 Hours": 580, "4 Hours": 740, "5 Hours": 860 },
  "Enclosed Booth": { "2 Hours": 375, "3 Hours": 535, "4 Hours": 685, "5 Hours": 800 },
};

/** Price of a booking in whole AUD; 0 while either choice is still empty. */
export function bookingPrice(
  boothType: BoothType | "" | undefined,
  duration: BookingDuration | "" | undefined,
): number {
  if (!boothType || !duration) return 0;
  return bookingTable[boothType][duration];
}

export function bookingPriceTable() {
  return boothTypes.map((boothType) => ({
    boothType,
    prices: bookingDurations.map((duration) => ({ duration, price: bookingTable[boothType][duration] })),
  }));
}

/**
 * Add-ons, each a line on the invoice (AUD, GST included), and how many the business owns: stock
 * is per event date and held like booths (null: no limit). docs/product-decisions.md, "What the
 * business sells: add-ons and price rules".
 */
export const extraHourPrice: Record<BoothType, number> = { "Open Booth": 150, "Glam Booth": 160, "Enclosed Booth": 150 };
export const maxExtraHours = 2;

export const addOnIds = ["audio-guest-book", "guest-book", "usb", "online-gallery"] as const;
export type AddOnId = (typeof addOnIds)[number];
export const addOns: Record<AddOnId, { name: string; price: number; stock: number | null }> = {
  "audio-guest-book": { name: "Audio guest book", price: 149, stock: 1 },
  "guest-book": { name: "Traditional guest book", price: 49, stock: 3 },
  usb: { name: "USB of every photo", price: 39, stock: null },
  "online-gallery": { name: "Online gallery", price: 49, stock: null },
};

export const backdropNames = ["Black", "White", "Graduation", "Floral"] as const;
export type BackdropName = (typeof backdropNames)[number];
export const backdropPrices: Record<BackdropName, { price: number; stock: number }> = {
  Black: { price: 0, stock: 2 },
  White: { price: 0, stock: 2 },
  Graduation: { price: 50, stock: 1 },
  Floral: { price: 50, stock: 1 },
};

/** Percentages of what the business sells (not travel): a surcharge on public holidays and New Year's Eve, a discount Monday to Thursday. */
export const priceRulePercents = { publicHoliday: 20, newYearsEve: 20, weekday: -10 } as const;

export type PackageLine = "open-enclosed" | "glam";

export interface ListPackage {
  id: string;
  line: PackageLine;
  hours: number;
  price: number;
}

/** List prices shown on /packages, docs/product-spec.md, section 2. */
export const listPackages: readonly ListPackage[] = [
  { id: "standard-1", line: "open-enclosed", hours: 2, price: 390 },
  { id: "standard-2", line: "open-enclosed", hours: 3, price: 550 },
  { id: "standard-3", line: "open-enclosed", hours: 4, price: 700 },
  { id: "standard-4", line: "open-enclosed", hours: 5, price: 800 },
  { id: "glam-1", line: "glam", hours: 2, price: 490 },
  { id: "glam-2", line: "glam", hours: 3, price: 590 },
  { id: "glam-3", line: "glam", hours: 4, price: 750 },
  { id: "glam-4", line: "glam", hours: 5, price: 860 },
];

export function durationHours(duration: BookingDuration): number {
  return hoursOf[duration];
}

const audFormatter = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  maximumFractionDigits: 0,
});

export function formatAud(amount: number): string {
  return audFormatter.format(amount);
}

/**
 * Price claims the blog makes for a 3-hour booking (docs/product-spec.md, section 9: marketing text, not enforced).
 * They sit here so that no other module holds a price.
 */
export const threeHourPriceRanges: Record<PackageLine, { min: number; max: number }> = {
  "open-enclosed": { min: 400, max: 600 },
  glam: { min: 500, max: 600 },
};

/** The offer price the wedding page's structured data states (docs/product-spec.md, section 9). */
export const weddingOfferPriceAud = 500;

/** The cheapest list package of a line over the given lengths in hours (all lengths when omitted). */
export function cheapestListPackage(line: PackageLine, hours?: readonly number[]): ListPackage {
  const cheapest = listPackages
    .filter((pkg) => pkg.line === line && (!hours || hours.includes(pkg.hours)))
    .sort((a, b) => a.price - b.price)[0];
  if (!cheapest) throw new Error(`No ${line} list price for ${hours?.join(", ") ?? "any"} hours`);
  return cheapest;
}

/** Lowest list price of a package line, as "from $…" claims quote it. */
export function fromListPrice(line: PackageLine, hours?: readonly number[]): number {
  return cheapestListPackage(line, hours).price;
}
