/**
 * A booking's price as invoice lines: the booth for its hours, each extra, the date's rule, a promo
 * code, then travel. The lines of what the business sells come from the price sheet's function
 * (price-sheet.ts), the one the booking form prices with in the browser; the server never trusts
 * the browser's figure. Rules and codes apply to what the business sells, not to travel. Whole
 * cents throughout.
 */
import type { BookingDuration, BoothType } from "~/pricing";
import { dateRule, ruleLabel } from "./date-rules";
import type { Extras } from "./extras";
import { priceSheet, sheetSold, travelLines, withRule, type PriceLine, type SheetRule } from "./price-sheet";
import { promoLabel, type PromoCode } from "./promo-codes";

export type { PriceLine, PriceLineKind } from "./price-sheet";

export interface PriceChoice {
  boothType: BoothType;
  packageDuration: BookingDuration;
  extras: Extras;
  eventDate: string;
  /** A code that applies (checked by `promoRefusal`), or null. */
  promo: PromoCode | null;
  /** Whole AUD. */
  travelFee: number;
}

export interface BookingPrice {
  lines: PriceLine[];
  totalCents: number;
}

// The server reads no form fields through the sheet: the add-ons' field names do not matter here.
const sheet = priceSheet((id) => id);

/** What the business sells in a booking, before the date's rule and a code. */
function soldLines({ boothType, packageDuration, extras }: Pick<PriceChoice, "boothType" | "packageDuration" | "extras">): PriceLine[] {
  return sheetSold(sheet, { boothType, packageDuration, ...extras });
}

export function sumCents(lines: readonly Pick<PriceLine, "cents">[]): number {
  return lines.reduce((total, line) => total + line.cents, 0);
}

/** The date's rule and the code as lines over `sold`, then travel: how the booking was priced, applied to these lines. */
function withAdjustments(sold: PriceLine[], rule: SheetRule | null, promo: PriceLine | null, travelCents: number): BookingPrice {
  const lines = withRule(sold, rule);
  if (promo) {
    const subtotal = sumCents(lines);
    const off = promo.percent === undefined ? -promo.cents : Math.round((subtotal * promo.percent) / 100);
    lines.push({ ...promo, cents: -Math.min(off, subtotal) });
  }
  lines.push(...travelLines(travelCents / 100));
  return { lines, totalCents: sumCents(lines) };
}

export function priceBooking(choice: PriceChoice): BookingPrice {
  const rule = dateRule(choice.eventDate);
  const { promo } = choice;
  const promoLine: PriceLine | null = promo && {
    kind: "promo",
    label: promoLabel(promo),
    ...("percent" in promo.off ? { percent: promo.off.percent, cents: 0 } : { cents: -promo.off.dollars * 100 }),
  };
  return withAdjustments(soldLines(choice), rule && { label: ruleLabel(rule), percent: rule.percent }, promoLine, Math.round(choice.travelFee * 100));
}

/** The lines of what the business sells in `lines`, in their order, each named by the item of `extras` it prices ("booth", "extra-hours", "add-on:usb", "backdrop:Floral"). */
function itemLines(lines: readonly PriceLine[], extras: Extras): [string, PriceLine][] {
  // `sheetSold` makes one add-on line for each of the extras' add-ons, in their order, so the
  // n-th add-on line is the n-th add-on (lines store no ids, and a label may change).
  const addOnLines = lines.filter((line) => line.kind === "add-on");
  const itemOf = (line: PriceLine): string | undefined => {
    if (line.kind === "booth" || line.kind === "extra-hours") return line.kind;
    if (line.kind === "add-on") {
      const id = extras.addOns[addOnLines.indexOf(line)];
      return id && `add-on:${id}`;
    }
    return line.kind === "backdrop" && extras.backdrop ? `backdrop:${extras.backdrop}` : undefined;
  };
  return lines.flatMap((line) => {
    const item = itemOf(line);
    return item ? [[item, line] as [string, PriceLine]] : [];
  });
}

/** The extra hours' line for `wanted` hours: the hours booked at their booked price, any more at today's. */
function extraHoursLine(booked: PriceLine | undefined, bookedHours: number, today: PriceLine, wanted: number): PriceLine {
  if (!booked || bookedHours === 0) return today;
  const kept = Math.min(bookedHours, wanted);
  return { ...today, cents: Math.round((booked.cents * kept) / bookedHours) + Math.round((today.cents * (wanted - kept)) / wanted) };
}

const soldKinds = new Set<PriceLine["kind"]>(["booth", "extra-hours", "add-on", "backdrop"]);

/**
 * The rule a booking was priced with. Lines stored before rule lines carried their percentage
 * have only the cents: the percentage is worked out again from those cents over what the business
 * sold, rounded to the whole percent the rules were written in (app/pricing.ts). That reproduces
 * the stored cents exactly for any booking over a dollar, whereas the date's rule today
 * (date-rules.ts) may not be the one the booking was priced with: a percentage or the holiday
 * table changed since, or the booking moved (a move keeps its price).
 */
function bookedRule(lines: readonly PriceLine[]): SheetRule | null {
  const rule = lines.find((line) => line.kind === "rule");
  if (!rule) return null;
  if (rule.percent !== undefined) return { label: rule.label, percent: rule.percent };
  const soldCents = sumCents(lines.filter((line) => soldKinds.has(line.kind)));
  return soldCents > 0 ? { label: rule.label, percent: Math.round((rule.cents * 100) / soldCents) } : null;
}

/**
 * The booking's price with other extras, as it was made (shared/spec/decisions.md, "What a
 * booking is billed, whatever happens to it"): every line of what was booked at its stored cents
 * (the booth, each extra hour, each add-on, the backdrop), an item added now at today's price, the
 * booking's own rule and code over them all (a dollars code the same dollars), and travel as
 * stored. Lines from a booking made before add-ons were sold (booth and travel only) reprice the
 * same way.
 */
export function repriceExtras(lines: readonly PriceLine[], booked: Extras, choice: Pick<PriceChoice, "boothType" | "packageDuration" | "extras">): BookingPrice {
  const bookedItems = new Map(itemLines(lines, booked));
  const sold = itemLines(soldLines(choice), choice.extras).map(([item, line]) =>
    item === "extra-hours" ? extraHoursLine(bookedItems.get(item), booked.extraHours, line, choice.extras.extraHours) : (bookedItems.get(item) ?? line),
  );
  const promo = lines.find((line) => line.kind === "promo") ?? null;
  const travel = sumCents(lines.filter((line) => line.kind === "travel"));
  return withAdjustments(sold, bookedRule(lines), promo, travel);
}
