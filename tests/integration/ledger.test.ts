/**
 * The books against the bank and the calendar (docs/product-decisions.md, "What the books must
 * always say"): refunds decided by the booking's ledger from its own copy, pending until Stripe
 * settles them, never above what was paid under races; Checkout Sessions expired when a booking
 * gives its date up; a move racing a cancellation. Each test asserts the money and the holds.
 */
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { eventDate } from "../support/event-dates";
import { fakeStripeKeys, refundLookups, signedEvent, startFakeStripe, stripeVars, type FakeRefund } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { ownerLink } from "../support/links";
import { bookThrough, currentRecord, deliverPaid, payThrough, startCheckout, storedWith, type Booked } from "./booking";
import { freeOn, outboxMailsOf, postForm, settledRecord } from "./forms-support";
import { startedForFile, testVars, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));
/**
 * A Worker of its own whose storage fails when a test says, beside the same fake Stripe as another
 * account: its invoice numbers are drawn apart from the other Worker's and may be the same, and so
 * would be the idempotency keys made of them.
 */
const flaky = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe, fakeStripeKeys.secondAccountKey) }, faults: { planned: true } }));

// Glam Booth, 4 Hours: $740 in all from Friday to Sunday, the days the tests of these figures book
// (Monday to Thursday takes 10% off), a $222 deposit.
const totalCents = 74_000;

const book = (day: number, on = worker) => bookThrough(on, { ...validBooking, fullName: "Ελένη Παπαδοπούλου", eventDate: eventDate("ledger", day), boothType: "Glam Booth", packageDuration: "4 Hours" });
const current = (booked: Booked) => currentRecord(worker, booked);
const sumOf = (refunds: BookingRecord["refunds"]) => (refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
const glamFree = async (date: string) => (await freeOn(worker, date))["Glam Booth"];

async function deliver(type: string, object: object) {
  const { body, signature } = signedEvent(type, object);
  const answer = await worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
  expect(answer.status).toBe(200);
  return answer.text();
}

/** A booking paid in full by card, then cancelled by the owner: all $740 is owed back. Returns its Refund link. */
async function paidThenCancelledByOwner(day: number, on = worker) {
  const booked = await book(day, on);
  await payThrough(on, stripe, booked);
  await payThrough(on, stripe, booked);
  await on.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm"), { method: "POST" });
  await on.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "cancel"), { method: "POST" });
  const refundLink = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund");
  const press = (method: "card" | "bank") => postForm(on, refundLink, { method });
  return { booked, refundLink, press };
}

const refundsAtStripe = (booked: Booked) => stripe.refunds.filter((refund) => refund.metadata.invoiceNumber === booked.invoiceNumber);
const mailNames = async (booked: Booked) => (await outboxMailsOf(worker, booked.recordKey)).map((mail) => mail.messageId.split("#")[1]!);

