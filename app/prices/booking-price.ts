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
import { priceSheet, sheetLines, travelLines, type PriceLine } from "./price-sheet";
import { promoDiscountCents, promoLabel, type PromoCode } from "./promo-codes";

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

export function sumCents(lines: readonly Pick<PriceLine, "cents">[]): number {
  return lines.reduce((total, line) => total + line.cents, 0);
}

export function priceBooking(choice: PriceChoice): BookingPrice {
  const rule = dateRule(choice.eventDate);
  const lines = sheetLines(sheet, { ...choice, ...choice.extras }, rule && { label: ruleLabel(rule), percent: rule.percent });
  if (choice.promo) lines.push({ kind: "promo", label: promoLabel(choice.promo), cents: -promoDiscountCents(choice.promo, sumCents(lines)) });
  lines.push(...travelLines(choice.travelFee));
  return { lines, totalCents: sumCents(lines) };
}
