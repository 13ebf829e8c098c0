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

/**
 * The booking's price with other extras, as it was made: the booth line as stored, today's prices
 * for the extras, the same rule and code percentages (a dollars code the same dollars) and travel.
 * Lines from a booking made before add-ons were sold (booth and travel only) reprice the same way.
 */
export function repriceExtras(lines: readonly PriceLine[], choice: Pick<PriceChoice, "boothType" | "packageDuration" | "extras">): BookingPrice {
  const booth = lines.find((line) => line.kind === "booth");
  const sold = soldLines(choice).map((line) => (line.kind === "booth" && booth ? booth : line));
  const rule = lines.find((line) => line.kind === "rule");
  const promo = lines.find((line) => line.kind === "promo") ?? null;
  const travel = sumCents(lines.filter((line) => line.kind === "travel"));
  return withAdjustments(sold, rule?.percent === undefined ? null : { label: rule.label, percent: rule.percent }, promo, travel);
}
