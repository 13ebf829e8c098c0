/**
 * A booking's autopay consent (issue 58), from Stripe's own events made through the real `stripe`
 * package against the fake: the deposit's Checkout that saves the card (or approves a PayTo
 * agreement) turns autopay on with only Stripe's ids and what the client's page shows; a setup-mode
 * Checkout changes the card; a mandate the client cancels in their bank app turns it off and the
 * client is told once; replays change nothing.
 */
import { describe, expect, it } from "vitest";
import { autopayCheckout, changeCardCheckout, customerFor } from "~/bookings/payments/autopay-stripe.server";
import { stripeClient } from "~/bookings/payments/stripe.server";
import { eventDate } from "../support/event-dates";
import { fakeStripeKeys, signedPendingEvent, startFakeStripe, stripeVars } from "../support/fake-stripe";
import type { PendingEvent } from "../support/fake-stripe/objects";
import { validBooking } from "../support/form-data";
import { bookThrough, currentRecord, type Booked } from "./booking";
import { outboxMailsOf } from "./forms-support";
import { startedForFile, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));
const api = () => stripeClient({ STRIPE_SECRET_KEY: fakeStripeKeys.secretKey, STRIPE_API_BASE: stripe.url })!;

// Days 24 on of the payment plans' month (its own tests take the days before; the month after is beyond the five years a booking may be made for).
const book = (day: number) => bookThrough(worker, { ...validBooking, fullName: `Σοφία Παπαδοπούλου ${day}`, eventDate: eventDate("paymentPlans", day), boothType: "Glam Booth", packageDuration: "4 Hours" });

async function deliverAll(events: PendingEvent[]) {
  for (const event of events) {
    const { body, signature } = signedPendingEvent(event);
    const answer = await worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
    expect(answer.status, `${event.type}: ${await answer.text()}`).toBe(200);
  }
}

/** The deposit's autopay Checkout for the booking, completed by the client with `method`; its events. */
async function depositSaving(booked: Booked, method: "pm_card_visa" | "payto") {
  const booking = { invoiceNumber: booked.invoiceNumber, email: "sofia@example.com", fullName: "Σοφία Παπαδοπούλου" };
  const made = await customerFor(api(), booking);
  if (!("customer" in made)) throw new Error(made.message);
  const checkout = await autopayCheckout(api(), {
    booking,
    customer: made.customer,
    kind: "deposit",
    amountCents: 22_200,
    method: method === "payto" ? { kind: "payto", terms: { maximumCents: 74_000, endDate: "2032-06-30" } } : { kind: "card" },
    returnUrl: `https://photobooths.test${booked.page}`,
    round: 1,
  });
  if (checkout.status !== "created") throw new Error(checkout.message);
  stripe.autopay.takeEvents();
  stripe.autopay.completeCheckout(checkout.id, method);
  return { customer: made.customer, events: stripe.autopay.takeEvents() };
}

describe("autopay's consent", () => {
  it("is on once the deposit's Checkout saved the card: the Customer, the PaymentMethod, brand, last four and expiry; a replay changes nothing", async () => {
    const booked = await book(24);
    expect((await currentRecord(worker, booked)).autopay).toBeUndefined();
    const { customer, events } = await depositSaving(booked, "pm_card_visa");
    await deliverAll([...events, ...events]);
    const after = await currentRecord(worker, booked);
    expect(after.autopay).toEqual({
      customer,
      saved: { kind: "card", paymentMethod: expect.stringMatching(/^pm_/), brand: "visa", last4: "4242", expMonth: expect.any(Number), expYear: expect.any(Number) },
      since: expect.any(String),
    });
    // The deposit itself is recorded as any checkout's payment.
    expect((after.payments ?? []).map(({ kind, amountCents }) => ({ kind, amountCents }))).toEqual([{ kind: "deposit", amountCents: 22_200 }]);
  });

  it("moves to the card a setup-mode Checkout saved", async () => {
    const booked = await book(25);
    const { customer, events } = await depositSaving(booked, "pm_card_visa");
    await deliverAll(events);
    const first = (await currentRecord(worker, booked)).autopay!;
    const change = await changeCardCheckout(api(), { invoiceNumber: booked.invoiceNumber, customer, returnUrl: `https://photobooths.test${booked.page}`, round: 1 });
    if (change.status !== "created") throw new Error(change.message);
    stripe.autopay.completeCheckout(change.id, "pm_card_mastercard");
    await deliverAll(stripe.autopay.takeEvents());
    const after = (await currentRecord(worker, booked)).autopay!;
    expect(after.saved).toMatchObject({ kind: "card", brand: "mastercard", last4: "4444" });
    expect(after.saved.paymentMethod).not.toBe(first.saved.paymentMethod);
  });

  it("by PayTo keeps the mandate; cancelled in the bank app it is off, and the client is told once", async () => {
    const booked = await book(26);
    const { events } = await depositSaving(booked, "payto");
    await deliverAll(events);
    const on = (await currentRecord(worker, booked)).autopay!;
    expect(on.saved).toEqual({ kind: "payto", paymentMethod: expect.stringMatching(/^pm_/), mandate: expect.stringMatching(/^mandate_/), last4: expect.anything() });
    if (on.saved.kind !== "payto") throw new Error("not PayTo");
    stripe.autopay.cancelMandateInBank(on.saved.mandate);
    const cancelled = stripe.autopay.takeEvents();
    expect(cancelled.map((event) => event.type)).toEqual(["mandate.updated"]);
    await deliverAll([...cancelled, ...cancelled]);
    const off = await currentRecord(worker, booked);
    expect(off.autopay).toBeUndefined();
    expect(off.autopayStopped).toEqual({ why: "mandate-inactive", at: expect.any(String) });
    const told = (await outboxMailsOf(worker, booked.recordKey)).filter((mail) => mail.subject.startsWith("Autopay stopped"));
    expect(told).toHaveLength(1);
  });
});
