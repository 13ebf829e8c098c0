/**
 * A booking's price as invoice lines: the booth for its hours, each extra, the date's rule, a promo
 * code, then travel. The same function prices the form in the browser and the booking on the
 * server, which never trusts the browser's figure. Rules and codes apply to what the business
 * sells, not to travel. Whole cents throughout.
 */
import { addOns, backdropPrices, bookingPrice, extraHourPrice, type BookingDuration, type BoothType } from "~/pricing";
import { dateRule, ruleLabel } from "./date-rules";
import type { Extras } from "./extras";
import { promoLabel, type PromoCode } from "./promo-codes";

export type PriceLineKind = "booth" | "extra-hours" | "add-on" | "backdrop" | "rule" | "promo" | "travel";

export interface PriceLine {
  kind: PriceLineKind;
  label: string;
  /** GST included; negative for a discount. */
  cents: number;
  /** A rule's or a percent code's percentage of what the business sells, so a later change of add-ons is priced as the booking was. */
  percent?: number;
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

/** The date's rule and the code as lines over `sold`, then travel: how the booking was priced, applied to these lines. */
function withAdjustments(sold: PriceLine[], rule: { label: string; percent: number } | null, promo: PriceLine | null, travelCents: number): BookingPrice {
  const lines = [...sold];
  if (rule) lines.push({ kind: "rule", label: rule.label, percent: rule.percent, cents: Math.round((sumCents(lines) * rule.percent) / 100) });
  if (promo) {
    const subtotal = sumCents(lines);
    const off = promo.percent === undefined ? -promo.cents : Math.round((subtotal * promo.percent) / 100);
    lines.push({ ...promo, cents: -Math.min(off, subtotal) });
  }
  if (travelCents > 0) lines.push({ kind: "travel", label: "Travel", cents: travelCents });
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
  return withAdjustments(soldLines(choice), rule && { label: ruleLabel(rule), percent: rule.percent }, promoLine, cents(choice.travelFee));
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