describe("card refunds as Stripe makes them", () => {
  it("are pending until Stripe says they succeeded; then the client is e-mailed once for each", async () => {
    const { booked, press } = await paidThenCancelledByOwner(11);
    expect((await press("card")).status).toBe(200);
    const made = refundsAtStripe(booked);
    expect(made.map((refund) => refund.amount).sort()).toEqual([22_200, 51_800]);
    const pending = await current(booked);
    expect(pending.refunds?.every((refund) => refund.pending)).toBe(true);
    expect(sumOf(pending.refunds)).toBe(totalCents);
    expect(pending.paymentState).toBe("refunded");
    expect(await (await worker.fetch(booked.page)).text()).toContain("$740.00 is being refunded to your card");

    for (const refund of made) {
      const settled = stripe.settleRefund(refund.id, "succeeded");
      await deliver("refund.updated", settled);
      await deliver("refund.updated", settled);
    }
    const done = await current(booked);
    expect(await (await worker.fetch(booked.page)).text()).not.toContain("is being refunded to your card");
    expect(done.refunds?.map((refund) => [refund.id, refund.pending ?? false]).sort()).toEqual(made.map((refund) => [refund.id, false]).sort());
    await expect.poll(() => mailNames(booked)).toEqual(expect.arrayContaining(made.map((refund) => `refund-${refund.id}`)));
    const names = await mailNames(booked);
    expect(names.filter((name) => name.startsWith("refund-"))).toHaveLength(2);
  });

  it("that fail are taken back: the money is owed again, the owner is e-mailed a Refund link, and a second refund makes it good", async () => {
    const { booked, press, refundLink } = await paidThenCancelledByOwner(12);
    await press("card");
    const [failing, succeeding] = refundsAtStripe(booked) as [FakeRefund, FakeRefund];
    await deliver("refund.updated", stripe.settleRefund(succeeding.id, "succeeded"));
    await deliver("refund.failed", stripe.settleRefund(failing.id, "failed"));
    await deliver("refund.failed", stripe.settleRefund(failing.id, "failed"));

    const after = await current(booked);
    expect(after.refunds?.map((refund) => refund.id)).toEqual([succeeding.id]);
    expect(after.failedRefunds?.map((refund) => refund.id)).toEqual([failing.id]);
    expect(after.paymentState).toBe("partly-refunded");
    expect(await (await worker.fetch(refundLink)).text()).toContain(`is owed back $${(failing.amount / 100).toFixed(2)}`);
    await expect.poll(() => mailNames(booked)).toContain(`refund-failed-${failing.id}`);
    const [ownerMail] = (await outboxMailsOf(worker, booked.recordKey)).filter((mail) => mail.messageId.endsWith(`#refund-failed-${failing.id}`));
    expect(ownerMail?.to.email).toBe(testVars.OWNER_EMAIL);
    expect(ownerMail?.text).toContain(`/owner/booking/${booked.invoiceNumber}?`);
    // Stripe could not give it back to that card: the card may be tried again, or the owner pays it back by bank.
    const page = await (await worker.fetch(refundLink)).text();
    expect(page).toContain(`I refunded $${(failing.amount / 100).toFixed(2)} by bank transfer`);

    await press("card");
    const again = refundsAtStripe(booked).at(-1)!;
    expect(again.amount).toBe(failing.amount);
    expect(sumOf((await current(booked)).refunds)).toBe(totalCents);
  });

  it("made in the dashboard are recorded from charge.refunded by asking Stripe for the charge's refunds", async () => {
    const booked = await book(3);
    const deposit = await payThrough(worker, stripe, booked);
    const { charge, refund } = stripe.refundInDashboard(`pi_${deposit.id}`, 2_000)!;
    expect(charge).not.toHaveProperty("refunds");
    expect(await deliver("charge.refunded", charge)).toContain(`recorded succeeded refund ${refund.id}`);
    expect(stripe.requests.some((request) => request.path === "/v1/refunds" && request.params.charge === charge.id)).toBe(true);
    expect((await current(booked)).refunds).toEqual([expect.objectContaining({ id: refund.id, amountCents: 2_000 })]);
  });
});

describe("refunds never exceed what was paid", () => {
  it("when the card and the bank buttons are pressed at once", async () => {
    const { booked, press } = await paidThenCancelledByOwner(4);
    const answers = await Promise.all([press("card"), press("bank"), press("card"), press("bank")]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const refunded = await current(booked);
    expect(sumOf(refunded.refunds)).toBe(totalCents);
    // Whatever went by card went to Stripe once.
    const byCard = (refunded.refunds ?? []).filter((refund) => refund.method === "card");
    expect(sumOf(byCard)).toBe(refundsAtStripe(booked).reduce((sum, refund) => sum + refund.amount, 0));
  });

  it("when Stripe's webhooks for a refund race the owner's button", async () => {
    const { booked, press } = await paidThenCancelledByOwner(5);
    const pressed = press("card");
    await expect.poll(() => refundsAtStripe(booked).length).toBe(2);
    const webhooks = refundsAtStripe(booked).flatMap((refund) => [deliver("refund.created", refund), deliver("refund.updated", stripe.settleRefund(refund.id, "succeeded"))]);
    await Promise.all([pressed, ...webhooks, press("card")]);
    const refunded = await current(booked);
    expect(sumOf(refunded.refunds)).toBe(totalCents);
    expect(refunded.refunds).toHaveLength(2);
    expect(refundsAtStripe(booked)).toHaveLength(2);
  });
});

describe("a date given up takes no more payments", () => {
  it("cancelling expires the open Checkout Session; a payment that still lands is recorded, flagged and owed back with a Refund link", async () => {
    const booked = await book(6);
    const session = await startCheckout(worker, stripe, booked);
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(303);
    await expect.poll(() => stripe.sessions.find((one) => one.id === session.id)?.status).toBe("expired");

    await deliverPaid(worker, session);
    const late = await storedWith(worker, booked, session.id);
    expect(late.payments).toEqual([expect.objectContaining({ sessionId: session.id, mismatch: expect.stringContaining("nothing was owing") })]);
    await expect.poll(() => mailNames(booked)).toContain(`payment-${session.id}`);
    const [ownerNote] = (await outboxMailsOf(worker, booked.recordKey)).filter((mail) => mail.messageId.endsWith(`#payment-${session.id}`));
    expect(ownerNote?.subject).toMatch(/^PAYMENT MISMATCH/);
    expect(ownerNote?.text).toContain(`/owner/booking/${booked.invoiceNumber}?`);
  });

  it("moving the date expires the session for the old amounts", async () => {
    const booked = await book(7);
    const session = await startCheckout(worker, stripe, booked);
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate: eventDate("ledger", 17) })).status).toBe(303);
    await expect.poll(() => stripe.sessions.find((one) => one.id === session.id)?.status).toBe("expired");
  });
});

