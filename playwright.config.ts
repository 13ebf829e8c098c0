import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/find-chromium.mjs";
import { fakeMailChannelsKey } from "./tests/support/fake-mailchannels";
import { fakeStripeKeys } from "./tests/support/fake-stripe";

const port = Number(process.env.E2E_PORT ?? 8788);
export const baseURL = `http://127.0.0.1:${port}`;
// Card checkout and e-mail talk to fakes of Stripe's and MailChannels' APIs that tests/e2e/global-setup.ts
// starts on the next two ports.
process.env.E2E_STRIPE_URL ??= `http://127.0.0.1:${port + 1}`;
process.env.E2E_MAIL_URL ??= `http://127.0.0.1:${port + 2}`;

const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium: run `node scripts/find-chromium.mjs --install` (as root) first.");

const launchOptions = { executablePath, args: chromiumArgs };

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // Recording a trace slows every test by about a quarter; CI keeps only the printed output anyway.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "js",
      grepInvert: /@no-js-only/,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "no-js",
      grepInvert: /@js-only/,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
    },
  ],
  webServer: {
    // A fresh local KV and R2 for every run, apart from the data `npm start` keeps. A run sends many
    // forms from one address (rate limit raised), the card button and checkout get example, never real, keys,
    // and e-mail goes to the fake MailChannels, where tests read it.
    command: [
      `rm -rf .wrangler/e2e-state && npx wrangler dev --ip 127.0.0.1 --port ${port} --persist-to .wrangler/e2e-state --show-interactive-dev-session=false`,
      "--var RATE_LIMIT_MAX:1000 --var STRIPE_PUBLISHABLE_KEY:pk_test_example --var STRIPE_BUY_BUTTON_ID:buy_btn_example",
      "--var OWNER_LINK_SECRET:e2e-owner-link-secret-for-tests-only-0123456789 --var OWNER_FEED_SECRET:e2e-owner-feed-secret-for-tests-only-0123456789 --var OWNER_DAY_SECRET:e2e-owner-day-secret-for-tests-only-0123456789",
      `--var STRIPE_SECRET_KEY:${fakeStripeKeys.secretKey} --var STRIPE_WEBHOOK_SECRET:${fakeStripeKeys.webhookSecret} --var STRIPE_API_BASE:${process.env.E2E_STRIPE_URL}`,
      `--var MAILCHANNELS_API_KEY:${fakeMailChannelsKey} --var MAILCHANNELS_API_URL:${process.env.E2E_MAIL_URL}/tx/v1/send`,
    ].join(" "),
    url: `${baseURL}/favicon.svg`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  },
});
