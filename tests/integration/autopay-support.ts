/**
 * What the autopay tests share (issue 58): the deposit's Checkout that turns autopay on, Stripe's
 * waiting events delivered, the Cron run at a morning in Melbourne, and the booking read once its
 * ledger has nothing waiting (the queue's consumer runs after the Cron run returns).
 */
import { expect } from "vitest";
import { autopayCheckout, customerFor } from "~/bookings/payments/autopay-stripe.server";
import { stripeClient } from "~/bookings/payments/stripe.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays, melbourneInstant } from "~/utils/melbourne-time";
import { fakeStripeKeys, signedPendingEvent, type FakeStripe } from "../support/fake-stripe";
import type { PendingEvent } from "../support/fake-stripe/objects";
import { currentRecord, type Booked } from "./booking";
import type { TestWorker } from "./worker";

/** The Cron's morning run on a Melbourne day. */
export const morningOf = (date: string) => melbourneInstant(date, "06:00");

/** The app's own Stripe client, pointed at the fake. */
export const stripeApi = (stripe: FakeStripe) => stripeClient({ STRIPE_SECRET_KEY: fakeStripeKeys.secretKey, STRIPE_API_BASE: stripe.url })!;

/** Stripe's webhook for one waiting event, signed; the Worker's answer. */
export async function deliverEvent(worker: TestWorker, event: PendingEvent): Promise<Response> {
  const { body, signature } = signedPendingEvent(event);
  return worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
}

/** Delivers each event in turn, expecting Stripe to be told it is stored. */
export async function deliverAll(worker: TestWorker, events: PendingEvent[]): Promise<void> {
  for (const event of events) {
    const answer = await deliverEvent(worker, event);
    expect(answer.status, `${event.type}: ${await answer.text()}`).toBe(200);
  }
}

/** Delivers every event the fake Stripe made since the last call, signed, in order. */
export const deliverEvents = (worker: TestWorker, stripe: FakeStripe) => deliverAll(worker, stripe.autopay.takeEvents());

/**
 * The client pays the deposit (30% of the total, rounded up to the dollar) by the autopay Checkout,
 * saving their Visa or approving a PayTo agreement (whose deposit the bank then pays); its events delivered.
 */
export async function depositWithAutopay(worker: TestWorker, stripe: FakeStripe, booked: Booked, method: "card" | "payto" = "card"): Promise<{ depositCents: number }> {
  const { totalCents, eventDate, fullName, email } = await currentRecord(worker, booked);
  const depositCents = Math.ceil((totalCents * 0.3) / 100) * 100;
  const booking = { invoiceNumber: booked.invoiceNumber, email, fullName };
  const made = await customerFor(stripeApi(stripe), booking);
  if (!("customer" in made)) throw new Error(made.message);
  // PayTo: a maximum of at least the total, ending about six months after the event (the terms).
  const endDate = addDays(eventDate, 183);
  const chosen = method === "payto" ? ({ kind: "payto", terms: { maximumCents: totalCents, endDate } } as const) : ({ kind: "card" } as const);
  const checkout = await autopayCheckout(stripeApi(stripe), { booking, customer: made.customer, kind: "deposit", amountCents: depositCents, method: chosen, returnUrl: `https://photobooths.test${booked.page}`, round: 1 });
  if (checkout.status !== "created") throw new Error(checkout.message);
  stripe.autopay.takeEvents();
  const session = stripe.autopay.completeCheckout(checkout.id, method === "payto" ? "payto" : "pm_card_visa");
  if (method === "payto") stripe.autopay.settlePayTo((session as { payment_intent: string }).payment_intent, "succeeded");
  await deliverAll(worker, stripe.autopay.takeEvents());
  return { depositCents };
}

/** Waits until `done` holds (15 s at most), naming the Worker's last logs if it never does. */
export async function until(worker: TestWorker, done: () => boolean | Promise<boolean>): Promise<void> {
  for (let wait = 0; wait < 150; wait++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Never came; the Worker's last logs:\n${worker.logs.slice(-8).join("\n")}`);
}

/** The booking as its ledger has it once `done` holds and nothing waits (the queue's consumer runs after the Cron run returns). */
export async function settled(worker: TestWorker, booked: Booked, done: (record: BookingRecord) => boolean): Promise<BookingRecord> {
  let record: BookingRecord | undefined;
  await until(worker, async () => {
    const reading = await (await worker.ledger()).read(booked.invoiceNumber);
    record = reading?.booking;
    return !!record && reading!.waiting === 0 && done(record);
  });
  return record!;
}

/** Every try the Cron queued for the booking has its answer. */
export const allAnswered = (record: BookingRecord) => (record.autopayTries ?? []).every((one) => one.answer);

/** The off-session charges Stripe holds for the booking's instalments. */
export const chargesAtStripe = (stripe: FakeStripe, booked: Booked) =>
  stripe.autopay.paymentIntents.filter((intent) => intent.metadata?.invoiceNumber === booked.invoiceNumber && intent.metadata?.kind === "instalment");
