/**
 * What the books must say of a monthly plan and its autopay (issue 58), after every command: the
 * instalments as the terms lay them out, summing to the balance; those still to come summing to
 * what is still owed; at Stripe, exactly the tries the terms make, no instalment charged twice,
 * nothing charged once autopay stopped or the date was given up, never more charged than billed;
 * and every charge Stripe made in the books (once its word came, for a PayTo debit).
 */
import { expect } from "vitest";
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays } from "~/utils/melbourne-time";
import { holdsDate, instalmentsShort, paidCents, type BooksModel } from "./model";
import { instalmentCharges, tryIdOf } from "./plan-charges";
import { retryDays } from "./plan-model";
import { sessionsOf, type Real } from "./real";

const sum = (amounts: readonly number[]) => amounts.reduce((total, cents) => total + cents, 0);

export function checkPlan(model: BooksModel, real: Real, booking: BookingRecord): void {
  const plan = model.plan;
  if (!plan) return;
  const refunded = sum((booking.refunds ?? []).map((refund) => refund.amountCents));
  expect(booking.paymentPlan?.option, "the way to pay chosen").toBe("monthly");
  expect(booking.paymentPlan?.instalments, "each instalment's date and amount, as the terms lay them out").toEqual(plan.instalments);
  if (holdsDate(model)) {
    expect(sum(plan.instalments.map((one) => one.amountCents)), "the instalments sum to the balance (the total less the deposit)").toBe(model.totalCents - plan.depositCents);
    const depositShort = Math.max(plan.depositCents - (paidCents(model) - refunded), 0);
    const toCome = sum(instalmentsShort(plan.instalments, model, refunded).map((one) => one.shortCents));
    expect(depositShort + toCome, "the deposit and the instalments still to come sum to what is still owed").toBe(amountsDue(billableOf(booking)).owingCents);
  }
  expect(!!booking.autopay, `autopay ${plan.autopay ? "on" : `off (${plan.stopped ?? "never on"})`}`).toBe(!!plan.autopay);

  // Client and owner are told of each instalment's failure once, whatever the number of its tries.
  const told = Object.keys(booking.emailDelivery ?? {}).filter((name) => name.startsWith("autopay-failed-"));
  expect(told.sort(), "the failures told to client and owner").toEqual(plan.failedInstalments.flatMap((one) => [`autopay-failed-${one}`, `autopay-failed-${one}-owner`]).sort());

  const charges = instalmentCharges(real);
  const made = charges.map((intent) => ({ try: intent.metadata?.try, amountCents: intent.amount })).sort((a, b) => String(a.try).localeCompare(String(b.try)));
  const expected = plan.tries.filter((one) => one.outcome !== "ran out").map((one) => ({ try: tryIdOf(real, one), amountCents: one.amountCents })).sort((a, b) => a.try.localeCompare(b.try));
  expect(made, "the instalment charges Stripe made: each try the terms make, once").toEqual(expected);
  // Each try was queued on the day the terms make it: the instalment's date, or 3 and 5 days after its first try.
  const answered = (booking.autopayTries ?? []).filter((one) => one.answer).map(({ instalment, tryNumber, dueOn, amountCents }) => ({ instalment, tryNumber, dueOn, amountCents }));
  const triedOn = plan.tries.map(({ instalment, tryNumber, firstOn, amountCents }) => ({ instalment, tryNumber, dueOn: tryNumber === 1 ? firstOn : addDays(firstOn, retryDays[tryNumber - 2]!), amountCents }));
  expect(answered, "each try answered, on its day and for what was short then").toEqual(triedOn);
  for (const instalment of new Set(charges.map((intent) => intent.metadata?.instalment))) {
    const taken = charges.filter((intent) => intent.metadata?.instalment === instalment && (intent.status === "succeeded" || intent.status === "processing"));
    expect(taken.length, `instalment ${instalment} charged at most once`).toBeLessThanOrEqual(1);
  }
  if (plan.stopped !== null || !holdsDate(model)) plan.chargesAtStop ??= charges.length;
  if (plan.chargesAtStop !== null) expect(charges.length, `no charge after autopay stopped or the date was given up (${plan.stopped ?? model.status})`).toBe(plan.chargesAtStop);

  // Every charge Stripe made is in the books, once: a card's at once, a PayTo debit's once Stripe's word of it came.
  const waiting = new Set(real.events.filter((event) => !event.delivered && event.paid).map((event) => event.paid!.sessionId));
  for (const intent of charges.filter((one) => one.status === "succeeded")) {
    expect((booking.payments ?? []).filter((payment) => payment.paymentIntent === intent.id).length, `the charge ${intent.id} in the books once`).toBeLessThanOrEqual(1);
    expect(model.paid.has(intent.id) || waiting.has(intent.id), `the charge ${intent.id} in the books, or its word still on the way`).toBe(true);
  }
  const charged = sum(sessionsOf(real).filter((session) => session.payment_status === "paid").map((session) => session.amount_total)) + sum(charges.filter((one) => one.status === "succeeded" || one.status === "processing").map((one) => one.amount));
  if (holdsDate(model)) expect(charged - refunded, "never charged more than billed").toBeLessThanOrEqual(Math.max(model.totalCents, paidCents(model) - refunded));
}
