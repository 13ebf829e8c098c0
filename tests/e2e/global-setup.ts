import { startFakeMailChannels } from "../support/fake-mailchannels";
import { startFakeStripe } from "../support/fake-stripe";

/** The local stand-ins for Stripe's and MailChannels' APIs that the e2e server talks to (see playwright.config.ts). */
export default async function globalSetup() {
  const stripe = await startFakeStripe({ port: Number(new URL(process.env.E2E_STRIPE_URL!).port) });
  const mail = await startFakeMailChannels({ port: Number(new URL(process.env.E2E_MAIL_URL!).port) });
  return async () => {
    await Promise.all([stripe.close(), mail.close()]);
  };
}