describe("a move racing a cancellation", () => {
  it("ends on exactly one date with no hold left behind", async () => {
    const booked = await book(8);
    const to = eventDate("ledger", 18);
    const [glamOnOld, glamOnNew] = [await glamFree(booked.eventDate), await glamFree(to)];
    await Promise.all([
      postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate: to }),
      postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {}),
    ]);
    const record = await current(booked);
    expect(record.status).toBe("cancelled");
    const keys = (await (await worker.kv()).list({ prefix: "booking:" })).keys.filter((key) => key.name.endsWith(booked.invoiceNumber));
    expect(keys.map((key) => key.name)).toEqual([`booking:${record.eventDate}:${booked.invoiceNumber}`]);
    // Cancelled: neither date is held for it, whichever came first.
    await expect.poll(async () => [await glamFree(booked.eventDate), await glamFree(to)]).toEqual([glamOnOld! + 1, glamOnNew]);
  });
});

describe("each press of a Refund button is one refund", () => {
  /** The one-time id the Refund page's form carries, as a browser would post it back. */
  const attemptOnPage = async (refundLink: string, on = worker) => /name="attempt" value="([0-9a-f-]{36})"/.exec(await (await on.fetch(refundLink)).text())?.[1];

  it("the same press sent twice at once (a double submit, a resent form) refunds once", async () => {
    const { booked, refundLink } = await paidThenCancelledByOwner(13);
    const attempt = await attemptOnPage(refundLink);
    expect(attempt).toBeDefined();
    const answers = await Promise.all([postForm(worker, refundLink, { method: "card", attempt: attempt! }), postForm(worker, refundLink, { method: "card", attempt: attempt! })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(refundsAtStripe(booked).map((refund) => refund.amount).sort()).toEqual([22_200, 51_800]);
    expect(sumOf((await current(booked)).refunds)).toBe(totalCents);
    // Sent again later, the same press answers what it came to and asks Stripe for nothing.
    const requestsBefore = stripe.requests.length;
    const again = await (await postForm(worker, refundLink, { method: "card", attempt: attempt! })).text();
    expect(again).toContain("Refunded $518.00 by card");
    expect(again).toContain("$222.00 by card");
    expect(stripe.requests.slice(requestsBefore).filter((request) => request.path === "/v1/refunds")).toEqual([]);
  });

  it("while Stripe is slow to make it, the booking's other work goes on, and nothing is refunded twice", async () => {
    const { booked, refundLink } = await paidThenCancelledByOwner(18);
    const slow = stripe.hold("/v1/refunds");
    const pressed = postForm(worker, refundLink, { method: "card", attempt: (await attemptOnPage(refundLink))! });
    await slow.arrived;
    // What the attempt asks for already counts as given back: a second press, and the bank button, find nothing owed.
    expect(await (await postForm(worker, refundLink, { method: "bank", attempt: (await attemptOnPage(refundLink))! })).text()).toContain("Nothing more is owed back");
    const waiting = await current(booked);
    expect(waiting.refunds?.every((refund) => refund.pending)).toBe(true);
    expect(sumOf(waiting.refunds)).toBe(totalCents);
    slow.release();
    expect((await pressed).status).toBe(200);
    const done = await current(booked);
    expect(done.refunds?.map((refund) => refund.id).sort()).toEqual(refundsAtStripe(booked).map((refund) => refund.id).sort());
    expect(sumOf(done.refunds)).toBe(totalCents);
  });

  // The newest payment's refund goes through; the deposit's is made at Stripe, but the answer is lost and so is the SDK's retry.
  it("when Stripe made a refund but its answer was lost, it stays counted as given back and is then found at Stripe, never paid twice by bank", async () => {
    const { booked, refundLink } = await paidThenCancelledByOwner(20);
    stripe.failNext("/v1/refunds", "passes", "made-then-dropped", "unreachable");
    const said = await (await postForm(worker, refundLink, { method: "card", attempt: (await attemptOnPage(refundLink))! })).text();
    expect(said).toContain("Refunded $518.00 by card");
    expect(said).toContain("Stripe did not answer about the other $222.00");
    expect(await (await postForm(worker, refundLink, { method: "bank", attempt: (await attemptOnPage(refundLink))! })).text()).toContain("Nothing more is owed back");
    // The ledger's alarm looks the deposit's refund up by the attempt's id and records it in its placeholder's place.
    await expect.poll(async () => (await current(booked)).refunds?.map((refund) => refund.id).sort()).toEqual(refundsAtStripe(booked).map((refund) => refund.id).sort());
    expect(refundsAtStripe(booked).map((refund) => refund.amount).sort()).toEqual([22_200, 51_800]);
    expect(sumOf((await current(booked)).refunds)).toBe(totalCents);
  });

  it("when the ledger's alarm asks Stripe again while the press still waits on it, Stripe says the key is in use, and each refund is made and recorded once", async () => {
    const sessionsBefore = stripe.sessions.length;
    const { booked, refundLink } = await paidThenCancelledByOwner(27, flaky);
    // This booking's payments, told apart from the other Worker's (whose invoice numbers may be the same).
    const intents = new Set(stripe.sessions.slice(sessionsBefore).map((session) => `pi_${session.id}`));
    const asked = () => stripe.requests.filter((request) => request.path === "/v1/refunds" && intents.has(request.params.payment_intent ?? ""));
    const ledger = await flaky.ledger();
    await settledRecord(flaky, booked.recordKey);
    await expect.poll(async () => (await ledger.read(booked.invoiceNumber))!.waiting, { timeout: 15_000 }).toBe(0);
    const slow = stripe.hold("/v1/refunds");
    // The press's store fails, so the ledger's alarm comes back in a moment, while Stripe is still making the first refund.
    await flaky.failNext("kv.put");
    const pressed = postForm(flaky, refundLink, { method: "card", attempt: (await attemptOnPage(refundLink, flaky))! });
    await expect.poll(() => asked().length, { timeout: 15_000 }).toBeGreaterThan(0);
    const first = asked()[0]!.idempotencyKey;
    await expect.poll(() => asked().filter((request) => request.idempotencyKey === first).length, { timeout: 15_000 }).toBeGreaterThan(1);
    await expect.poll(() => flaky.logs.some((line) => line.includes("another in-progress request using this Idempotency Key")), { timeout: 15_000 }).toBe(true);
    slow.release();
    expect((await pressed).status).toBe(200);
    await expect.poll(async () => (await ledger.read(booked.invoiceNumber))!.waiting, { timeout: 15_000 }).toBe(0);
    const made = stripe.refunds.filter((refund) => intents.has(refund.payment_intent));
    expect(made.map((refund) => refund.amount).sort()).toEqual([22_200, 51_800]);
    const { booking } = (await ledger.read(booked.invoiceNumber))!;
    expect(booking.refunds?.map((refund) => refund.id).sort()).toEqual(made.map((refund) => refund.id).sort());
    expect(sumOf(booking.refunds)).toBe(totalCents);
  });

  it("when looking the refund up fails too, it stays counted as given back, and is looked up again until Stripe answers", async () => {
    const { booked, refundLink } = await paidThenCancelledByOwner(26);
    stripe.failNext("/v1/refunds", "passes", "made-then-dropped", "unreachable");
    // Each lookup the SDK tries twice: down twice, then unreachable twice, then found.
    stripe.failNextLookups("down", "down", "unreachable", "unreachable");
    const said = await (await postForm(worker, refundLink, { method: "card", attempt: (await attemptOnPage(refundLink))! })).text();
    expect(said).toContain("Stripe did not answer about the other $222.00");
    // Whether or not the lookups have failed yet, the deposit's refund counts as given back.
    expect(await (await postForm(worker, refundLink, { method: "bank", attempt: (await attemptOnPage(refundLink))! })).text()).toContain("Nothing more is owed back");
    // The SDK waits about a second before its retry: the two failed lookups take a few.
    await expect
      .poll(async () => (await current(booked)).refunds?.map((refund) => refund.id).sort(), { timeout: 15_000 })
      .toEqual(refundsAtStripe(booked).map((refund) => refund.id).sort());
    expect(stripe.faultsLeft(refundLookups)).toBe(0);
    await expect.poll(() => worker.logs.filter((line) => line.includes("Looking up the refund of attempt")).length).toBe(2);
    expect(refundsAtStripe(booked).map((refund) => refund.amount).sort()).toEqual([22_200, 51_800]);
    expect(sumOf((await current(booked)).refunds)).toBe(totalCents);
  });

  it("when Stripe failed with an error that may have made the refund and had not, it is owed back again once looked up", async () => {
    const { booked, refundLink } = await paidThenCancelledByOwner(25);
    stripe.failNext("/v1/refunds", "down", "down");
    const said = await (await postForm(worker, refundLink, { method: "card", attempt: (await attemptOnPage(refundLink))! })).text();
    expect(said).toContain("Stripe did not answer about the other $518.00");
    await expect.poll(async () => (await current(booked)).refunds?.map((refund) => refund.amountCents)).toEqual([22_200]);
    expect(refundsAtStripe(booked).map((refund) => refund.amount)).toEqual([22_200]);
    // Pressed again, it is a new refund of what is still owed back.
    expect(await (await postForm(worker, refundLink, { method: "card", attempt: (await attemptOnPage(refundLink))! })).text()).toContain("Refunded $518.00 by card");
    expect(sumOf((await current(booked)).refunds)).toBe(totalCents);
  });
});
