import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeMailChannels } from "../support/fake-mailchannels";
import { startFakeStripe } from "../support/fake-stripe";

/**
 * The local stand-ins for Stripe's and MailChannels' APIs that the e2e server talks to (see playwright.config.ts),
 * and the folder where the workers record the page states axe has passed (fixtures.ts).
 */
export default async function globalSetup() {
  const stripe = await startFakeStripe({ port: Number(new URL(process.env.E2E_STRIPE_URL!).port) });
  const mail = await startFakeMailChannels({ port: Number(new URL(process.env.E2E_MAIL_URL!).port) });
  // Workers start from this process's environment.
  const passed = mkdtempSync(path.join(tmpdir(), "e2e-axe-passed-"));
  process.env.E2E_AXE_PASSED = passed;
  return async () => {
    await Promise.all([stripe.close(), mail.close()]);
    rmSync(passed, { recursive: true, force: true });
  };
}
