/**
 * The schedule that charges by itself (issue 58): a monthly plan with autopay by card, its
 * instalments' tries put on the autopay queue by the Cron run at a chosen moment, each try once
 * whatever the number of runs that day. Expected figures from the terms: the deposit is 30% of the
 * total rounded up to the dollar, the balance split equally over the plan's months (the odd cents
 * in the last).
 */
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { declines } from "../support/fake-stripe/test-cards";
import { validBooking } from "../support/form-data";
import * as autopay from "./autopay-support";
import { bookThrough, currentRecord, type Booked } from "./booking";
import { outboxMailsOf } from "./forms-support";
import { startedForFile, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));
const { morningOf } = autopay;
const depositWithAutopay = (booked: Booked) => autopay.depositWithAutopay(worker, stripe, booked);
const until = (done: () => boolean | Promise<boolean>) => autopay.until(worker, done);
const settled = (booked: Booked, done: (record: BookingRecord) => boolean) => autopay.settled(worker, booked, done);

// Days 14, 15, 27 and 28 of the payment plans' month (the month after is beyond the five years a booking may be made for).
const bookMonthly = (day: number) =>
  bookThrough(worker, { ...validBooking, fullName: `陈美玲 ${day}`, eventDate: eventDate("paymentPlans", day), boothType: "Glam Booth", packageDuration: "4 Hours", paymentOption: "monthly" });

