/**
 * A booking's price as invoice lines: the booth for its hours, each extra, the date's rule, a promo
 * code, then travel. The same function prices the form in the browser and the booking on the
 * server, which never trusts the browser's figure. Rules and codes apply to what the business
 * sells, not to travel. Whole cents throughout.
 */
import { addOns, backdropPrices, bookingPrice, extraHourPrice, type BookingDuration, type BoothType } from "~/pricing";
import { dateRule, ruleLabel } from "./date-rules";
import type { Extras } from "./extras";
import { promoDiscountCents, promoLabel, type PromoCode } from "./promo-codes";

export type PriceLineKind = "booth" | "extra-hours" | "add-on" | "backdrop" | "rule" | "promo" | "travel";

export interface PriceLine {
  kind: PriceLineKind;
  label: string;
  /** GST included; negative for a discount. */
  cents: number;
}

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

const cents = (dollars: number) => Math.round(dollars * 100);

/** What the business sells in a booking, before the date's rule and a code. */
function soldLines({ boothType, packageDuration, extras }: Pick<PriceChoice, "boothType" | "packageDuration" | "extras">): PriceLine[] {
  const lines: PriceLine[] = [{ kind: "booth", label: `${boothType}, ${packageDuration}`, cents: cents(bookingPrice(boothType, packageDuration)) }];
  if (extras.extraHours > 0) {
    const hours = extras.extraHours === 1 ? "1 extra hour" : `${extras.extraHours} extra hours`;
    lines.push({ kind: "extra-hours", label: hours, cents: cents(extraHourPrice[boothType] * extras.extraHours) });
  }
  for (const id of extras.addOns) lines.push({ kind: "add-on", label: addOns[id].name, cents: cents(addOns[id].price) });
  if (extras.backdrop) {
    const price = backdropPrices[extras.backdrop].price;
    lines.push({ kind: "backdrop", label: `${extras.backdrop} backdrop${price ? "" : " (included)"}`, cents: cents(price) });
  }
  return lines;
}

export function sumCents(lines: readonly Pick<PriceLine, "cents">[]): number {
  return lines.reduce((total, line) => total + line.cents, 0);
}

export function priceBooking(choice: PriceChoice): BookingPrice {
  const lines = soldLines(choice);
  const rule = dateRule(choice.eventDate);
  if (rule) lines.push({ kind: "rule", label: ruleLabel(rule), cents: Math.round((sumCents(lines) * rule.percent) / 100) });
  if (choice.promo) lines.push({ kind: "promo", label: promoLabel(choice.promo), cents: -promoDiscountCents(choice.promo, sumCents(lines)) });
  if (choice.travelFee > 0) lines.push({ kind: "travel", label: "Travel", cents: cents(choice.travelFee) });
  return { lines, totalCents: sumCents(lines) };
}
