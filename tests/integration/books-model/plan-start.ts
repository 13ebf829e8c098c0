/**
 * A monthly plan's start in the model: the plan the terms lay out for the booking, and the deposit
 * paid by the Checkout that saves the way autopay pays (docs/product-decisions.md, "Payment plans
 * and autopay"): the card, or a PayTo agreement of at most the total a payment until six months
 * after the event, whose debit the bank settles before the model's commands begin.
 */
import { expect } from "vitest";
import { autopayCheckout, customerFor } from "~/bookings/payments/autopay-stripe.server";
import { stripeClient, type Stripe } from "~/bookings/payments/stripe.server";
import { melbourneToday } from "~/utils/melbourne-time";
import { fakeStripeKeys } from "../../support/fake-stripe";
import { validBooking } from "../../support/form-data";
import { testOrigin } from "../worker";
import { checkInvariants } from "./invariants";
import { depositOfTotal, type BooksModel, type PlanModel } from "./model";
import { offeredPlan } from "./plan-model";
import { deliver, type Real } from "./real";

/** The app's own Stripe client, pointed at the fake: what the client's page would call. */
export const stripeApi = (real: Pick<Real, "stripe">): Stripe => stripeClient({ STRIPE_SECRET_KEY: fakeStripeKeys.secretKey, STRIPE_API_BASE: real.stripe.url })!;

/** The model's plan of a booking made on `bookedOn`, autopay not yet on. */
export function planOf(bookedOn: string, eventDate: string, totalCents: number): PlanModel {
  const instalments = offeredPlan(bookedOn, eventDate, totalCents);
  if (!instalments) throw new Error(`No monthly plan is offered for ${eventDate} booked on ${bookedOn}: the sequence's horizon is too near`);
  return { bookedOn, instalments, depositCents: depositOfTotal(totalCents), autopay: null, stopped: null, failing: null, tries: [], failedInstalments: [], deliveriesFail: false, processing: new Map(), chargesAtStop: null };
}

/** Six months after `date` (the PayTo agreement's end), the month's last day where shorter. */
function sixMonthsAfter(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month + 6, 0)).getUTCDate();
  return new Date(Date.UTC(year, month + 5, Math.min(day, last))).toISOString().slice(0, 10);
}

/** The client pays the deposit by the Checkout that saves their card or approves a PayTo agreement; Stripe's events come at once. */
export async function depositWithAutopay(model: BooksModel, real: Real, kind: "card" | "payto"): Promise<void> {
  const api = stripeApi(real);
  const { invoiceNumber } = real.booked;
  const booking = { invoiceNumber, email: validBooking.email, fullName: "Nguyễn Thị Hương" };
  const made = await customerFor(api, booking);
  if (!("customer" in made)) throw new Error(made.message);
  const depositCents = depositOfTotal(model.totalCents);
  const method = kind === "payto" ? { kind, terms: { maximumCents: model.totalCents, endDate: sixMonthsAfter(model.eventDate) } } : { kind };
  const checkout = await autopayCheckout(api, { booking, customer: made.customer, kind: "deposit", amountCents: depositCents, method, returnUrl: `${testOrigin}${real.booked.page}`, round: 1 });
  if (checkout.status !== "created") throw new Error(checkout.message);
  real.stripe.autopay.takeEvents();
  const session = real.stripe.autopay.completeCheckout(checkout.id, kind === "payto" ? "payto" : "pm_card_visa");
  if (kind === "payto") real.stripe.autopay.settlePayTo(String((session as { payment_intent: string }).payment_intent), "succeeded");
  const created = Math.floor(real.clock.now().getTime() / 1000);
  for (const { type, object } of real.stripe.autopay.takeEvents()) {
    const answer = await deliver(real, { type, object, delivered: 0, created });
    expect(answer.status, `${type}: ${await answer.text()}`).toBe(200);
  }
  real.steps.push(`  (the deposit of ${depositCents} cents paid, autopay on by ${kind})`);
  model.paid.set(checkout.id, depositCents);
  model.paidOn.set(checkout.id, melbourneToday(real.clock.now()));
  model.plan!.autopay = kind;
  await checkInvariants(model, real);
}
