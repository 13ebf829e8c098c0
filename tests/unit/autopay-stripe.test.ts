/**
 * The app's Stripe calls for autopay (app/bookings/payments/autopay-*.server.ts) against the fake
 * Stripe, through the real `stripe` package set up as the app sets it up. Expected figures and
 * words are written out here, from the decisions ("Payment plans and autopay").
 */
import { describe, expect, it } from "vitest";
import { chargeInstalment, lookUpTry, tryKey, type InstalmentTry } from "~/bookings/payments/autopay-charges.server";
import { declineOf, triedAgainAfter } from "~/bookings/payments/autopay-declines";
import { autopayCheckout, changeCardCheckout, customerFor, detachSaved, savedMethodOf, type SavedMethod } from "~/bookings/payments/autopay-stripe.server";
import type { Stripe } from "~/bookings/payments/stripe.server";
import { declines, type FakeStripe } from "../support/fake-stripe";
import { stripeAgainstFake } from "./stripe-against-fake";

let fake: FakeStripe;
let stripe: Stripe;

stripeAgainstFake((started) => ({ fake, stripe } = started));

let bookings = 0;
/** A booking of its own for each test, as the fake keeps every Customer. */
const booking = () => ({ invoiceNumber: `PB-20270301-${String(400 + (bookings += 1))}`, email: "minh.pham@example.com", fullName: "Phạm Văn Minh" });
const returnUrl = "https://booth.example.com/invoice/PB-20270301-401?key=secret";

async function customerOf(one: ReturnType<typeof booking>) {
  const made = await customerFor(stripe, one);
  if (!("customer" in made)) throw new Error(made.message);
  return made.customer;
}

/** A booking whose deposit of $222.00 was paid by card through the autopay checkout, the card saved. */
async function savedCard(card = "pm_card_visa") {
  const one = booking();
  const customer = await customerOf(one);
  const session = await autopayCheckout(stripe, { booking: one, customer, kind: "deposit", amountCents: 22_200, method: { kind: "card" }, returnUrl, round: 0 });
  if (session.status !== "created") throw new Error(session.message);
  fake.autopay.completeCheckout(session.id, card);
  const saved = (await savedMethodOf(stripe, session.id))!;
  return { booking: one, customer, saved, session };
}

const firstTry = (setup: { booking: { invoiceNumber: string }; customer: string; saved: SavedMethod }, overrides: Partial<InstalmentTry> = {}): InstalmentTry => ({
  invoiceNumber: setup.booking.invoiceNumber,
  instalment: 2,
  tryNumber: 1,
  tryId: `try-${setup.booking.invoiceNumber}-2-1`,
  amountCents: 17_267,
  customer: setup.customer,
  saved: setup.saved,
  ...overrides,
});

describe("the booking's Customer", () => {
  it("is made once, whatever the number of presses", async () => {
    const one = booking();
    const [first, second] = await Promise.all([customerFor(stripe, one), customerFor(stripe, one)]);
    expect(first).toEqual(second);
    expect(fake.autopay.customers.filter((customer) => customer.metadata.invoiceNumber === one.invoiceNumber)).toHaveLength(1);
    expect(fake.requests.filter((request) => request.path === "/v1/customers").at(-1)?.idempotencyKey).toBe(`customer-${one.invoiceNumber}`);
  });
});

