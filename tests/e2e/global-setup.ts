import { startFakeStripe } from "../support/fake-stripe";

/** The local stand-in for Stripe's API that the e2e server's card checkout talks to (see playwright.config.ts). */
export default async function globalSetup() {
  const stripe = await startFakeStripe({ port: Number(new URL(process.env.E2E_STRIPE_URL!).port) });
  return () => stripe.close();
}