describe("the schedule's autopay tries", () => {
  it("queues each instalment's first try once on its date, for what the plan says, whatever the number of runs that day", async () => {
    const booked = await bookMonthly(27);
    const { depositCents } = await depositWithAutopay(booked);
    const before = await currentRecord(worker, booked);
    expect(before.autopay?.saved).toMatchObject({ kind: "card", last4: "4242" });
    const instalments = before.paymentPlan!.instalments!;
    // The balance (the total less the deposit) in equal parts, the odd cents in the last; the balance due 14 days before the event.
    const balanceCents = before.totalCents - depositCents;
    const each = Math.floor(balanceCents / instalments.length);
    expect(instalments.at(-1)).toEqual({ dueOn: addDays(booked.eventDate, -14), amountCents: balanceCents - each * (instalments.length - 1) });
    const first = instalments[0]!;
    expect(first.amountCents).toBe(each);

    await worker.scheduled(morningOf(addDays(first.dueOn, -1)));
    expect((await currentRecord(worker, booked)).autopayTries ?? []).toEqual([]);

    await worker.scheduled(morningOf(first.dueOn));
    await worker.scheduled(new Date(morningOf(first.dueOn).getTime() + 3_600_000));
    const charged = await settled(booked, (record) => record.autopayTries?.[0]?.answer !== undefined);
    expect(charged.autopayTries).toEqual([
      {
        instalment: 1,
        tryNumber: 1,
        dueOn: first.dueOn,
        amountCents: each,
        enqueuedAt: morningOf(first.dueOn).toISOString(),
        tryId: `${booked.invoiceNumber}:1:1`,
        answer: { status: "succeeded", paymentIntent: expect.stringMatching(/^pi_/), code: null, at: expect.any(String) },
      },
    ]);
    const paymentIntent = charged.autopayTries![0]!.answer!.paymentIntent!;
    expect((charged.payments ?? []).map(({ kind, amountCents, instalment, paymentIntent }) => ({ kind, amountCents, instalment, paymentIntent }))).toEqual([
      { kind: "deposit", amountCents: depositCents, instalment: undefined, paymentIntent: expect.any(String) },
      { kind: "instalment", amountCents: each, instalment: 1, paymentIntent },
    ]);
    // One charge at Stripe for the try, whatever the number of runs.
    expect(stripe.autopay.paymentIntents.filter((intent) => intent.metadata?.try === `${booked.invoiceNumber}:1:1`)).toHaveLength(1);
    await worker.scheduled(new Date(morningOf(first.dueOn).getTime() + 7_200_000));
    expect((await settled(booked, () => true)).payments).toHaveLength(2);
  });

  it("looks up a try whose answer was lost before trying again, and records the one charge Stripe made", async () => {
    const booked = await bookMonthly(14);
    await depositWithAutopay(booked);
    const first = (await currentRecord(worker, booked)).paymentPlan!.instalments![0]!;
    // Stripe makes the charge and the answer is lost; the SDK's own retry does not get through either.
    stripe.failNext("/v1/payment_intents", "made-then-dropped", "unreachable");
    await worker.scheduled(morningOf(first.dueOn));
    const charged = await settled(booked, (record) => record.autopayTries?.[0]?.answer !== undefined);
    expect(stripe.faultsLeft("/v1/payment_intents")).toBe(0);
    const made = stripe.autopay.paymentIntents.filter((intent) => intent.metadata?.try === `${booked.invoiceNumber}:1:1`);
    expect(made).toHaveLength(1);
    expect(charged.autopayTries?.[0]?.answer).toMatchObject({ status: "succeeded", paymentIntent: made[0]!.id });
    expect((charged.payments ?? []).filter((payment) => payment.instalment === 1).map(({ amountCents, paymentIntent }) => ({ amountCents, paymentIntent }))).toEqual([
      { amountCents: first.amountCents, paymentIntent: made[0]!.id },
    ]);
    expect(worker.logs.some((line) => line.includes(`${booked.invoiceNumber} instalment 1 try 1: no answer from Stripe`))).toBe(true);
  });

  it("tries a soft decline again 3 and 5 days after the first try, once each whatever the runs, then stops autopay", async () => {
    const booked = await bookMonthly(15);
    await depositWithAutopay(booked);
    const { paymentPlan, autopay } = await currentRecord(worker, booked);
    const first = paymentPlan!.instalments![0]!;
    stripe.autopay.cardFailsFromNow(autopay!.saved.paymentMethod, declines.insufficientFunds);
    const answers = async () => (await settled(booked, () => true)).autopayTries?.map(({ tryNumber, dueOn, amountCents, answer }) => ({ tryNumber, dueOn, amountCents, again: answer?.again, at: answer?.at }));
    // The first try on the date, the second 3 days after it, the third 5 days after it; each run twice, and the days between run too.
    for (const day of [0, 0, 1, 2, 3, 3, 4, 5, 5, 6, 9]) {
      await worker.scheduled(morningOf(addDays(first.dueOn, day)));
      await settled(booked, (record) => (record.autopayTries ?? []).every((one) => one.answer));
    }
    // Each failure stamped with the moment of the run that queued its try, not the consumer's own clock (the wall
    // clock here, months before these runs): the owner's "failed on" and the morning's "yesterday" read it.
    const failedAt = (day: number) => morningOf(addDays(first.dueOn, day)).toISOString();
    expect(await answers()).toEqual([
      { tryNumber: 1, dueOn: first.dueOn, amountCents: first.amountCents, again: true, at: failedAt(0) },
      { tryNumber: 2, dueOn: addDays(first.dueOn, 3), amountCents: first.amountCents, again: true, at: failedAt(3) },
      { tryNumber: 3, dueOn: addDays(first.dueOn, 5), amountCents: first.amountCents, again: undefined, at: failedAt(5) },
    ]);
    const after = await currentRecord(worker, booked);
    expect(after.autopay).toBeUndefined();
    expect(after.autopayStopped?.why).toBe("last-try");
    expect(stripe.autopay.paymentIntents.filter((intent) => intent.metadata?.invoiceNumber === booked.invoiceNumber && intent.metadata?.kind === "instalment")).toHaveLength(3);
    expect((after.payments ?? []).filter((payment) => payment.instalment)).toEqual([]);
    // Client and owner told once, for the instalment, not for each try.
    const told = (await outboxMailsOf(worker, booked.recordKey)).filter((mail) => mail.messageId.includes("#autopay-failed-"));
    expect(told.map((mail) => mail.messageId.split("#")[1]).sort()).toEqual(["autopay-failed-1", "autopay-failed-1-owner"]);
  });

  it("reads a try queued before the message carried its run's moment: its failure takes the consumer's clock, as it did", async () => {
    const booked = await bookMonthly(16);
    await depositWithAutopay(booked);
    const { paymentPlan, autopay: consent } = await currentRecord(worker, booked);
    const first = paymentPlan!.instalments![0]!;
    stripe.autopay.cardFailsFromNow(consent!.saved.paymentMethod, declines.insufficientFunds);
    const one = { instalment: 1, tryNumber: 1, dueOn: first.dueOn, amountCents: first.amountCents };
    await (await worker.ledger()).recordQueuedTries(booked.invoiceNumber, [{ ...one, enqueuedAt: morningOf(first.dueOn).toISOString() }]);
    const sent = Date.now();
    // The message as the schedule queued it before: no `enqueuedAt`.
    await (await worker.autopayQueue()).send({ invoiceNumber: booked.invoiceNumber, ...one });
    const answer = (await settled(booked, (record) => record.autopayTries?.[0]?.answer !== undefined)).autopayTries![0]!.answer!;
    expect(answer).toMatchObject({ status: "declined", code: declines.insufficientFunds.decline_code, again: true });
    expect(Date.parse(answer.at)).toBeGreaterThanOrEqual(sent);
  });

  it("charges nothing for a try on the queue when the booking was cancelled before it was consumed", async () => {
    const booked = await bookMonthly(28);
    await depositWithAutopay(booked);
    const { paymentPlan } = await currentRecord(worker, booked);
    const first = paymentPlan!.instalments![0]!;
    const ledger = await worker.ledger();
    const one = { instalment: 1, tryNumber: 1, dueOn: first.dueOn, amountCents: first.amountCents };
    await ledger.recordQueuedTries(booked.invoiceNumber, [{ ...one, enqueuedAt: morningOf(first.dueOn).toISOString() }]);
    const cancelled = await ledger.changeByClient(booked.invoiceNumber, { kind: "cancel", at: new Date().toISOString() });
    expect(cancelled?.kind === "changed" && cancelled.record.status).toBe("cancelled");
    const charges = stripe.autopay.paymentIntents.length;
    await (await worker.autopayQueue()).send({ invoiceNumber: booked.invoiceNumber, ...one });
    await until(() => worker.logs.some((line) => line.includes(`${booked.invoiceNumber} instalment 1 try 1: not charged`)));
    expect(stripe.autopay.paymentIntents.length).toBe(charges);
    const after = await currentRecord(worker, booked);
    expect(after.autopayTries?.[0]?.tryId).toBeUndefined();
    expect((after.payments ?? []).filter((payment) => payment.instalment)).toEqual([]);
  });
});