describe("the deposit's checkout with autopay", () => {
  it("by card: pays the deposit on the Customer and saves the card off-session; only brand, last four and expiry are read", async () => {
    const { customer, saved, session } = await savedCard();
    const sent = fake.requests.find((request) => request.path === "/v1/checkout/sessions" && request.params.customer === customer)!.params;
    expect(sent).toMatchObject({
      mode: "payment",
      "payment_intent_data[setup_future_usage]": "off_session",
      "allowed_payment_method_types[0]": "card",
      "line_items[0][price_data][unit_amount]": "22200",
      "line_items[0][price_data][currency]": "aud",
      "metadata[kind]": "deposit",
    });
    expect(sent).not.toHaveProperty("customer_email");
    expect(saved).toEqual({ kind: "card", paymentMethod: expect.stringMatching(/^pm_/), brand: "visa", last4: "4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 3 });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it("by PayTo: the client approves a mandate of at most the total, adhoc, ending on the given date; the deposit is processing", async () => {
    const one = booking();
    const customer = await customerOf(one);
    const session = await autopayCheckout(stripe, {
      booking: one,
      customer,
      kind: "deposit",
      amountCents: 22_200,
      method: { kind: "payto", terms: { maximumCents: 74_000, endDate: "2028-05-20" } },
      returnUrl,
      round: 0,
    });
    if (session.status !== "created") throw new Error(session.message);
    const sent = fake.requests.find((request) => request.path === "/v1/checkout/sessions" && request.params.customer === customer)!.params;
    expect(sent).toMatchObject({
      "allowed_payment_method_types[0]": "payto",
      "payment_method_options[payto][mandate_options][amount]": "74000",
      "payment_method_options[payto][mandate_options][amount_type]": "maximum",
      "payment_method_options[payto][mandate_options][payment_schedule]": "adhoc",
      "payment_method_options[payto][mandate_options][end_date]": "2028-05-20",
      "payment_method_options[payto][setup_future_usage]": "off_session",
    });
    fake.autopay.completeCheckout(session.id, "payto");
    const saved = await savedMethodOf(stripe, session.id);
    expect(saved).toEqual({ kind: "payto", paymentMethod: expect.stringMatching(/^pm_/), mandate: expect.stringMatching(/^mandate_/), last4: "6789" });
  });

  it("reads nothing from a session the client has not completed", async () => {
    const one = booking();
    const session = await autopayCheckout(stripe, { booking: one, customer: await customerOf(one), kind: "deposit", amountCents: 22_200, method: { kind: "card" }, returnUrl, round: 0 });
    if (session.status !== "created") throw new Error(session.message);
    expect(await savedMethodOf(stripe, session.id)).toBeNull();
  });

  it("answers Stripe's refusal as data: a Customer Stripe does not have", async () => {
    const refused = await autopayCheckout(stripe, { booking: booking(), customer: "cus_gone", kind: "deposit", amountCents: 22_200, method: { kind: "card" }, returnUrl, round: 0 });
    expect(refused).toEqual({ status: "refused", message: "No such customer: 'cus_gone'" });
  });
});

describe("changing the card", () => {
  it("is a Checkout in setup mode on the booking's Customer, saving the new card", async () => {
    const { booking: one, customer } = await savedCard();
    const session = await changeCardCheckout(stripe, { invoiceNumber: one.invoiceNumber, customer, returnUrl, round: 0 });
    if (session.status !== "created") throw new Error(session.message);
    fake.autopay.completeCheckout(session.id, "pm_card_mastercard");
    expect(await savedMethodOf(stripe, session.id)).toMatchObject({ kind: "card", brand: "mastercard", last4: "4444" });
  });
});

describe("charging an instalment off-session", () => {
  it("charges the try with the key booking:instalment:try and the try's id and booking's number in the metadata", async () => {
    const setup = await savedCard();
    const outcome = await chargeInstalment(stripe, firstTry(setup));
    expect(outcome).toEqual({ status: "succeeded", paymentIntent: expect.stringMatching(/^pi_/), amountCents: 17_267 });
    const sent = fake.requests.filter((request) => request.path === "/v1/payment_intents").at(-1)!;
    expect(sent.idempotencyKey).toBe(`${setup.booking.invoiceNumber}:2:1`);
    expect(tryKey({ invoiceNumber: "PB-20270301-401", instalment: 3, tryNumber: 2 })).toBe("PB-20270301-401:3:2");
    expect(sent.params).toMatchObject({ off_session: "true", confirm: "true", "metadata[invoiceNumber]": setup.booking.invoiceNumber, "metadata[try]": `try-${setup.booking.invoiceNumber}-2-1`, "metadata[instalment]": "2" });
  });

  it("answers a soft decline as data, tried again after the first and second tries only", async () => {
    const setup = await savedCard();
    fake.autopay.cardFailsFromNow(setup.saved.paymentMethod, declines.insufficientFunds);
    const outcome = await chargeInstalment(stripe, firstTry(setup));
    expect(outcome).toEqual({
      status: "declined",
      paymentIntent: expect.stringMatching(/^pi_/),
      decline: { code: "card_declined", declineCode: "insufficient_funds", adviceCode: null, message: "Your card has insufficient funds.", soft: true },
    });
    if (outcome.status !== "declined") return;
    expect([1, 2, 3].map((tryNumber) => triedAgainAfter(outcome.decline, tryNumber))).toEqual([true, true, false]);
  });

  it.each([
    ["expired_card", declines.expired],
    ["authentication_required", declines.authenticationRequired],
    ["do_not_honor with do_not_try_again", { ...declines.doNotHonor, advice_code: "do_not_try_again" as const }],
  ])("answers %s as a decline never tried again", async (_name, failure) => {
    const setup = await savedCard();
    fake.autopay.cardFailsFromNow(setup.saved.paymentMethod, failure);
    const outcome = await chargeInstalment(stripe, firstTry(setup));
    expect(outcome).toMatchObject({ status: "declined", decline: { code: failure.code, soft: false } });
    if (outcome.status === "declined") expect(triedAgainAfter(outcome.decline, 1)).toBe(false);
  });

  it("calls generic_decline and do_not_honor soft without advice to stop, and a PayTo failure never", () => {
    expect(declineOf({ code: "card_declined", decline_code: "generic_decline" }).soft).toBe(true);
    expect(declineOf({ code: "card_declined", decline_code: "do_not_honor", advice_code: "try_again_later" }).soft).toBe(true);
    expect(declineOf({ code: "card_declined", decline_code: "lost_card" }).soft).toBe(false);
    expect(declineOf({ code: "insufficient_funds" }).soft).toBe(false);
  });

  it("is refused, as data, once autopay is off (the card detached)", async () => {
    const setup = await savedCard();
    expect(await detachSaved(stripe, setup.saved.paymentMethod)).toEqual({ status: "detached" });
    expect(await detachSaved(stripe, setup.saved.paymentMethod)).toEqual({ status: "already-detached" });
    expect(await chargeInstalment(stripe, firstTry(setup))).toMatchObject({ status: "refused", message: expect.stringContaining("detached from a Customer") });
  });

  it("under a PayTo mandate: processing; beyond the mandate, or once the client cancelled it in their bank app, refused", async () => {
    const one = booking();
    const customer = await customerOf(one);
    const session = await autopayCheckout(stripe, { booking: one, customer, kind: "deposit", amountCents: 22_200, method: { kind: "payto", terms: { maximumCents: 74_000, endDate: "2028-05-20" } }, returnUrl, round: 0 });
    if (session.status !== "created") throw new Error(session.message);
    fake.autopay.completeCheckout(session.id, "payto");
    const setup = { booking: one, customer, saved: (await savedMethodOf(stripe, session.id))! };
    expect(await chargeInstalment(stripe, firstTry(setup))).toEqual({ status: "processing", paymentIntent: expect.stringMatching(/^pi_/), amountCents: 17_267 });
    expect(await chargeInstalment(stripe, firstTry(setup, { instalment: 3, amountCents: 74_001 }))).toMatchObject({ status: "refused" });
    if (setup.saved.kind === "payto") fake.autopay.cancelMandateInBank(setup.saved.mandate);
    expect(await chargeInstalment(stripe, firstTry(setup, { instalment: 4 }))).toMatchObject({ status: "refused" });
  });
});

describe("a try whose answer was lost", () => {
  it("is unknown, then found at Stripe by its id among the Customer's PaymentIntents", async () => {
    const setup = await savedCard();
    await chargeInstalment(stripe, firstTry(setup, { instalment: 1, tryId: "an-earlier-try" }));
    // Made, the answer cut off; the SDK's own retry cannot reach Stripe either.
    fake.failNext("/v1/payment_intents", "made-then-dropped", "unreachable");
    expect(await chargeInstalment(stripe, firstTry(setup))).toMatchObject({ status: "unknown" });
    expect(await lookUpTry(stripe, { customer: setup.customer, tryId: `try-${setup.booking.invoiceNumber}-2-1` })).toEqual({
      status: "succeeded",
      paymentIntent: expect.stringMatching(/^pi_/),
      amountCents: 17_267,
    });
  });

  it("is not-made when Stripe made nothing for it", async () => {
    const setup = await savedCard();
    fake.failNext("/v1/payment_intents", "down", "down");
    expect(await chargeInstalment(stripe, firstTry(setup))).toMatchObject({ status: "unknown" });
    expect(await lookUpTry(stripe, { customer: setup.customer, tryId: `try-${setup.booking.invoiceNumber}-2-1` })).toEqual({ status: "not-made" });
  });
});
