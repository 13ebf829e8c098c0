/**
 * A payment plan's schedule (docs/product-decisions.md, "Payment plans and autopay"): whether
 * "the deposit now, then monthly" is offered, and its instalments. Plain calendar arithmetic on
 * Melbourne dates, shared by the booking form in the browser and the server.
 */
import { paymentPlans } from "~/business";
import { addDays } from "~/utils/melbourne-time";

export interface Instalment {
  dueOn: string;
  amountCents: number;
}

function parts(date: string): [number, number, number] {
  return date.split("-").map(Number) as [number, number, number];
}

/** `day` of the month `months` after `date`'s month, or that month's last day where it is shorter. */
export function onDayOfMonth(date: string, months: number, day: number): string {
  const [year, month] = parts(date);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** Whether the balance falls due far enough after the booking for a plan: two calendar months or more. */
export function planOffered(bookedOn: string, balanceDueOn: string): boolean {
  return balanceDueOn >= onDayOfMonth(bookedOn, paymentPlans.offeredFromMonthsToBalance, parts(bookedOn)[2]);
}

/** The instalments' dates, oldest first: the balance due date's day of each month, back from it while 30 days or more after booking. */
export function instalmentDates(bookedOn: string, balanceDueOn: string): string[] {
  const earliest = addDays(bookedOn, paymentPlans.firstInstalmentAfterDays);
  const day = parts(balanceDueOn)[2];
  const dates: string[] = [];
  for (let back = 0; ; back++) {
    const date = onDayOfMonth(balanceDueOn, -back, day);
    if (date < earliest) break;
    dates.unshift(date);
  }
  return dates;
}

/** Splits `cents` into equal parts on `dates`, the odd cents in the last one. */
export function spread(cents: number, dates: readonly string[]): Instalment[] {
  const each = Math.floor(cents / dates.length);
  return dates.map((dueOn, index) => ({ dueOn, amountCents: index === dates.length - 1 ? cents - each * (dates.length - 1) : each }));
}

/** The monthly plan of a balance, or null when none is offered (the balance falls due too soon). */
export function monthlyPlan({ bookedOn, balanceDueOn, balanceCents }: { bookedOn: string; balanceDueOn: string; balanceCents: number }): Instalment[] | null {
  if (!planOffered(bookedOn, balanceDueOn)) return null;
  return spread(balanceCents, instalmentDates(bookedOn, balanceDueOn));
}
