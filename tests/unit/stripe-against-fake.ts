/**
 * The fake Stripe started for one test file, and the app's own Stripe client pointed at it (the
 * real `stripe` package set up as the app sets it up), for unit tests of the Stripe calls.
 */
import { afterAll, beforeAll } from "vitest";
import { stripeClient, type Stripe } from "~/bookings/payments/stripe.server";
import { type FakeStripe, fakeStripeKeys, startFakeStripe } from "../support/fake-stripe";

/** Starts the fake before the file's tests and stops it after them; `started` gets both. */
export function stripeAgainstFake(started: (both: { fake: FakeStripe; stripe: Stripe }) => void): void {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    started({ fake, stripe: stripeClient({ STRIPE_SECRET_KEY: fakeStripeKeys.secretKey, STRIPE_API_BASE: fake.url })! });
  });
  afterAll(() => fake?.close());
}
