/**
 * Autopay's charges racing the rest of a booking's life (issue 58; docs/product-decisions.md,
 * "Payment plans and autopay"), through the Cron run at chosen mornings and the queue's consumer,
 * with the fake Stripe holding its answer after making the charge: a booking cancelled while Stripe
 * charged it has the payment recorded once and owed back, refunded by the owner's Refund; Stripe's
 * webhook arriving before the consumer's own answer, and again, records the payment once; add-ons
 * added mid-plan are to spread over the instalments to come, and the next run charge the new amount;
 * a move too near makes the rest due at once, charged by that day's run.
 * Expected figures from the terms: the deposit 30% of the total rounded up to the dollar, the
 * balance in equal monthly instalments with the odd cents in the last.
 */
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { dateRule } from "~/prices/date-rules";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { ownerLink } from "../support/links";
import { allAnswered, chargesAtStripe, deliverAll, depositWithAutopay, morningOf, settled } from "./autopay-support";
import { bookThrough, currentRecord } from "./booking";
import { outboxMailsOf, postForm } from "./forms-support";
import { startedForFile, testVars, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

// The payment plans' month, in the Enclosed Booth: days 19, 22, 23 and 24 (autopay-failures.test.ts takes 12 to 18; the other files book the Glam Booth).
const bookMonthly = (day: number) =>
  bookThrough(worker, { ...validBooking, fullName: `王小明 ${day}`, eventDate: eventDate("paymentPlans", day), boothType: "Enclosed Booth", packageDuration: "4 Hours", paymentOption: "monthly" });

const instalmentPayments = (record: BookingRecord) => (record.payments ?? []).filter((payment) => payment.kind === "instalment").map(({ instalment, amountCents, paymentIntent }) => ({ instalment, amountCents, paymentIntent }));
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The Cron run on `date` with Stripe holding its answer once it has made the charge: returns when the charge is made. */
async function chargedWithAnswerHeld(date: string) {
  const held = stripe.hold("/v1/payment_intents", { madeFirst: true });
  await worker.scheduled(morningOf(date));
  await held.arrived;
  return held;
}

describe("a charge racing the booking", () => {
  it("cancelled while Stripe charged the instalment, before its answer was recorded: the payment recorded once, owed back, and the owner's Refund gives it back", async () => {
    const booked = await bookMonthly(19);
    const { depositCents } = await depositWithAutopay(worker, stripe, booked);
    const [first] = (await currentRecord(worker, booked)).paymentPlan!.instalments!;
    const held = await chargedWithAnswerHeld(first!.dueOn);
    const [charge] = chargesAtStripe(stripe, booked);
    expect(charge).toMatchObject({ status: "succeeded", amount: first!.amountCents });

    // The owner cancels the booking (on them, the terms give back all that was paid).
    await worker.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm"), { method: "POST" });
    expect((await worker.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "cancel"), { method: "POST" })).status).toBe(200);
    const refundLink = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund");
    expect(await (await worker.fetch(refundLink)).text()).toContain(`is owed back ${money(depositCents)}`);

    held.release();
    await deliverAll(worker, stripe.autopay.takeEvents());
    const after = await settled(worker, booked, (record) => allAnswered(record) && instalmentPayments(record).length > 0);
    expect(after.status).toBe("cancelled");
    expect(instalmentPayments(after)).toEqual([{ instalment: 1, amountCents: first!.amountCents, paymentIntent: charge!.id }]);
    expect(await (await worker.fetch(refundLink)).text()).toContain(`is owed back ${money(depositCents + first!.amountCents)}`);

    // The owner's Refund by card: the instalment's charge is refunded at Stripe, found through its metadata.
    const attempt = /name="attempt" value="([0-9a-f-]{36})"/.exec(await (await worker.fetch(refundLink)).text())?.[1];
    expect((await postForm(worker, refundLink, { method: "card", attempt: attempt! })).status).toBe(200);
    const refunds = stripe.refunds.filter((refund) => refund.payment_intent === charge!.id);
    expect(refunds.map((refund) => refund.amount)).toEqual([first!.amountCents]);
    await deliverAll(worker, refunds.map((refund) => ({ type: "refund.updated", object: stripe.settleRefund(refund.id, "succeeded") })));
    const refunded = await settled(worker, booked, () => true);
    expect((refunded.refunds ?? []).filter((refund) => refund.paymentIntent === charge!.id).map(({ amountCents, pending }) => ({ amountCents, pending: pending ?? false }))).toEqual([{ amountCents: first!.amountCents, pending: false }]);
    // Everything paid is given back: the deposit and the instalment charged after the cancellation.
    expect((refunded.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(depositCents + first!.amountCents);

    // Nothing more is charged: not the rest of this instalment, nor the next.
    await worker.scheduled(morningOf(addDays(first!.dueOn, 31)));
    expect(chargesAtStripe(stripe, booked)).toHaveLength(1);
  });

  it("Stripe's webhook before the consumer's own answer, and again after it: the payment recorded once, with one receipt", async () => {
    const booked = await bookMonthly(22);
    await depositWithAutopay(worker, stripe, booked);
    const [first] = (await currentRecord(worker, booked)).paymentPlan!.instalments!;
    const held = await chargedWithAnswerHeld(first!.dueOn);
    const events = stripe.autopay.takeEvents().filter((event) => event.type === "payment_intent.succeeded");
    await deliverAll(worker, [...events, ...events]);
    const [charge] = chargesAtStripe(stripe, booked);
    expect(instalmentPayments(await settled(worker, booked, () => true))).toEqual([{ instalment: 1, amountCents: first!.amountCents, paymentIntent: charge!.id }]);

    held.release();
    await deliverAll(worker, events);
    const after = await settled(worker, booked, (record) => (record.autopayTries ?? []).length > 0 && allAnswered(record));
    expect(after.autopayTries?.[0]?.answer).toMatchObject({ status: "succeeded", paymentIntent: charge!.id });
    expect(instalmentPayments(after)).toEqual([{ instalment: 1, amountCents: first!.amountCents, paymentIntent: charge!.id }]);
    const receipts = (await outboxMailsOf(worker, booked.recordKey)).filter((mail) => mail.messageId.endsWith(`#receipt-${charge!.id}`));
    expect(receipts).toHaveLength(1);
  });
});

describe("a plan changed while autopay is on", () => {
  // A known defect, left open (see the issue-58-charge-tests report): the deposit is 30% of the total as it is now, so an
  // add-on raises it after it was paid; that rise is taken from what paid the first instalment, which then reads short and is
  // laid out again with the rest (its amount rewritten), and autopay never charges the shortfall, as its try succeeded.
  // Passing this test needs a decision on what deposit a plan's instalments count from once paid; then drop `.fails`.
  it("add-ons added after the first instalment was charged: the difference spread over the instalments to come, none in the past, and the next run charges the new amount", async () => {
    const booked = await bookMonthly(23);
    const { depositCents } = await depositWithAutopay(worker, stripe, booked);
    const before = await currentRecord(worker, booked);
    const [first, second] = before.paymentPlan!.instalments!;
    await worker.scheduled(morningOf(first!.dueOn));
    await settled(worker, booked, (record) => instalmentPayments(record).length === 1 && allAnswered(record));

    expect((await postForm(worker, booked.page, { intent: "extras", extraHours: "0", backdrop: "", "addOn-usb": "on" })).status).toBe(303);
    const added = await currentRecord(worker, booked);
    const differenceCents = added.totalCents - before.totalCents;
    expect(differenceCents).toBeGreaterThan(0);
    // What is left after the deposit paid and the first instalment, in equal parts over the same dates from the second on, the odd cents in the last.
    const toCome = before.paymentPlan!.instalments!.slice(1);
    const leftCents = added.totalCents - depositCents - first!.amountCents;
    const each = Math.floor(leftCents / toCome.length);
    expect(added.paymentPlan!.instalments).toEqual([first, ...toCome.map(({ dueOn }, index) => ({ dueOn, amountCents: index === toCome.length - 1 ? leftCents - each * (toCome.length - 1) : each }))]);

    await worker.scheduled(morningOf(second!.dueOn));
    const charged = await settled(worker, booked, (record) => instalmentPayments(record).length === 2 && allAnswered(record));
    expect(instalmentPayments(charged).map(({ instalment, amountCents }) => ({ instalment, amountCents }))).toEqual([
      { instalment: 1, amountCents: first!.amountCents },
      { instalment: 2, amountCents: each },
    ]);
    expect(charged.autopayTries?.map(({ instalment, amountCents }) => ({ instalment, amountCents }))).toEqual([
      { instalment: 1, amountCents: first!.amountCents },
      { instalment: 2, amountCents: each },
    ]);
  });

  it("moved to a date whose balance falls due at once: the rest is one instalment due today, and today's run charges it", async () => {
    const booked = await bookMonthly(24);
    const { depositCents } = await depositWithAutopay(worker, stripe, booked);
    const before = await currentRecord(worker, booked);
    // 8 to 14 days away, under the 14 days the balance is due before, on a day the price sheet's date rules treat as the booked one (the price stays the same).
    const today = melbourneToday();
    const sameRule = (date: string) => JSON.stringify(dateRule(date)) === JSON.stringify(dateRule(booked.eventDate));
    const newDate = [8, 9, 10, 11, 12, 13, 14].map((days) => addDays(today, days)).find(sameRule)!;
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate })).status).toBe(303);
    const moved = await currentRecord(worker, { ...booked, eventDate: newDate });
    expect(moved.totalCents).toBe(before.totalCents);
    expect(moved.paymentPlan!.instalments).toEqual([{ dueOn: today, amountCents: before.totalCents - depositCents }]);

    await worker.scheduled(morningOf(today));
    const charged = await settled(worker, booked, (record) => instalmentPayments(record).length === 1 && allAnswered(record));
    expect(instalmentPayments(charged).map(({ instalment, amountCents }) => ({ instalment, amountCents }))).toEqual([{ instalment: 1, amountCents: before.totalCents - depositCents }]);
    // Paid in full, without a click.
    expect((charged.payments ?? []).reduce((sum, payment) => sum + payment.amountCents, 0)).toBe(before.totalCents);
  });
});
