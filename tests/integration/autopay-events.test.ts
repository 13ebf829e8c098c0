/**
 * Off-session instalments as Stripe reports them (issue 58): `payment_intent.*` events whose
 * metadata names the booking and the instalment are recorded in its ledger once by PaymentIntent
 * id, whatever the number or order of deliveries; a PayTo debit is pending (not paid) while
 * `processing`, paid at `succeeded`, and a failure (no payment) at `payment_failed`. The events are
 * the fake Stripe's own, made by charging through the real `stripe` package.
 */
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { stripeClient } from "~/bookings/payments/stripe.server";
import { eventDate } from "../support/event-dates";
import { fakeStripeKeys, signedEvent, signedPendingEvent, startFakeStripe, stripeVars } from "../support/fake-stripe";
import type { PendingEvent } from "../support/fake-stripe/objects";
import { validBooking } from "../support/form-data";
import { bookThrough, currentRecord, type Booked } from "./booking";
import { outboxMailsOf } from "./forms-support";
import { startedForFile, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));
const api = () => stripeClient({ STRIPE_SECRET_KEY: fakeStripeKeys.secretKey, STRIPE_API_BASE: stripe.url })!;

const book = (day: number) => bookThrough(worker, { ...validBooking, fullName: `Nguyễn Thu Hà ${day}`, eventDate: eventDate("autopayEvents", day), boothType: "Glam Booth", packageDuration: "4 Hours" });
const current = (booked: Booked) => currentRecord(worker, booked);

async function deliver(event: PendingEvent) {
  const { body, signature } = signedPendingEvent(event);
  return worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
}

/** Delivers each event, expecting Stripe to be told it is stored. */
async function deliverAll(events: PendingEvent[]) {
  for (const event of events) expect((await deliver(event)).status, event.type).toBe(200);
}

const instalmentMetadata = (booked: Booked, instalment: number) => ({ invoiceNumber: booked.invoiceNumber, kind: "instalment", instalment: String(instalment), try: `try-${instalment}-1` });

/** A card saved on the booking's Customer, charged $100.00 off-session for instalment 1; the events it made. */
async function cardInstalment(booked: Booked) {
  const customer = await api().customers.create({ metadata: { invoiceNumber: booked.invoiceNumber } });
  const card = await api().paymentMethods.attach("pm_card_visa", { customer: customer.id });
  stripe.autopay.takeEvents();
  const intent = await api().paymentIntents.create({ amount: 10_000, currency: "aud", customer: customer.id, payment_method: card.id, off_session: true, confirm: true, metadata: instalmentMetadata(booked, 1) });
  return { intent, events: stripe.autopay.takeEvents() };
}

/** A PayTo agreement set up for the booking, and a $100.00 debit for instalment 1 under it, `processing`. */
async function payToInstalment(booked: Booked) {
  const customer = await api().customers.create({ metadata: { invoiceNumber: booked.invoiceNumber } });
  const session = await api().checkout.sessions.create({
    mode: "setup",
    currency: "aud",
    customer: customer.id,
    allowed_payment_method_types: ["payto"],
    payment_method_options: { payto: { mandate_options: { amount: 74_000, amount_type: "maximum", payment_schedule: "adhoc", end_date: "2030-01-31" } } },
  });
  stripe.autopay.completeCheckout(session.id, "payto");
  const setup = await api().setupIntents.retrieve((await api().checkout.sessions.retrieve(session.id)).setup_intent as string);
  stripe.autopay.takeEvents();
  const intent = await api().paymentIntents.create({
    amount: 10_000,
    currency: "aud",
    customer: customer.id,
    payment_method: setup.payment_method as string,
    allowed_payment_method_types: ["payto"],
    mandate: setup.mandate as string,
    off_session: true,
    confirm: true,
    metadata: instalmentMetadata(booked, 1),
  });
  return { intent, processing: stripe.autopay.takeEvents() };
}

const paymentsOf = (booking: BookingRecord) => (booking.payments ?? []).map(({ sessionId, paymentIntent, instalment, kind, amountCents }) => ({ sessionId, paymentIntent, instalment, kind, amountCents }));

