/**
 * Stripe's events as Stripe sends them: in any order, more than once, and for a booking the site
 * cannot reach yet (docs/operations.md, "Card payments"). A refund counts as Stripe says it stands
 * now, whatever order its events come in; the webhook answers 503 until an event is stored, so
 * Stripe delivers it again; and a promo code's use goes back with a booking that is declined or
 * withdrawn with nothing paid, while one cancelled after a payment keeps it (docs/operations.md,
 * "Promo codes").
 */
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import type { PromoCode } from "~/prices/promo-codes";
import { eventDate } from "../support/event-dates";
import { chargeOf, signedEvent, signedStripeEvent, startFakeStripe, stripeVars, type FakeSession } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { feedToken, ownerLink } from "../support/links";
import { bookThrough, currentRecord, payThrough, startCheckout, storedWith, type Booked } from "./booking";
import { outboxMailsOf, postForm, postJson } from "./forms-support";
import { startedForFile, testVars, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
// Planned faults: a test can make the next call to a booking's ledger fail.
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) }, faults: { planned: true } }));

const fields = (day: number, extra: Record<string, unknown> = {}) => ({ ...validBooking, fullName: `Stripe Event ${day}`, eventDate: eventDate("stripeEvents", day), boothType: "Glam Booth", packageDuration: "4 Hours", ...extra });
const book = (day: number, extra: Record<string, unknown> = {}) => bookThrough(worker, fields(day, extra));
const current = (booked: Booked) => currentRecord(worker, booked);
const refundedCents = (booking: BookingRecord) => (booking.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
const mailNames = async (booked: Booked) => (await outboxMailsOf(worker, booked.recordKey)).map((mail) => mail.messageId.split("#")[1]!);

async function post(body: string, signature: string) {
  return worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
}

/** Delivers an event about `object`; returns Stripe's answer. */
async function deliver(type: string, object: object) {
  const { body, signature } = signedEvent(type, object);
  return post(body, signature);
}

const ownerPress = async (booked: Booked, action: "confirm" | "decline" | "cancel") =>
  worker.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, action), { method: "POST" });

