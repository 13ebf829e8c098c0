/**
 * An autopay try whose message ran out of deliveries (issue 58): the queue moves it to its
 * dead-letter queue, `photobooth-autopay-failed`, rather than drop it. There it is looked up at
 * Stripe as a try whose answer was lost is (a charge Stripe made is recorded once, never made
 * again), and a try Stripe made nothing for is never charged now: it failed, and the instalment is
 * owed as any failed charge (autopay stops, client and owner told once). Planned faults make the
 * booking's ledger unreachable through every delivery of the queue (`autopayRetries: 1`: two).
 */
import { describe, expect, it } from "vitest";
import { chargeInstalment } from "~/bookings/payments/autopay-charges.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { chargesAtStripe, depositWithAutopay, morningOf, settled, stripeApi, until } from "./autopay-support";
import { bookThrough, currentRecord, type Booked } from "./booking";
import { outboxMailsOf } from "./forms-support";
import { startedForFile, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) }, faults: { planned: true }, autopayRetries: 1 }));

// The payment plans' month, in the Open Booth (its other files book the Glam and Enclosed Booths).
const bookMonthly = (day: number) =>
  bookThrough(worker, { ...validBooking, fullName: `Λεωνίδας Κωνσταντίνου ${day}`, eventDate: eventDate("paymentPlans", day), boothType: "Open Booth", packageDuration: "4 Hours", paymentOption: "monthly" });

const autopayMails = async (booked: Booked) => (await outboxMailsOf(worker, booked.recordKey)).map((mail) => mail.messageId.split("#")[1]!).filter((name) => name.startsWith("autopay-")).sort();

/** The booking's first instalment's first try, kept by its ledger as queued by the morning's run; the message the run sent. */
async function queuedFirstTry(booked: Booked) {
  await depositWithAutopay(worker, stripe, booked);
  const first = (await currentRecord(worker, booked)).paymentPlan!.instalments![0]!;
  const enqueuedAt = morningOf(first.dueOn).toISOString();
  const one = { instalment: 1, tryNumber: 1, dueOn: first.dueOn, amountCents: first.amountCents };
  await (await worker.ledger()).recordQueuedTries(booked.invoiceNumber, [{ ...one, enqueuedAt }]);
  return { first, message: { invoiceNumber: booked.invoiceNumber, ...one, enqueuedAt } };
}

const answered = (record: BookingRecord) => record.autopayTries?.[0]?.answer !== undefined;

describe("an autopay try out of deliveries", () => {
  it("reaches the dead-letter queue, charges nothing, and the instalment is owed: autopay stops, client and owner told once; a dead letter delivered again changes nothing", async () => {
    const booked = await bookMonthly(1);
    const { first, message } = await queuedFirstTry(booked);
    // The ledger cannot be reached by either delivery of the autopay queue; the dead letter finds it.
    await worker.failNext("ledger", 2);
    await (await worker.autopayQueue()).send(message);
    const after = await settled(worker, booked, answered);
    expect(await worker.faultsLeft("ledger")).toBe(0);
    expect(chargesAtStripe(stripe, booked)).toEqual([]);
    expect(after.autopayTries?.[0]?.answer).toEqual({ status: "refused", paymentIntent: null, code: "tries_ran_out", at: message.enqueuedAt });
    expect(after.autopay).toBeUndefined();
    expect(after.autopayStopped?.why).toBe("last-try");
    expect((after.payments ?? []).filter((payment) => payment.instalment)).toEqual([]);
    expect(await autopayMails(booked)).toEqual(["autopay-failed-1", "autopay-failed-1-owner"]);
    const told = (await outboxMailsOf(worker, booked.recordKey)).find((mail) => mail.messageId.endsWith("#autopay-failed-1"))!;
    expect(told.text).toContain(booked.page.split("?")[0]);
    expect(told.text).toContain(`$${(first.amountCents / 100).toFixed(2)}`);

    const again = await worker.consumeAutopay(message, "photobooth-autopay-failed");
    expect(again.explicitAcks).toHaveLength(1);
    await until(worker, () => worker.logs.some((line) => line.includes(`Autopay dead letter: ${booked.invoiceNumber} instalment 1 try 1: not charged`)));
    expect(chargesAtStripe(stripe, booked)).toEqual([]);
    expect(await autopayMails(booked)).toEqual(["autopay-failed-1", "autopay-failed-1-owner"]);
  });

  it("looks a try whose answer was lost up at Stripe first: the charge Stripe made is recorded once and not made again", async () => {
    const booked = await bookMonthly(2);
    const { first, message } = await queuedFirstTry(booked);
    // A delivery wrote the try down and Stripe charged it; its answer never came back.
    const go = await (await worker.ledger()).startTry(booked.invoiceNumber, message);
    if (go.status !== "go") throw new Error(`the ledger said ${go.status}`);
    const made = await chargeInstalment(stripeApi(stripe), { ...message, tryId: go.tryId, customer: go.consent.customer, saved: go.consent.saved });
    expect(made.status).toBe("succeeded");

    const dead = await worker.consumeAutopay(message, "photobooth-autopay-failed");
    expect(dead.explicitAcks).toHaveLength(1);
    const after = await settled(worker, booked, answered);
    const charges = chargesAtStripe(stripe, booked);
    expect(charges).toHaveLength(1);
    expect(after.autopayTries?.[0]?.answer).toMatchObject({ status: "succeeded", paymentIntent: charges[0]!.id });
    expect((after.payments ?? []).filter((payment) => payment.instalment).map(({ amountCents, paymentIntent }) => ({ amountCents, paymentIntent }))).toEqual([{ amountCents: first.amountCents, paymentIntent: charges[0]!.id }]);
    expect(after.autopay).toBeDefined();
    expect(await autopayMails(booked)).toEqual([]);
  });

  it("for a booking cancelled meanwhile: charges nothing and records nothing", async () => {
    const booked = await bookMonthly(3);
    const { message } = await queuedFirstTry(booked);
    const cancelled = await (await worker.ledger()).changeByClient(booked.invoiceNumber, { kind: "cancel", at: new Date().toISOString() });
    expect(cancelled?.kind === "changed" && cancelled.record.status).toBe("cancelled");
    const dead = await worker.consumeAutopay(message, "photobooth-autopay-failed");
    expect(dead.explicitAcks).toHaveLength(1);
    const after = await currentRecord(worker, booked);
    expect(after.autopayTries?.[0]).not.toHaveProperty("answer");
    expect(chargesAtStripe(stripe, booked)).toEqual([]);
    expect(await autopayMails(booked)).toEqual([]);
  });
});
