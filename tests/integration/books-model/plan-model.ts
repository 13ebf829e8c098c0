/**
 * The model's payment plan, "the deposit now, then monthly", and its autopay, in the terms'
 * own words (docs/product-decisions.md, "Payment plans and autopay"), written here and not taken
 * from app/bookings/plans/: the balance in equal monthly instalments on the balance due date's day
 * of the month (the month's last day where shorter), from at least 30 days after booking through
 * the due date itself (14 days before the event), the odd cents in the last one; a change spreads
 * the difference over the instalments still to come, a move re-dates them by the new balance due
 * date (too near: the rest at once). Autopay charges each instalment still short on its date; a
 * soft decline is tried again 3 and 5 days after the first try; any other failure, or the last
 * try, stops autopay.
 */
import { addDays, daysBetween } from "~/utils/melbourne-time";
import { depositOfTotal, instalmentsShort, paidCents, type BooksModel, type ModelInstalment, type ModelTry, type PlanModel } from "./model";

/** Days after an instalment's first try that a soft decline is tried again. */
export const retryDays = [3, 5] as const;

const parts = (date: string) => date.split("-").map(Number) as [number, number, number];

/** `day` of the month `months` after `date`'s month, or that month's last day where shorter. */
function dayOfMonth(date: string, months: number, day: number): string {
  const [year, month] = parts(date);
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, last))).toISOString().slice(0, 10);
}

/** The balance's due date: 14 days before the event, counted from the booking or its last move (`from`); due at once when nearer. */
export function balanceDueOf(eventDate: string, from: string): string {
  return daysBetween(from, eventDate) < 14 ? from : addDays(eventDate, -14);
}

/** The plan's dates: the balance due date's day of each month, back from it while 30 days or more after booking. */
export function planDates(bookedOn: string, balanceDueOn: string): string[] {
  const dates: string[] = [];
  for (let back = 0; ; back++) {
    const date = dayOfMonth(balanceDueOn, -back, parts(balanceDueOn)[2]);
    if (date < addDays(bookedOn, 30)) return dates;
    dates.unshift(date);
  }
}

/** `cents` in equal parts on `dates`, the odd cents in the last. */
export function spreadOver(cents: number, dates: readonly string[]): ModelInstalment[] {
  const each = Math.floor(cents / dates.length);
  return dates.map((dueOn, index) => ({ dueOn, amountCents: index === dates.length - 1 ? cents - each * (dates.length - 1) : each }));
}

/** The plan offered to a booking made on `bookedOn` for `eventDate` at `totalCents`, or null when its balance falls due under two months after booking. */
export function offeredPlan(bookedOn: string, eventDate: string, totalCents: number): ModelInstalment[] | null {
  const balanceDueOn = balanceDueOf(eventDate, bookedOn);
  if (balanceDueOn < dayOfMonth(bookedOn, 2, parts(bookedOn)[2])) return null;
  return spreadOver(totalCents - depositOfTotal(totalCents), planDates(bookedOn, balanceDueOn));
}

/**
 * The plan after a change made on `today` (add-ons, a move): the instalments paid or already due
 * stay, and so does the deposit once paid (one not yet paid is the terms' share of the new total);
 * what is left of the balance (the new total less the deposit and those) is spread over the
 * plan's dates after them and after today, by the balance due date as it now stands; with none
 * left, all of it today.
 */
export function replan(model: BooksModel, today: string, refundedCents: number): void {
  const plan = model.plan;
  if (!plan) return;
  const kept = instalmentsShort(plan.instalments, model, refundedCents).filter((one) => one.shortCents === 0 || one.dueOn <= today);
  if (paidCents(model) - refundedCents < plan.depositCents) plan.depositCents = depositOfTotal(model.totalCents);
  const left = model.totalCents - plan.depositCents - kept.reduce((sum, one) => sum + one.amountCents, 0);
  const after = kept.reduce((last, one) => (one.dueOn > last ? one.dueOn : last), today);
  const dates = planDates(plan.bookedOn, balanceDueOf(model.eventDate, model.dueFrom)).filter((date) => date > after);
  plan.instalments = [...kept.map(({ dueOn, amountCents }) => ({ dueOn, amountCents })), ...(left > 0 ? spreadOver(left, dates.length ? dates : [today]) : [])];
}

/**
 * The tries autopay makes on `day`, from the terms: while autopay is on and the booking holds its
 * date, each instalment still short is tried on its date (or the first run after), for what is
 * short of it; a soft decline again 3 and 5 days after its first try.
 */
export function triesDueOn(model: BooksModel, day: string, refundedCents: number): Omit<ModelTry, "outcome" | "again">[] {
  const plan = model.plan;
  if (!plan?.autopay || !(model.status === "requested" || model.status === "confirmed")) return [];
  return instalmentsShort(plan.instalments, model, refundedCents).flatMap((one, index) => {
    const instalment = index + 1;
    const tries = plan.tries.filter((made) => made.instalment === instalment);
    const last = tries.at(-1);
    if (one.shortCents === 0) return [];
    if (!last) return one.dueOn <= day ? [{ instalment, tryNumber: 1, firstOn: one.dueOn, amountCents: one.shortCents }] : [];
    const wait = last.again ? retryDays[last.tryNumber - 1] : undefined;
    return wait !== undefined && addDays(last.firstOn, wait) <= day ? [{ instalment, tryNumber: last.tryNumber + 1, firstOn: last.firstOn, amountCents: one.shortCents }] : [];
  });
}

/** The next day on or after `from` that autopay has a try to make, by the terms, or null. */
export function nextChargeDay(model: BooksModel, from: string, refundedCents: number): string | null {
  const plan = model.plan;
  if (!plan?.autopay) return null;
  const days = [...plan.instalments.map((one) => one.dueOn), ...plan.tries.flatMap((made) => (made.again ? [addDays(made.firstOn, retryDays[made.tryNumber - 1]!)] : []))]
    .map((day) => (day < from ? from : day))
    .sort();
  return days.find((day) => triesDueOn(model, day, refundedCents).length > 0) ?? null;
}

/** What Stripe answers a try, from the way autopay pays and how the card fails now. */
export function answerOf(plan: PlanModel, tryNumber: number): Pick<ModelTry, "outcome" | "again"> {
  if (plan.autopay === "payto") return { outcome: "processing", again: false };
  if (!plan.failing) return { outcome: "succeeded", again: false };
  return { outcome: "declined", again: plan.failing === "insufficient_funds" && tryNumber <= retryDays.length };
}

/** An instalment's charge failed: its client and owner are told, once. */
export function failedCharge(plan: PlanModel, instalment: number): void {
  if (!plan.failedInstalments.includes(instalment)) plan.failedInstalments.push(instalment);
}

/** Autopay stops: no charge comes after. */
export function stopAutopay(plan: PlanModel, why: string): void {
  if (!plan.autopay) return;
  plan.autopay = null;
  plan.stopped = why;
}
