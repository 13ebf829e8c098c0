/**
 * The fake Stripe's accounts, as Stripe keeps them: a request is made as the account its secret key
 * names, a key it does not know is refused, and each account's objects and idempotency keys are its own.
 */
import { describe, expect, it } from "vitest";
import Stripe from "stripe";
import { stripeClient } from "~/bookings/payments/stripe.server";
import { type FakeStripe, fakeStripeKeys } from "../support/fake-stripe";
import { stripeAgainstFake } from "./stripe-against-fake";

let fake: FakeStripe;
let first: Stripe;

stripeAgainstFake((started) => ({ fake, stripe: first } = started));

const as = (secretKey: string) => stripeClient({ STRIPE_SECRET_KEY: secretKey, STRIPE_API_BASE: fake.url })!;
const customer = (stripe: Stripe, name: string, idempotencyKey: string) => stripe.customers.create({ name, metadata: { invoiceNumber: "PB-20270301-417" } }, { idempotencyKey });

/** The refusal `call` ends in (it must be refused). */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await call.then(
    () => undefined,
    (refused: unknown) => refused,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

describe("the fake Stripe's accounts", () => {
  it("keeps one idempotency key apart in each account, and refuses it again in the same account with other parameters", async () => {
    const lan = await customer(first, "Trần Thị Lan", "customer-PB-20270301-417");
    const eleni = await customer(as(fakeStripeKeys.secondAccountKey), "Ελένη Παπαδοπούλου", "customer-PB-20270301-417");
    expect(eleni.id).not.toBe(lan.id);
    expect(eleni.name).toBe("Ελένη Παπαδοπούλου");
    expect((await customer(first, "Trần Thị Lan", "customer-PB-20270301-417")).id).toBe(lan.id);
    await expect(customer(first, "王小明", "customer-PB-20270301-417")).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
  });

  it("refuses a secret key it does not know with 401, and makes nothing", async () => {
    const made = fake.requests.length;
    await expect(customer(as("sk_test_unknown0000000000"), "Trần Thị Lan", "customer-PB-20270301-418")).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+0000$/),
    });
    expect(fake.requests.length).toBe(made + 1);
    expect((await customer(first, "王小明", "customer-PB-20270301-418")).name).toBe("王小明");
  });

  it("shows one account's objects to that account alone: to the other they do not exist", async () => {
    const second = as(fakeStripeKeys.secondAccountKey);
    const { id: customerId } = await customer(first, "Trần Thị Lan", "customer-PB-20270301-419");
    const session = await first.checkout.sessions.create({
      mode: "payment",
      customer: customerId,
      line_items: [{ quantity: 1, price_data: { currency: "aud", unit_amount: 22_200, product_data: { name: "Deposit" } } }],
      payment_intent_data: { setup_future_usage: "off_session" },
      success_url: "https://example.com/ok",
    });
    fake.autopay.completeCheckout(session.id, "pm_card_visa");
    const paymentIntent = (await first.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const refund = await first.refunds.create({ payment_intent: paymentIntent, amount: 2_000 });

    const missing = { statusCode: 404, code: "resource_missing" };
    expect(await refusal(second.customers.retrieve(customerId))).toMatchObject({ ...missing, message: `No such customer: '${customerId}'` });
    expect(await refusal(second.checkout.sessions.retrieve(session.id))).toMatchObject(missing);
    expect(await refusal(second.checkout.sessions.expire(session.id))).toMatchObject(missing);
    expect(await refusal(second.paymentIntents.retrieve(paymentIntent))).toMatchObject(missing);
    expect(await refusal(second.refunds.retrieve(refund.id))).toMatchObject(missing);
    expect(await refusal(second.refunds.create({ payment_intent: paymentIntent, amount: 1_000 }))).toMatchObject(missing);
    expect(await refusal(second.paymentIntents.create({ amount: 5_000, currency: "aud", customer: customerId }))).toMatchObject(missing);
    expect((await second.checkout.sessions.list({ payment_intent: paymentIntent })).data).toEqual([]);
    expect((await second.refunds.list({ payment_intent: paymentIntent })).data).toEqual([]);
    expect((await second.paymentIntents.list({ customer: customerId })).data).toEqual([]);

    // The account that made them still has every one.
    expect((await first.customers.retrieve(customerId)).id).toBe(customerId);
    expect((await first.refunds.list({ payment_intent: paymentIntent })).data.map((one) => one.id)).toEqual([refund.id]);
    expect((await first.paymentIntents.list({ customer: customerId })).data.map((one) => one.id)).toEqual([paymentIntent]);
  });
});