/** What the owner's Refund link says is owed back. */
async function owedBackSays(booked: Booked) {
  const html = await (await worker.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund"))).text();
  return /is owed back \$[\d,.]+|Nothing is owed back/.exec(html)?.[0];
}

/** A booking with its deposit paid by card, cancelled by the owner: the deposit is owed back. */
async function depositOwedBack(day: number) {
  const booked = await book(day);
  const deposit = await payThrough(worker, stripe, booked);
  await ownerPress(booked, "confirm");
  await ownerPress(booked, "cancel");
  const before = await current(booked);
  expect(before.status).toBe("cancelled");
  return { booked, deposit, before };
}

describe("refund events in any order", () => {
  it("refund.failed before refund.created: nothing is counted as given back, and the owner is told once", async () => {
    const { booked, deposit, before } = await depositOwedBack(1);
    const owed = await owedBackSays(booked);
    expect(owed).toMatch(/^is owed back \$/);
    const { refund: created } = stripe.refundInDashboard(`pi_${deposit.id}`, deposit.amount_total, "pending")!;
    const failed = stripe.settleRefund(created.id, "failed");

    // Stripe retries and never promises an order: the failure first, then the creation as it was (pending), each twice.
    for (const [type, object] of [["refund.failed", failed], ["refund.failed", failed], ["refund.created", created], ["refund.created", created]] as const) {
      expect((await deliver(type, object)).status).toBe(200);
    }

    const after = await current(booked);
    expect(refundedCents(after)).toBe(0);
    expect(after.refunds ?? []).toEqual([]);
    expect(after.paymentState).toBe(before.paymentState);
    expect(await owedBackSays(booked)).toBe(owed);
    await expect.poll(() => mailNames(booked)).toContain(`refund-failed-${created.id}`);
    const names = await mailNames(booked);
    expect(names.filter((name) => name === `refund-failed-${created.id}`)).toHaveLength(1);
    expect(names.filter((name) => name.startsWith("refund-") && !name.startsWith("refund-failed-"))).toEqual([]);
  });

  it("refund.created delivered twice, and late after the refund succeeded, leaves it succeeded; the client is e-mailed once", async () => {
    const { booked, deposit } = await depositOwedBack(2);
    expect((await postForm(worker, await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund"), { method: "card" })).status).toBe(200);
    const created = { ...stripe.refunds.find((refund) => refund.metadata.invoiceNumber === booked.invoiceNumber)! };
    expect(created.status).toBe("pending");

    const succeeded = stripe.settleRefund(created.id, "succeeded");
    for (const [type, object] of [["refund.updated", succeeded], ["refund.created", created], ["refund.created", created]] as const) {
      expect((await deliver(type, object)).status).toBe(200);
    }

    const after = await current(booked);
    expect(after.refunds).toEqual([expect.objectContaining({ id: created.id, amountCents: deposit.amount_total })]);
    expect(after.refunds?.[0]?.pending).toBeUndefined();
    expect(after.paymentState).toBe("refunded");
    expect(await owedBackSays(booked)).toBe("Nothing is owed back");
    await expect.poll(() => mailNames(booked)).toContain(`refund-${created.id}`);
    expect((await mailNames(booked)).filter((name) => name === `refund-${created.id}`)).toHaveLength(1);
  });

  it("a refund event for a refund Stripe does not have is not recorded, and answered 503", async () => {
    const { booked, deposit, before } = await depositOwedBack(7);
    const paymentIntent = `pi_${deposit.id}`;
    const unknown = { id: "re_nobody", object: "refund", amount: 1_000, charge: chargeOf(paymentIntent), currency: "aud", payment_intent: paymentIntent, status: "succeeded", created: Math.floor(Date.now() / 1000), metadata: { invoiceNumber: booked.invoiceNumber } };
    expect((await deliver("refund.created", unknown)).status).toBe(503);
    expect(stripe.requests.some((request) => request.path === "/v1/refunds/re_nobody")).toBe(true);
    expect((await current(booked)).refunds).toEqual(before.refunds);
  });
});

describe("the webhook answers 5xx until the change is stored", () => {
  it("a payment for a booking the ledger does not have yet: 503 and nothing stored; once the booking exists, the same delivery is recorded once", async () => {
    const invoiceNumber = "PB-20260301-901";
    const session: FakeSession = {
      id: "cs_test_before_its_booking",
      object: "checkout.session",
      url: "https://checkout.stripe.com/c/pay/cs_test_before_its_booking",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: 22_200,
      currency: "aud",
      client_reference_id: invoiceNumber,
      customer_email: validBooking.email,
      metadata: { invoiceNumber, kind: "deposit" },
    };
    const { body, signature } = signedStripeEvent("checkout.session.completed", session, { id: "evt_test_before_its_booking" });

    const early = await post(body, signature);
    expect(early.status).toBe(503);
    await expect.poll(() => worker.logs.join("\n")).toContain(`no booking ${invoiceNumber} yet`);
    expect((await (await worker.kv()).list({ prefix: "booking:" })).keys.filter((key) => key.name.endsWith(invoiceNumber))).toEqual([]);

    const booked = await book(3, { invoiceNumber });
    expect(booked.invoiceNumber).toBe(invoiceNumber);
    expect((await post(body, signature)).status).toBe(200);
    expect((await post(body, signature)).status).toBe(200);
    const recorded = await storedWith(worker, booked, session.id);
    expect(recorded.payments?.map((payment) => payment.sessionId)).toEqual([session.id]);
    await expect.poll(() => mailNames(booked)).toContain(`receipt-${session.id}`);
    expect((await mailNames(booked)).filter((name) => name === `receipt-${session.id}`)).toHaveLength(1);
  });

  it("a ledger that cannot be reached: 503 and nothing stored; Stripe's next delivery is recorded", async () => {
    const booked = await book(4);
    const session = await startCheckout(worker, stripe, booked);
    const { body, signature } = signedStripeEvent("checkout.session.completed", session);
    await worker.failNext("ledger");
    expect((await post(body, signature)).status).toBe(503);
    await expect.poll(() => worker.logs.join("\n")).toContain("Stripe will deliver it again");
    expect((await current(booked)).payments ?? []).toEqual([]);

    expect((await post(body, signature)).status).toBe(200);
    expect((await storedWith(worker, booked, session.id)).payments?.map((payment) => payment.sessionId)).toEqual([session.id]);
  });

  it("a refund of a payment no booking made is knowingly left: 200, nothing stored", async () => {
    const { charge, refund } = stripe.refundInDashboard("pi_not_a_booking", 5_000)!;
    const answer = await deliver("charge.refunded", charge);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(`refund ${refund.id} is not of a booking's payment`);
  });

  it("a refund of a booking's payment is recorded even when the site has not yet noted which booking the payment was for", async () => {
    const booked = await book(5);
    const deposit = await payThrough(worker, stripe, booked);
    await expect.poll(async () => (await worker.kv()).get(`payment-intent:pi_${deposit.id}`)).toBe(booked.invoiceNumber);
    await (await worker.kv()).delete(`payment-intent:pi_${deposit.id}`);
    const { charge, refund } = stripe.refundInDashboard(`pi_${deposit.id}`, 2_000)!;
    expect((await deliver("charge.refunded", charge)).status).toBe(200);
    expect((await current(booked)).refunds).toEqual([expect.objectContaining({ id: refund.id, amountCents: 2_000 })]);
  });

  it("sessions not started from an invoice page are left with 200", async () => {
    const session = { ...(await startCheckout(worker, stripe, await book(6))), metadata: {} };
    const { body, signature } = signedStripeEvent("checkout.session.completed", session);
    const answer = await post(body, signature);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("was not started from an invoice page");
  });
});

describe("a promo code's use", () => {
  async function addCode(code: string) {
    const promo: PromoCode = { code, off: { percent: 10 }, from: eventDate("stripeEvents", 1), to: eventDate("stripeEvents", 28), weekdaysOnly: false, uses: 1, createdAt: "2026-01-01T00:00:00.000Z" };
    await (await worker.kv()).put(`promo:${code}`, JSON.stringify(promo));
  }
  const bookWith = (day: number, promoCode: string) => postJson(worker, "/.netlify/functions/booking", fields(day, { promoCode }));
  async function usesOf(code: string): Promise<number> {
    const response = await worker.fetch(`/owner/promos?token=${await feedToken(testVars.OWNER_FEED_SECRET, "promos")}`);
    const { promos } = (await response.json()) as { promos: (PromoCode & { used: number })[] };
    return promos.find((listed) => listed.code === code)?.used ?? NaN;
  }

  it("is given back when its booking is declined: another booking can use the code", async () => {
    await addCode("DECLINED1");
    const first = await book(10, { promoCode: "DECLINED1" });
    expect((await bookWith(11, "DECLINED1")).status).toBe(422);
    await ownerPress(first, "decline");
    expect((await current(first)).status).toBe("declined");
    await expect.poll(() => usesOf("DECLINED1")).toBe(0);
    expect((await bookWith(11, "DECLINED1")).status).toBe(200);
    expect(await usesOf("DECLINED1")).toBe(1);
  });

  it("is given back when its booking, moved since, is withdrawn with nothing paid", async () => {
    await addCode("WITHDRAWN1");
    const first = await book(12, { promoCode: "WITHDRAWN1" });
    expect((await postForm(worker, `/invoice/${first.invoiceNumber}/move?key=${first.secret}`, { newDate: eventDate("stripeEvents", 13) })).status).toBe(303);
    expect((await postForm(worker, `/invoice/${first.invoiceNumber}/cancel?key=${first.secret}`, {})).status).toBe(303);
    expect((await current(first)).cancellation?.stage).toBe("withdrawn");
    await expect.poll(() => usesOf("WITHDRAWN1")).toBe(0);
    expect((await bookWith(14, "WITHDRAWN1")).status).toBe(200);
    expect(await usesOf("WITHDRAWN1")).toBe(1);
  });

  it("is kept by a booking cancelled after a deposit", async () => {
    await addCode("KEPT1");
    const first = await book(15, { promoCode: "KEPT1" });
    await payThrough(worker, stripe, first);
    expect((await postForm(worker, `/invoice/${first.invoiceNumber}/cancel?key=${first.secret}`, {})).status).toBe(303);
    const cancelled = await current(first);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancellation?.stage).not.toBe("withdrawn");
    expect(await usesOf("KEPT1")).toBe(1);
    expect((await bookWith(16, "KEPT1")).status).toBe(422);
  });
});
