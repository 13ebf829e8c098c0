/**
 * The fake Stripe's accounts, as Stripe keeps them: a request is made as the account its secret key
 * names, a key it does not know is refused, and each account's idempotency keys are its own.
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
});