describe("an off-session instalment by card", () => {
  it("is recorded once by its PaymentIntent, whatever the number of deliveries, with one receipt", async () => {
    const booked = await book(1);
    const { intent, events } = await cardInstalment(booked);
    expect(events.map((event) => event.type)).toEqual(["payment_intent.succeeded"]);
    await deliverAll([...events, ...events]);
    await Promise.all([deliver(events[0]!), deliver(events[0]!)]);
    const after = await current(booked);
    expect(paymentsOf(after)).toEqual([{ sessionId: intent.id, paymentIntent: intent.id, instalment: 1, kind: "instalment", amountCents: 10_000 }]);
    expect(after.payments?.[0]?.mismatch).toBeUndefined();
    const receipts = (await outboxMailsOf(worker, booked.recordKey)).filter((mail) => mail.messageId.endsWith(`#receipt-${intent.id}`));
    expect(receipts).toHaveLength(1);
  });

  it("leaves the pay button's own PaymentIntents to its checkout.session events", async () => {
    const booked = await book(2);
    const intent = { id: "pi_from_checkout_2", object: "payment_intent", amount: 22_200, amount_received: 22_200, currency: "aud", status: "succeeded", metadata: { invoiceNumber: booked.invoiceNumber, kind: "deposit" } };
    const { body, signature } = signedEvent("payment_intent.succeeded", intent);
    const answer = await worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
    expect(answer.status).toBe(200);
    expect((await current(booked)).payments ?? []).toEqual([]);
  });
});

describe("a refund of an instalment", () => {
  it("is found through its PaymentIntent's metadata, and waits (503) until the instalment is recorded", async () => {
    const booked = await book(6);
    const { intent, events } = await cardInstalment(booked);
    const { refund } = stripe.refundInDashboard(intent.id, 4_000)!;
    expect((await deliver({ type: "refund.created", object: refund })).status).toBe(503);
    await deliverAll(events);
    await deliverAll([{ type: "refund.created", object: refund }]);
    const after = await current(booked);
    expect((after.refunds ?? []).map(({ id, amountCents, paymentIntent }) => ({ id, amountCents, paymentIntent }))).toEqual([{ id: refund.id, amountCents: 4_000, paymentIntent: intent.id }]);
  });
});

describe("an instalment by PayTo", () => {
  it("is pending, not paid, while processing; paid once at succeeded; a late processing changes nothing", async () => {
    const booked = await book(3);
    const { intent, processing } = await payToInstalment(booked);
    expect(processing.map((event) => event.type)).toEqual(["payment_intent.processing"]);
    await deliverAll(processing);
    const pending = await current(booked);
    expect(pending.payments ?? []).toEqual([]);
    expect(pending.paymentState).toBe("unpaid");
    expect(pending.pendingPayments).toEqual([{ paymentIntent: intent.id, instalment: 1, amountCents: 10_000, since: expect.any(String) }]);

    stripe.autopay.settlePayTo(intent.id, "succeeded");
    const succeeded = stripe.autopay.takeEvents();
    await deliverAll([...succeeded, ...processing, ...succeeded]);
    const paid = await current(booked);
    expect(paymentsOf(paid)).toEqual([{ sessionId: intent.id, paymentIntent: intent.id, instalment: 1, kind: "instalment", amountCents: 10_000 }]);
    expect(paid.pendingPayments ?? []).toEqual([]);
    expect(paid.failedPayments ?? []).toEqual([]);
  });

  it("delivered out of order (succeeded before processing) is paid once and never pending", async () => {
    const booked = await book(4);
    const { intent, processing } = await payToInstalment(booked);
    stripe.autopay.settlePayTo(intent.id, "succeeded");
    await deliverAll([...stripe.autopay.takeEvents(), ...processing]);
    const after = await current(booked);
    expect(paymentsOf(after)).toHaveLength(1);
    expect(after.pendingPayments ?? []).toEqual([]);
  });

  it("failing after processing is recorded as a failure, once, with no payment", async () => {
    const booked = await book(5);
    const { intent, processing } = await payToInstalment(booked);
    await deliverAll(processing);
    stripe.autopay.settlePayTo(intent.id, "failed");
    const failed = stripe.autopay.takeEvents();
    await deliverAll([...failed, ...failed, ...processing]);
    const after = await current(booked);
    expect(after.payments ?? []).toEqual([]);
    expect(after.pendingPayments ?? []).toEqual([]);
    expect(after.failedPayments).toEqual([{ paymentIntent: intent.id, instalment: 1, amountCents: 10_000, code: "insufficient_funds", declineCode: null, at: expect.any(String) }]);
    expect(after.paymentState).toBe("unpaid");
  });
});
