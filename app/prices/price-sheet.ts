/**
 * Prices as plain data, and the lines a choice costs, worked out from them by functions that use
 * nothing outside themselves: the server prices a booking with them (booking-price.ts), React
 * prices the form with them, and the page's boot script (workers/deferred-hydration.ts) inlines
 * them to price the form before React has loaded. One function, so the three cannot disagree.
 */
import { addOnIds, addOns, backdropNames, backdropPrices, bookingDurations, bookingPrice, boothTypes, extraHourPrice } from "~/pricing";

/** A price line: what the client pays for, GST included; negative for a discount. */
export interface PriceLine {
  kind: PriceLineKind;
  label: string;
  cents: number;
  /** A rule's or a percent code's percentage of what the business sells, so a later change of add-ons is priced as the booking was. */
  percent?: number;
}

export type PriceLineKind = "booth" | "extra-hours" | "add-on" | "backdrop" | "rule" | "promo" | "travel";

/** A date's rule as a line needs it: "Weekday (Monday to Thursday) -10%", -10. */
export interface SheetRule {
  label: string;
  percent: number;
}

export interface PriceSheet {
  /** Cents by "booth|duration". */
  booths: Record<string, number>;
  /** Cents of one extra hour, by booth. */
  extraHour: Record<string, number>;
  /** By add-on id: the line's label and cents, and the form field that chooses it. */
  addOns: Record<string, { label: string; cents: number; field: string }>;
  /** By backdrop name. */
  backdrops: Record<string, { label: string; cents: number }>;
}

/** The rules of the dates a browser may be asked to price: each special date's rule, and the Monday-to-Thursday one. */
export interface DateRules {
  special: (SheetRule & { dates: string[] })[];
  weekday: SheetRule;
}

/** What the booking form has chosen, as its fields hold it. */
export interface SheetChoice {
  boothType: string;
  packageDuration: string;
  extraHours: number;
  addOns: readonly string[];
  backdrop: string | null;
  eventDate: string;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The catalogue of app/pricing.ts as a sheet: add-on fields are named by `addOnField` (app/input/fields.ts). */
export function priceSheet(addOnField: (id: string) => string): PriceSheet {
  return {
    booths: Object.fromEntries(boothTypes.flatMap((booth) => bookingDurations.map((hours) => [`${booth}|${hours}`, cents(bookingPrice(booth, hours))]))),
    extraHour: Object.fromEntries(boothTypes.map((booth) => [booth, cents(extraHourPrice[booth])])),
    addOns: Object.fromEntries(addOnIds.map((id) => [id, { label: addOns[id].name, cents: cents(addOns[id].price), field: addOnField(id) }])),
    backdrops: Object.fromEntries(
      backdropNames.map((name) => [name, { label: `${name} backdrop${backdropPrices[name].price ? "" : " (included)"}`, cents: cents(backdropPrices[name].price) }]),
    ),
  };
}

/**
 * The lines of what the business sells in a choice: the booth for its hours, extra hours, each
 * add-on, the backdrop. None while the booth or hours are not chosen. Self-contained (the boot
 * script inlines it).
 */
export function sheetSold(sheet: PriceSheet, choice: Omit<SheetChoice, "eventDate">): PriceLine[] {
  const booth = sheet.booths[`${choice.boothType}|${choice.packageDuration}`];
  if (booth === undefined) return [];
  const lines: PriceLine[] = [{ kind: "booth", label: `${choice.boothType}, ${choice.packageDuration}`, cents: booth }];
  if (choice.extraHours > 0) {
    const label = choice.extraHours === 1 ? "1 extra hour" : `${choice.extraHours} extra hours`;
    lines.push({ kind: "extra-hours", label, cents: (sheet.extraHour[choice.boothType] ?? 0) * choice.extraHours });
  }
  for (const id of choice.addOns) {
    const addOn = sheet.addOns[id];
    if (addOn) lines.push({ kind: "add-on", label: addOn.label, cents: addOn.cents });
  }
  const backdrop = choice.backdrop ? sheet.backdrops[choice.backdrop] : undefined;
  if (backdrop) lines.push({ kind: "backdrop", label: backdrop.label, cents: backdrop.cents });
  return lines;
}

/** `sold` and the date's rule after them, as a percentage of them all (rounded to the cent). Self-contained (the boot script inlines it). */
export function withRule(sold: readonly PriceLine[], rule: SheetRule | null): PriceLine[] {
  if (!rule || !sold.length) return [...sold];
  const total = sold.reduce((sum, line) => sum + line.cents, 0);
  return [...sold, { kind: "rule", label: rule.label, percent: rule.percent, cents: Math.round((total * rule.percent) / 100) }];
}

/** The rule of `date` among `rules` (a special date's, else Monday to Thursday's), or null. Self-contained (the boot script inlines it). */
export function sheetRule(rules: DateRules, date: string): SheetRule | null {
  const special = rules.special.find((rule) => rule.dates.includes(date));
  if (special) return { label: special.label, percent: special.percent };
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 4 ? rules.weekday : null;
}

/** What a form's fields have chosen (`get` reads a field's value, "" when absent). Self-contained (the boot script inlines it). */
export function sheetChoice(sheet: PriceSheet, get: (name: string) => string): SheetChoice {
  return {
    boothType: get("boothType"),
    packageDuration: get("packageDuration"),
    extraHours: Number(get("extraHours")) || 0,
    addOns: Object.keys(sheet.addOns).filter((id) => get(sheet.addOns[id]!.field) !== ""),
    backdrop: get("backdrop") || null,
    eventDate: get("eventDate"),
  };
}

/** "$1,234.50", "-$53.50": a line's amount. Self-contained (the boot script inlines it). */
export function formatLineCents(cents: number): string {
  return new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(cents / 100);
}

/** Travel's line, when there is a fee (whole AUD): never discounted nor surcharged, so it comes after the rule and any code. */
export function travelLines(travelFee: number): PriceLine[] {
  return travelFee > 0 ? [{ kind: "travel", label: "Travel", cents: Math.round(travelFee * 100) }] : [];
}

/** How a booking is paid as the form shows it before sending (app/business.ts, `paymentTerms`), with the day it is sent. */
export interface DueTerms {
  today: string;
  depositPercent: number;
  /** An event this many days away or fewer is paid in whole at once. */
  fullWithinDays: number;
}

/** The deposit: a percentage of the total, rounded up to the whole dollar, never more than the total. Self-contained (the boot script inlines it). */
export function depositCents(totalCents: number, percent: number): number {
  return Math.min(Math.ceil((totalCents * percent) / 10_000) * 100, totalCents);
}

/**
 * Whether an event on `eventDate` is paid in whole when booked, being near, rather than with a
 * deposit (an unknown date counts as far). Self-contained (the boot script inlines it).
 */
export function paidWholeWhenBooked(eventDate: string, terms: DueTerms): boolean {
  return (Date.parse(`${eventDate}T00:00:00Z`) - Date.parse(`${terms.today}T00:00:00Z`)) / 86_400_000 < terms.fullWithinDays;
}

/** "$174.00 deposit", "$580.00, the whole": what is due now (its amount as `formatLineCents` writes it). Self-contained (the boot script inlines it). */
export function dueNowText(amount: string, whole: boolean): string {
  return `${amount}${whole ? ", the whole" : " deposit"}`;
}
