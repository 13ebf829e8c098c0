/**
 * What the autopay tests share: a deposit paid by the autopay Checkout that saves a card (its
 * events delivered through the webhook, as Stripe would), and waiting for the autopay queue's
 * consumer, which runs after the Cron run or the owner's press has returned.
 */
import { expect } from "vitest";
import { autopayCheckout, customerFor } from "~/bookings/payments/autopay-stripe.server";
import { stripeClient } from "~/bookings/payments/stripe.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { fakeStripeKeys, signedPendingEvent, type startFakeStripe } from "../support/fake-stripe";
import { currentRecord, type Booked } from "./booking";
import type { TestWorker } from "./worker";

type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The client pays the deposit (30% of the total, rounded up to the dollar) by the autopay Checkout saving their Visa; its events delivered. */
export async function depositWithAutopay(worker: TestWorker, stripe: FakeStripe, booked: Booked): Promise<{ depositCents: number }> {
  const api = stripeClient({ STRIPE_SECRET_KEY: fakeStripeKeys.secretKey, STRIPE_API_BASE: stripe.url })!;
  const { totalCents, fullName, email } = await currentRecord(worker, booked);
  const depositCents = Math.ceil((totalCents * 0.3) / 100) * 100;
  const booking = { invoiceNumber: booked.invoiceNumber, email, fullName };
  const made = await customerFor(api, booking);
  if (!("customer" in made)) throw new Error(made.message);
  const method = { kind: "card" } as const;
  const checkout = await autopayCheckout(api, { booking, customer: made.customer, kind: "deposit", amountCents: depositCents, method, returnUrl: `https://photobooths.test${booked.page}`, round: 1 });
  if (checkout.status !== "created") throw new Error(checkout.message);
  stripe.autopay.takeEvents();
  stripe.autopay.completeCheckout(checkout.id);
  await deliverEvents(worker, stripe);
  return { depositCents };
}

/** Delivers every event the fake Stripe made since the last call to the webhook, signed, in order. */
export async function deliverEvents(worker: TestWorker, stripe: FakeStripe): Promise<void> {
  for (const event of stripe.autopay.takeEvents()) {
    const { body, signature } = signedPendingEvent(event);
    const answer = await worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
    expect(answer.status, await answer.text()).toBe(200);
  }
}

export async function until(worker: TestWorker, done: () => boolean | Promise<boolean>): Promise<void> {
  for (let wait = 0; wait < 150; wait++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Never came; the Worker's last logs:\n${worker.logs.slice(-8).join("\n")}`);
}

/** The booking as its ledger has it once `done` holds and its follow-ups are done (the queue's consumer runs after the Cron run returns). */
export async function settled(worker: TestWorker, booked: Booked, done: (record: BookingRecord) => boolean): Promise<BookingRecord> {
  let record: BookingRecord | undefined;
  await until(worker, async () => {
    const reading = await (await worker.ledger()).read(booked.invoiceNumber);
    record = reading?.booking;
    return !!record && reading!.waiting === 0 && done(record);
  });
  return record!;
}

/** Every try answered: the consumer is done with what the last run or press queued. */
export const triesAnswered = (record: BookingRecord) => (record.autopayTries ?? []).every((one) => one.answer);
