/**
 * The rule a date's price takes (docs/product-decisions.md, "What the business sells"): Victorian
 * public holidays and New Year's Eve cost 20% more, Monday to Thursday 10% less, and a holiday that
 * falls on a weekday takes only the holiday's rule. The holidays come from `date-holidays`
 * (scripts/build-holidays.mjs).
 */
import { priceRulePercents } from "~/pricing";
import { addDays } from "~/utils/melbourne-time";
import type { DateRules } from "./price-sheet";
import holidays from "./victorian-holidays.json";

export type DateRule =
  | { kind: "public-holiday"; holiday: string; percent: number }
  | { kind: "new-years-eve"; percent: number }
  | { kind: "weekday"; percent: number };

const publicHolidays: Record<string, string> = holidays;

export function isMondayToThursday(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 4;
}

/** The rule for an event on `date` (`YYYY-MM-DD`), or null when its price is the table's. */
export function dateRule(date: string): DateRule | null {
  const holiday = publicHolidays[date];
  if (holiday) return { kind: "public-holiday", holiday, percent: priceRulePercents.publicHoliday };
  if (date.endsWith("-12-31")) return { kind: "new-years-eve", percent: priceRulePercents.newYearsEve };
  if (isMondayToThursday(date)) return { kind: "weekday", percent: priceRulePercents.weekday };
  return null;
}

/** "+20%", "-10%" */
export function percentText(percent: number): string {
  return `${percent > 0 ? "+" : "-"}${Math.abs(percent)}%`;
}

/** "Public holiday (Melbourne Cup) +20%", "Weekday (Monday to Thursday) -10%": the invoice line. */
export function ruleLabel(rule: DateRule): string {
  if (rule.kind === "public-holiday") return `Public holiday (${rule.holiday}) ${percentText(rule.percent)}`;
  if (rule.kind === "new-years-eve") return `New Year's Eve ${percentText(rule.percent)}`;
  return `Weekday (Monday to Thursday) ${percentText(rule.percent)}`;
}

/** "public holiday +20%", "weekday -10%": the calendar's words for a date. */
export function ruleShortLabel(rule: DateRule): string {
  const name = rule.kind === "public-holiday" ? "public holiday" : rule.kind === "new-years-eve" ? "New Year's Eve" : "weekday";
  return `${name} ${percentText(rule.percent)}`;
}

/**
 * The rules of the dates from `from` to `to`, for the browser: the public holidays and New Year's
 * Eves in the range, grouped by their line, and the Monday-to-Thursday rule (the browser knows the
 * weekdays). Only the range, not the whole holiday table.
 */
export function dateRulesBetween(from: string, to: string): DateRules {
  const special = new Map<string, DateRules["special"][number]>();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const rule = dateRule(date);
    if (!rule || rule.kind === "weekday") continue;
    const label = ruleLabel(rule);
    const entry = special.get(label) ?? { label, percent: rule.percent, dates: [] };
    entry.dates.push(date);
    special.set(label, entry);
  }
  return { special: [...special.values()], weekday: { label: ruleLabel({ kind: "weekday", percent: priceRulePercents.weekday }), percent: priceRulePercents.weekday } };
}

/** The first and last dates the holiday table covers, so a test can hold it ahead of the booking window. */
export function holidayTableYears(): { from: number; to: number } {
  const dates = Object.keys(publicHolidays).sort();
  return { from: Number(dates[0]!.slice(0, 4)), to: Number(dates.at(-1)!.slice(0, 4)) };
}
