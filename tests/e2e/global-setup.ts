import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeMailChannels } from "../support/fake-mailchannels";
import { startFakeStripe } from "../support/fake-stripe";
import { startThirdParties } from "./third-parties";

/**
 * The local stand-ins for Stripe's and MailChannels' APIs that the e2e server talks to (see playwright.config.ts),
 * the one that answers the browser for every other site (third-parties.ts),
 * the folder where the workers record the page states axe has passed, and the one where a test's first try
 * records that a crash of the local runtime failed it (fixtures.ts).
 */
export default async function globalSetup() {
  const stripe = await startFakeStripe({ port: Number(new URL(process.env.E2E_STRIPE_URL!).port) });
  const mail = await startFakeMailChannels({ port: Number(new URL(process.env.E2E_MAIL_URL!).port) });
  const thirdParties = await startThirdParties({ port: Number(process.env.E2E_THIRD_PARTY_PORT), checkoutSession: stripe.checkoutSession });
  // Workers start from this process's environment.
  const passed = mkdtempSync(path.join(tmpdir(), "e2e-axe-passed-"));
  process.env.E2E_AXE_PASSED = passed;
  const crashes = mkdtempSync(path.join(tmpdir(), "e2e-crash-records-"));
  process.env.E2E_CRASH_RECORDS = crashes;
  return async () => {
    await Promise.all([stripe.close(), mail.close(), thirdParties.close()]);
    for (const folder of [passed, crashes]) rmSync(folder, { recursive: true, force: true });
  };
}
