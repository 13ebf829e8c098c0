/**
 * Autopay's charges that fail and stop (issue 58; docs/product-decisions.md, "Payment plans and
 * autopay"), through the Cron run at chosen mornings and the queue's consumer: a card that needs
 * the bank's authentication or has expired is not tried again, autopay stops, client and owner are
 * told once and the pay button takes the instalment by an ordinary Checkout; a PayTo debit that
 * fails days after `processing` is owed again, told once and not retried; a PayTo agreement
 * cancelled in the bank app stops every charge to come. Expected figures from the terms: the
 * deposit 30% of the total rounded up to the dollar, the balance in equal monthly instalments.
 */
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { declines } from "../support/fake-stripe/test-cards";
import { validBooking } from "../support/form-data";
import { allAnswered, chargesAtStripe, deliverAll, depositWithAutopay, morningOf, settled } from "./autopay-support";
import { bookThrough, currentRecord, deliverPaid, startCheckout, type Booked } from "./booking";
import { outboxMailsOf } from "./forms-support";
import { startedForFile, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

// The payment plans' month, in the Enclosed Booth: days 12, 13, 16, 17, 18 and 20 (autopay-races.test.ts takes 19 and 22 to 24; the other files book the Glam Booth).
const bookMonthly = (day: number) =>
  bookThrough(worker, { ...validBooking, fullName: `Trần Văn Minh ${day}`, eventDate: eventDate("paymentPlans", day), boothType: "Enclosed Booth", packageDuration: "4 Hours", paymentOption: "monthly" });

const instalmentPayments = (record: BookingRecord) => (record.payments ?? []).filter((payment) => payment.kind === "instalment").map(({ instalment, amountCents, paymentIntent }) => ({ instalment, amountCents, paymentIntent }));
/** The names of the booking's autopay e-mails ("autopay-failed-1", "autopay-failed-1-owner", "autopay-stopped-…"). */
const autopayMails = async (booked: Booked) => (await outboxMailsOf(worker, booked.recordKey)).map((mail) => mail.messageId.split("#")[1]!).filter((name) => name.startsWith("autopay-")).sort();

describe("a card autopay cannot charge", () => {
  it.each([
    ["expired_card", declines.expired, 12],
    ["authentication_required", declines.authenticationRequired, 13],
  ] as const)("%s: not tried again on later runs, autopay stops, client and owner told once, and the pay button takes the instalment by Checkout, recorded once", async (_code, failure, day) => {
    const booked = await bookMonthly(day);
    await depositWithAutopay(worker, stripe, booked);
    const { paymentPlan, autopay } = await currentRecord(worker, booked);
    const [first, second] = paymentPlan!.instalments!;
    stripe.autopay.cardFailsFromNow(autopay!.saved.paymentMethod, failure);
    // The first try's day, run twice; the days a soft decline would be tried again (3 and 5 after); the next instalment's date.
    for (const moment of [first!.dueOn, first!.dueOn, addDays(first!.dueOn, 3), addDays(first!.dueOn, 5), second!.dueOn]) {
      await worker.scheduled(morningOf(moment));
      await settled(worker, booked, allAnswered);
    }
    const after = await settled(worker, booked, allAnswered);
    expect(after.autopayTries?.map(({ instalment, tryNumber, answer }) => ({ instalment, tryNumber, status: answer?.status, code: answer?.code, again: answer?.again }))).toEqual([
      { instalment: 1, tryNumber: 1, status: "declined", code: failure.decline_code, again: undefined },
    ]);
    expect(chargesAtStripe(stripe, booked)).toHaveLength(1);
    expect(after.autopay).toBeUndefined();
    expect(after.autopayStopped?.why).toBe("last-try");
    expect(instalmentPayments(after)).toEqual([]);
    expect(await autopayMails(booked)).toEqual(["autopay-failed-1", "autopay-failed-1-owner"]);
    const told = (await outboxMailsOf(worker, booked.recordKey)).find((mail) => mail.messageId.endsWith("#autopay-failed-1"))!;
    expect(told.text).toContain(booked.page.split("?")[0]);
    // The owner's e-mail opens their page of the booking, where "Charge this instalment now" and the plan are.
    const toldOwner = (await outboxMailsOf(worker, booked.recordKey)).find((mail) => mail.messageId.endsWith("#autopay-failed-1-owner"))!;
    const ownerPage = new URL(new RegExp(`Your page of booking ${booked.invoiceNumber}: (\\S+)`).exec(toldOwner.text)![1]!);
    expect((await worker.fetch(`${ownerPage.pathname}${ownerPage.search}`)).status).toBe(200);

    // The booking page's pay button: an ordinary Checkout for the instalment, its webhook delivered twice.
    const session = await startCheckout(worker, stripe, booked);
    expect(session.amount_total).toBe(first!.amountCents);
    await deliverPaid(worker, session);
    await deliverPaid(worker, session);
    const paid = await settled(worker, booked, () => true);
    expect((paid.payments ?? []).filter((payment) => payment.sessionId === session.id).map(({ amountCents }) => amountCents)).toEqual([first!.amountCents]);
    expect(chargesAtStripe(stripe, booked)).toHaveLength(1);
  });
});

describe("a PayTo agreement", () => {
  it("a debit processing then failing days later: the instalment owed again, client and owner told once, not tried again, autopay stopped", async () => {
    const booked = await bookMonthly(17);
    await depositWithAutopay(worker, stripe, booked, "payto");
    const { paymentPlan } = await currentRecord(worker, booked);
    const [first, second] = paymentPlan!.instalments!;
    await worker.scheduled(morningOf(first!.dueOn));
    const processing = await settled(worker, booked, (record) => (record.autopayTries ?? []).length > 0 && allAnswered(record));
    const [debit] = chargesAtStripe(stripe, booked);
    expect(processing.autopayTries?.[0]?.answer).toMatchObject({ status: "processing", paymentIntent: debit!.id });
    await deliverAll(worker, stripe.autopay.takeEvents());
    expect((await settled(worker, booked, () => true)).pendingPayments).toEqual([{ paymentIntent: debit!.id, instalment: 1, amountCents: first!.amountCents, since: expect.any(String) }]);

    // Two days on the bank says no; Stripe's event comes twice.
    stripe.autopay.settlePayTo(debit!.id, "failed");
    const failed = stripe.autopay.takeEvents().filter((event) => event.type === "payment_intent.payment_failed");
    await deliverAll(worker, [...failed, ...failed]);
    const after = await settled(worker, booked, () => true);
    expect(instalmentPayments(after)).toEqual([]);
    expect(after.pendingPayments ?? []).toEqual([]);
    expect(after.failedPayments).toMatchObject([{ paymentIntent: debit!.id, instalment: 1, amountCents: first!.amountCents }]);
    expect(after.autopayTries?.map(({ tryNumber, answer }) => ({ tryNumber, status: answer?.status, again: answer?.again }))).toEqual([{ tryNumber: 1, status: "declined", again: undefined }]);
    expect(after.autopay).toBeUndefined();
    expect(await autopayMails(booked)).toEqual(["autopay-failed-1", "autopay-failed-1-owner"]);
    // Told of the debit as it was: by autopay, not "to your saved card", which a PayTo client has none of.
    const toldClient = (await outboxMailsOf(worker, booked.recordKey)).find((mail) => mail.messageId.endsWith("#autopay-failed-1"))!;
    expect(toldClient.text).toContain(`We could not charge instalment 1 (`);
    expect(toldClient.text).toContain("by autopay.");
    expect(toldClient.text).not.toMatch(/card will be tried|saved card/);
    // Owed again: the pay button asks for the first instalment.
    expect((await startCheckout(worker, stripe, booked)).amount_total).toBe(first!.amountCents);

    // Nothing is tried again: not 3 or 5 days after the first try, nor on the next instalment's date.
    for (const moment of [addDays(first!.dueOn, 3), addDays(first!.dueOn, 5), second!.dueOn]) await worker.scheduled(morningOf(moment));
    expect((await settled(worker, booked, allAnswered)).autopayTries).toHaveLength(1);
    expect(chargesAtStripe(stripe, booked)).toHaveLength(1);
  });

  it.each([
    ["its failure alone", 16, false],
    ["processing, then its failure", 20, true],
  ] as const)("a debit whose events (%s) come before the consumer's own `processing`: failed once by its PaymentIntent, no payment, autopay stopped, client and owner told once", async (_order, day, processingFirst) => {
    const booked = await bookMonthly(day);
    await depositWithAutopay(worker, stripe, booked, "payto");
    const [first] = (await currentRecord(worker, booked)).paymentPlan!.instalments!;
    // Stripe makes the debit and holds its answer; the bank says no and Stripe's events come first.
    const held = stripe.hold("/v1/payment_intents", { madeFirst: true });
    await worker.scheduled(morningOf(first!.dueOn));
    await held.arrived;
    const [debit] = chargesAtStripe(stripe, booked);
    const processing = stripe.autopay.takeEvents().filter((event) => event.type === "payment_intent.processing");
    stripe.autopay.settlePayTo(debit!.id, "failed");
    const failed = stripe.autopay.takeEvents().filter((event) => event.type === "payment_intent.payment_failed");
    await deliverAll(worker, [...(processingFirst ? processing : []), ...failed]);
    held.release();
    // The consumer's `processing` answer comes last; Stripe's events come again after it.
    const after = await settled(worker, booked, (record) => (record.autopayTries ?? []).length > 0 && allAnswered(record));
    await deliverAll(worker, [...failed, ...processing]);
    const again = await settled(worker, booked, () => true);
    for (const record of [after, again]) {
      expect(record.autopayTries?.map(({ tryNumber, answer }) => ({ tryNumber, status: answer?.status, paymentIntent: answer?.paymentIntent, again: answer?.again }))).toEqual([
        { tryNumber: 1, status: "declined", paymentIntent: debit!.id, again: undefined },
      ]);
      expect(instalmentPayments(record)).toEqual([]);
      expect(record.pendingPayments ?? []).toEqual([]);
      expect(record.failedPayments).toMatchObject([{ paymentIntent: debit!.id, instalment: 1, amountCents: first!.amountCents }]);
      expect(record.autopay).toBeUndefined();
      expect(record.autopayStopped?.why).toBe("last-try");
    }
    expect(await autopayMails(booked)).toEqual(["autopay-failed-1", "autopay-failed-1-owner"]);
    expect((await startCheckout(worker, stripe, booked)).amount_total).toBe(first!.amountCents);
  });

  it("cancelled from the bank app mid-plan: autopay off, the client told once, and the next run charges nothing", async () => {
    const booked = await bookMonthly(18);
    await depositWithAutopay(worker, stripe, booked, "payto");
    const { paymentPlan, autopay } = await currentRecord(worker, booked);
    const [first, second] = paymentPlan!.instalments!;
    await worker.scheduled(morningOf(first!.dueOn));
    await settled(worker, booked, (record) => (record.autopayTries ?? []).length > 0 && allAnswered(record));
    const [debit] = chargesAtStripe(stripe, booked);
    stripe.autopay.settlePayTo(debit!.id, "succeeded");
    await deliverAll(worker, stripe.autopay.takeEvents());
    expect(instalmentPayments(await settled(worker, booked, () => true))).toEqual([{ instalment: 1, amountCents: first!.amountCents, paymentIntent: debit!.id }]);

    if (autopay?.saved.kind !== "payto") throw new Error("not PayTo");
    stripe.autopay.cancelMandateInBank(autopay.saved.mandate);
    const cancelled = stripe.autopay.takeEvents();
    await deliverAll(worker, [...cancelled, ...cancelled]);
    const off = await settled(worker, booked, () => true);
    expect(off.autopay).toBeUndefined();
    expect(off.autopayStopped?.why).toBe("mandate-inactive");
    expect((await autopayMails(booked)).filter((name) => name.startsWith("autopay-stopped-"))).toHaveLength(1);

    await worker.scheduled(morningOf(second!.dueOn));
    const later = await settled(worker, booked, allAnswered);
    expect(later.autopayTries).toHaveLength(1);
    expect(chargesAtStripe(stripe, booked)).toHaveLength(1);
    expect(instalmentPayments(later)).toHaveLength(1);
  });
});
