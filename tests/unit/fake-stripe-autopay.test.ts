/**
 * The fake Stripe's Customers, saved payment methods, off-session PaymentIntents, PayTo mandates
 * and Checkout's setup mode, driven over HTTP by the real `stripe` package set up as the app sets
 * it up: each refusal Stripe makes is made here, in Stripe's shape.
 */
import { describe, expect, it } from "vitest";
import Stripe from "stripe";
import { type FakeStripe, fakeStripeKeys, signedPendingEvent } from "../support/fake-stripe";
import { stripeAgainstFake } from "./stripe-against-fake";

let fake: FakeStripe;
let stripe: Stripe;

stripeAgainstFake((started) => ({ fake, stripe } = started));

/** The error a call is refused with. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Stripe.errors.StripeError)) throw new Error(`expected a Stripe error, got ${String(error)}`);
  return error;
}

const customer = () => stripe.customers.create({ email: "lan.tran@example.com", name: "Trần Thị Lan", metadata: { invoiceNumber: "PB-20270301-401" } });

async function savedCard(token: string) {
  const { id } = await customer();
  const method = await stripe.paymentMethods.attach(token, { customer: id });
  return { customer: id, method };
}

const offSession = (customerId: string, paymentMethod: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({ amount: 31_850, currency: "aud", customer: customerId, payment_method: paymentMethod, off_session: true, confirm: true, ...extra });

describe("Customers and saved cards", () => {
  it("attaches a test card as a new PaymentMethod of the Customer, with its brand, last four and expiry", async () => {
    const { customer: id, method } = await savedCard("pm_card_visa");
    expect(method.id).toMatch(/^pm_/);
    expect(method.id).not.toBe("pm_card_visa");
    expect(method.customer).toBe(id);
    expect(method.card).toMatchObject({ brand: "visa", last4: "4242", exp_month: 12 });
    expect((await stripe.customers.retrieve(id)) as Stripe.Customer).toMatchObject({ name: "Trần Thị Lan", metadata: { invoiceNumber: "PB-20270301-401" } });
  });

  it("declines attaching a card whose charges are declined, as Stripe checks the card", async () => {
    const { id } = await customer();
    const error = await refusal(stripe.paymentMethods.attach("pm_card_chargeDeclined", { customer: id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, type: "StripeCardError", code: "card_declined", decline_code: "generic_decline" });
  });

  it("refuses a detached PaymentMethod for a charge and for attaching again", async () => {
    const { customer: id, method } = await savedCard("pm_card_visa");
    expect((await stripe.paymentMethods.detach(method.id)).customer).toBeNull();
    const charge = await refusal(offSession(id, method.id));
    expect(charge).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError", param: "payment_method" });
    expect(charge.message).toContain("detached from a Customer");
    expect(await refusal(stripe.paymentMethods.attach(method.id, { customer: id }))).toMatchObject({ statusCode: 400, param: "payment_method" });
  });

  it("refuses a saved card charged without its Customer", async () => {
    const { method } = await savedCard("pm_card_visa");
    const error = await refusal(stripe.paymentIntents.create({ amount: 5_000, currency: "aud", payment_method: method.id, off_session: true, confirm: true }));
    expect(error).toMatchObject({ statusCode: 400, param: "payment_method" });
  });
});

describe("off-session PaymentIntents", () => {
  it("refuses off_session without confirm (400, as Stripe says)", async () => {
    const { customer: id, method } = await savedCard("pm_card_visa");
    const error = await refusal(stripe.paymentIntents.create({ amount: 31_850, currency: "aud", customer: id, payment_method: method.id, off_session: true }));
    expect(error).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError", param: "off_session" });
  });

  it("charges a saved card at once, with the metadata kept, and makes payment_intent.succeeded", async () => {
    fake.autopay.takeEvents();
    const { customer: id, method } = await savedCard("pm_card_visa");
    const intent = await offSession(id, method.id, { metadata: { invoiceNumber: "PB-20270301-401", try: "try-1" } });
    expect(intent).toMatchObject({ status: "succeeded", amount: 31_850, amount_received: 31_850, currency: "aud", metadata: { try: "try-1" } });
    expect(fake.autopay.takeEvents().map((event) => [event.type, (event.object as Stripe.PaymentIntent).id])).toEqual([["payment_intent.succeeded", intent.id]]);
  });

  it.each([
    ["pm_card_chargeDeclinedInsufficientFunds", "card_declined", "insufficient_funds"],
    ["pm_card_chargeDeclined", "card_declined", "generic_decline"],
    ["pm_card_chargeDeclinedExpiredCard", "expired_card", "expired_card"],
  ])("declines %s with 402 card_error %s / %s and the PaymentIntent in the error", async (token, code, declineCode) => {
    fake.autopay.takeEvents();
    const error = await refusal(stripe.paymentIntents.create({ amount: 31_850, currency: "aud", payment_method: token, off_session: true, confirm: true }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code, decline_code: declineCode });
    expect(error.payment_intent).toMatchObject({ status: "requires_payment_method", last_payment_error: { code, decline_code: declineCode } });
    expect(fake.autopay.takeEvents().map((event) => event.type)).toEqual(["payment_intent.payment_failed"]);
  });

  it("fails a saved card that needs authentication with authentication_required, the PaymentIntent requires_payment_method", async () => {
    const { customer: id, method } = await savedCard("pm_card_authenticationRequired");
    const error = await refusal(offSession(id, method.id));
    expect(error).toMatchObject({ statusCode: 402, type: "StripeCardError", code: "authentication_required" });
    expect(error.payment_intent?.status).toBe("requires_payment_method");
  });

  it("declines a saved card whose account emptied since it was saved", async () => {
    const { customer: id, method } = await savedCard("pm_card_visa");
    fake.autopay.cardFailsFromNow(method.id, { code: "card_declined", decline_code: "do_not_honor", message: "Your card was declined.", advice_code: "do_not_try_again" });
    expect(await refusal(offSession(id, method.id))).toMatchObject({ statusCode: 402, decline_code: "do_not_honor", advice_code: "do_not_try_again" });
  });

  it("refunds an off-session payment up to what it took", async () => {
    const { customer: id, method } = await savedCard("pm_card_visa");
    const intent = await offSession(id, method.id);
    expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 31_850 })).status).toBe("pending");
    expect(await refusal(stripe.refunds.create({ payment_intent: intent.id, amount: 1 }))).toMatchObject({ statusCode: 400, param: "amount" });
  });

  it("lists a Customer's PaymentIntents newest first, each with its metadata", async () => {
    const { customer: id, method } = await savedCard("pm_card_visa");
    const first = await offSession(id, method.id, { metadata: { try: "a" } });
    const second = await offSession(id, method.id, { metadata: { try: "b" } });
    const listed = await stripe.paymentIntents.list({ customer: id, limit: 100 });
    expect(listed.data.map((intent) => [intent.id, intent.metadata.try])).toEqual([
      [second.id, "b"],
      [first.id, "a"],
    ]);
  });
});

describe("idempotency keys", () => {
  it("answers the first answer again to the same key and parameters, a decline included", async () => {
    const { customer: id, method } = await savedCard("pm_card_visa");
    const first = await offSession(id, method.id);
    const key = { idempotencyKey: "PB-20270301-401:2:1" };
    const made = await stripe.paymentIntents.create({ amount: 10_000, currency: "aud", customer: id, payment_method: method.id, off_session: true, confirm: true }, key);
    const again = await stripe.paymentIntents.create({ amount: 10_000, currency: "aud", customer: id, payment_method: method.id, off_session: true, confirm: true }, key);
    expect(again.id).toBe(made.id);
    expect(again.id).not.toBe(first.id);
    const declineKey = { idempotencyKey: "PB-20270301-401:3:1" };
    const declined = { amount: 10_000, currency: "aud", payment_method: "pm_card_chargeDeclinedInsufficientFunds", off_session: true, confirm: true };
    const firstDecline = await refusal(stripe.paymentIntents.create(declined, declineKey));
    const replayed = await refusal(stripe.paymentIntents.create(declined, declineKey));
    expect(replayed).toMatchObject({ statusCode: 402, decline_code: "insufficient_funds" });
    expect(replayed.payment_intent?.id).toBe(firstDecline.payment_intent?.id);
  });

  it("refuses the same key with other parameters: 400 idempotency_error", async () => {
    const { customer: id, method } = await savedCard("pm_card_visa");
    const key = { idempotencyKey: "PB-20270301-401:4:1" };
    await stripe.paymentIntents.create({ amount: 10_000, currency: "aud", customer: id, payment_method: method.id, off_session: true, confirm: true }, key);
    const error = await refusal(stripe.paymentIntents.create({ amount: 10_001, currency: "aud", customer: id, payment_method: method.id, off_session: true, confirm: true }, key));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: "idempotency_error" });
  });
});

describe("Checkout saving a card", () => {
  it("pays and saves the card on the session's Customer for off-session use", async () => {
    fake.autopay.takeEvents();
    const { id } = await customer();
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      customer: id,
      line_items: [{ quantity: 1, price_data: { currency: "aud", unit_amount: 22_200, product_data: { name: "Deposit" } } }],
      payment_intent_data: { setup_future_usage: "off_session", metadata: { invoiceNumber: "PB-20270301-401" } },
      saved_payment_method_options: { allow_redisplay_filters: ["always"] },
      success_url: "https://example.com/ok",
    });
    fake.autopay.completeCheckout(session.id, "pm_card_visa");
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: "complete", payment_status: "paid", customer: id });
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    expect(intent).toMatchObject({ status: "succeeded", amount: 22_200, setup_future_usage: "off_session", metadata: { invoiceNumber: "PB-20270301-401" } });
    expect((await stripe.paymentMethods.retrieve(intent.payment_method as string)).customer).toBe(id);
    expect(fake.autopay.takeEvents().map((event) => event.type)).toEqual(["payment_intent.succeeded", "checkout.session.completed"]);
  });

  it("refuses payment_method_types, which today's API version took away (allowed_payment_method_types filters instead)", async () => {
    const old = { mode: "setup", currency: "aud", payment_method_types: ["card"] } as unknown as Stripe.Checkout.SessionCreateParams;
    expect(await refusal(stripe.checkout.sessions.create(old))).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "payment_method_types" });
  });

  it("refuses a Customer with customer_email, and a Customer Stripe does not have", async () => {
    const { id } = await customer();
    const base = { mode: "payment" as const, line_items: [{ quantity: 1, price_data: { currency: "aud", unit_amount: 100, product_data: { name: "x" } } }] };
    expect(await refusal(stripe.checkout.sessions.create({ ...base, customer: id, customer_email: "a@example.com" }))).toMatchObject({ statusCode: 400, param: "customer_email" });
    expect(await refusal(stripe.checkout.sessions.create({ ...base, customer: "cus_nobody" }))).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("sets a card up in setup mode (no line items, no payment_intent_data), signed events verifying", async () => {
    fake.autopay.takeEvents();
    const { id } = await customer();
    const refused = await refusal(
      stripe.checkout.sessions.create({ mode: "setup", customer: id, currency: "aud", line_items: [{ quantity: 1, price_data: { currency: "aud", unit_amount: 100, product_data: { name: "x" } } }] }),
    );
    expect(refused).toMatchObject({ statusCode: 400, param: "line_items" });
    const session = await stripe.checkout.sessions.create({ mode: "setup", customer: id, currency: "aud", allowed_payment_method_types: ["card"], success_url: "https://example.com/ok" });
    expect(session).toMatchObject({ mode: "setup", amount_total: null, payment_status: "no_payment_required" });
    fake.autopay.completeCheckout(session.id, "pm_card_mastercard");
    const setup = await stripe.setupIntents.retrieve((await stripe.checkout.sessions.retrieve(session.id)).setup_intent as string);
    expect(setup).toMatchObject({ status: "succeeded", customer: id, usage: "off_session" });
    expect((await stripe.paymentMethods.retrieve(setup.payment_method as string)).card).toMatchObject({ brand: "mastercard", last4: "4444" });
    const events = fake.autopay.takeEvents();
    expect(events.map((event) => event.type)).toEqual(["setup_intent.succeeded", "checkout.session.completed"]);
    const { body, signature } = signedPendingEvent(events[1]!);
    const verified = Stripe.webhooks.constructEvent(body, signature, fakeStripeKeys.webhookSecret);
    expect(verified.type).toBe("checkout.session.completed");
    expect(verified.api_version).toBe(Stripe.API_VERSION);
  });
});

describe("PayTo", () => {
  const mandateOptions = { amount: 150_000, amount_type: "maximum" as const, payment_schedule: "adhoc" as const, end_date: "2028-05-20" };

  async function approvedAgreement() {
    const { id } = await customer();
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      customer: id,
      allowed_payment_method_types: ["payto"],
      line_items: [{ quantity: 1, price_data: { currency: "aud", unit_amount: 22_200, product_data: { name: "Deposit" } } }],
      payment_method_options: { payto: { mandate_options: mandateOptions, setup_future_usage: "off_session" } },
      success_url: "https://example.com/ok",
    });
    fake.autopay.takeEvents();
    fake.autopay.completeCheckout(session.id, "payto");
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const deposit = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    const method = deposit.payment_method as string;
    return { customer: id, session: paid, deposit, method, mandate: fake.autopay.mandateFor(method)! };
  }

  const payToCharge = (agreement: { customer: string; method: string; mandate: string }, amount: number) =>
    stripe.paymentIntents.create({ amount, currency: "aud", customer: agreement.customer, payment_method: agreement.method, allowed_payment_method_types: ["payto"], mandate: agreement.mandate, off_session: true, confirm: true });

  it("approves a mandate with the session's terms; the deposit is processing until the bank answers", async () => {
    const agreement = await approvedAgreement();
    expect(agreement.session).toMatchObject({ status: "complete", payment_status: "unpaid" });
    expect(agreement.deposit.status).toBe("processing");
    const mandate = await stripe.mandates.retrieve(agreement.mandate);
    expect(mandate).toMatchObject({ status: "active", payment_method: agreement.method, payment_method_details: { type: "payto", payto: mandateOptions } });
    expect((await stripe.paymentMethods.retrieve(agreement.method)).payto).toMatchObject({ last4: "6789" });
    expect(fake.autopay.takeEvents().map((event) => event.type)).toEqual(["payment_intent.processing", "checkout.session.completed"]);
    fake.autopay.settlePayTo(agreement.deposit.id, "succeeded");
    expect(fake.autopay.takeEvents().map((event) => event.type)).toEqual(["payment_intent.succeeded", "checkout.session.async_payment_succeeded"]);
  });

  it("refuses mandate options Stripe refuses", async () => {
    const error = await refusal(
      stripe.checkout.sessions.create({
        mode: "setup",
        currency: "aud",
        allowed_payment_method_types: ["payto"],
        payment_method_options: { payto: { mandate_options: { amount_type: "fixed", payment_schedule: "adhoc" } } },
      }),
    );
    expect(error).toMatchObject({ statusCode: 400, param: "payment_method_options[payto][mandate_options][amount]" });
  });

  it("charges under the mandate: processing, then succeeded or payment_failed later by events", async () => {
    const agreement = await approvedAgreement();
    fake.autopay.takeEvents();
    const ok = await payToCharge(agreement, 31_850);
    const failing = await payToCharge(agreement, 31_850);
    expect([ok.status, failing.status]).toEqual(["processing", "processing"]);
    fake.autopay.settlePayTo(ok.id, "succeeded");
    fake.autopay.settlePayTo(failing.id, "failed");
    expect(fake.autopay.takeEvents().map((event) => [event.type, (event.object as Stripe.PaymentIntent).id])).toEqual([
      ["payment_intent.processing", ok.id],
      ["payment_intent.processing", failing.id],
      ["payment_intent.succeeded", ok.id],
      ["payment_intent.payment_failed", failing.id],
    ]);
    expect((await stripe.paymentIntents.retrieve(failing.id)).status).toBe("requires_payment_method");
  });

  it("refuses a charge over the mandate's maximum, one without its mandate, and any once the client cancelled it in their bank app", async () => {
    const agreement = await approvedAgreement();
    expect(await refusal(payToCharge(agreement, 150_001))).toMatchObject({ statusCode: 400, param: "amount" });
    const withoutMandate = stripe.paymentIntents.create({ amount: 100, currency: "aud", customer: agreement.customer, payment_method: agreement.method, allowed_payment_method_types: ["payto"], off_session: true, confirm: true });
    expect(await refusal(withoutMandate)).toMatchObject({ statusCode: 400, param: "mandate" });
    fake.autopay.takeEvents();
    fake.autopay.cancelMandateInBank(agreement.mandate);
    const [updated] = fake.autopay.takeEvents();
    expect(updated).toMatchObject({ type: "mandate.updated", object: { id: agreement.mandate, status: "inactive" } });
    expect(await refusal(payToCharge(agreement, 100))).toMatchObject({ statusCode: 400, param: "mandate" });
  });
});
