import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/find-chromium.mjs";
import { fakeMailChannelsKey } from "./tests/support/fake-mailchannels";
import { fakeStripeKeys } from "./tests/support/fake-stripe";
import { thirdPartiesTo } from "./tests/e2e/third-parties";

const port = Number(process.env.E2E_PORT ?? 8788);
export const baseURL = `http://127.0.0.1:${port}`;
// Card checkout and e-mail talk to fakes of Stripe's and MailChannels' APIs that tests/e2e/global-setup.ts
// starts on the next two ports.
process.env.E2E_STRIPE_URL ??= `http://127.0.0.1:${port + 1}`;
process.env.E2E_MAIL_URL ??= `http://127.0.0.1:${port + 2}`;
// The local server's test controls (scripts/serve.mjs), and where it records each exit and restart of
// workerd: the fixtures name a test that a crash failed, the reporter counts the crashes.
process.env.E2E_CONTROL_URL ??= `http://127.0.0.1:${port + 3}`;
process.env.E2E_RUNTIME_EVENTS ??= path.resolve(".wrangler/e2e-runtime/events.jsonl");
// Every other site the browser asks for is answered by a local stand-in on the next port (tests/e2e/third-parties.ts).
process.env.E2E_THIRD_PARTY_PORT ??= String(port + 4);
const runtimeLog = path.resolve(".wrangler/e2e-runtime/workerd.log");

const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium: run `node scripts/find-chromium.mjs --install` (as root) first.");

const launchOptions = { executablePath, args: [...chromiumArgs, thirdPartiesTo(Number(process.env.E2E_THIRD_PARTY_PORT))] };
/** The tests that run the server's Cron handler as of a chosen moment (its test control). */
const timeDriven = /(schedule|autopay)\.spec\.ts$/;
/** Of those, autopay's: a plan charged to its end, one browser at a time (below). */
const autopayToTheEnd = /autopay\.spec\.ts$/;
/** The test that kills the local runtime: last, alone, so no other test is in flight when it does. */
const runtimeKill = /runtime-crash\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One more try, and only for a test that a crash of the local runtime failed (RUNTIME_CRASHED,
  // tests/e2e/fixtures.ts): a test that failed for a reason of its own fails its second try at once.
  retries: 1,
  timeout: 60_000,
  workers: 2,
  reporter: [["list"], ["./tests/e2e/runtime-reporter.ts"], ...(process.env.CI ? [] : [["html", { open: "never" }] as const])],
  use: {
    baseURL,
    // Recording a trace slows every test by about a quarter; CI keeps only the printed output anyway.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions,
    // The stand-in for other sites has a throwaway certificate; the site itself is plain HTTP.
    ignoreHTTPSErrors: true,
  },
  projects: [
    {
      name: "js",
      grepInvert: /@no-js-only/,
      testIgnore: [timeDriven, runtimeKill],
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "no-js",
      grepInvert: /@js-only/,
      testIgnore: [timeDriven, runtimeKill],
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
    },
    // The Cron handler run as of another day acts on every booking on the server, so the tests that
    // run it wait until every other test is done, and each project of them for the one before: a
    // run months ahead lapses another test's booking whose deposit is not yet paid.
    {
      name: "time",
      testMatch: timeDriven,
      testIgnore: autopayToTheEnd,
      dependencies: ["js", "no-js"],
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "time-autopay",
      testMatch: autopayToTheEnd,
      dependencies: ["time"],
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "time-autopay-no-js",
      testMatch: autopayToTheEnd,
      dependencies: ["time-autopay"],
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
    },
    // Killed with a test in flight, that test failed and passed on its second try every run: a
    // "flaky" line each run that hid any real one. Which tests an outage names is unit-tested.
    {
      name: "runtime",
      testMatch: runtimeKill,
      dependencies: ["time-autopay-no-js"],
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
  ],
  webServer: {
    // The site as deployed, kept up by the local server's supervisor (scripts/serve.mjs; docs/testing.md,
    // "The local server"), on fresh local storage of its own, apart from the data `npm start` keeps. A run sends many
    // forms from one address (rate limit raised), the card button and checkout get example, never real, keys,
    // and e-mail goes to the fake MailChannels, where tests read it.
    command: [
      `node scripts/serve.mjs --quiet --port ${port} --persist-to .wrangler/e2e-state --fresh`,
      `--control-port ${new URL(process.env.E2E_CONTROL_URL).port} --events ${process.env.E2E_RUNTIME_EVENTS} --log ${runtimeLog}`,
      "--var RATE_LIMIT_MAX:1000 --var STRIPE_PUBLISHABLE_KEY:pk_test_example --var STRIPE_BUY_BUTTON_ID:buy_btn_example",
      "--var OWNER_LINK_SECRET:e2e-owner-link-secret-for-tests-only-0123456789 --var OWNER_FEED_SECRET:e2e-owner-feed-secret-for-tests-only-0123456789 --var OWNER_DAY_SECRET:e2e-owner-day-secret-for-tests-only-0123456789",
      `--var STRIPE_SECRET_KEY:${fakeStripeKeys.secretKey} --var STRIPE_WEBHOOK_SECRET:${fakeStripeKeys.webhookSecret} --var STRIPE_API_BASE:${process.env.E2E_STRIPE_URL}`,
      `--var MAILCHANNELS_API_KEY:${fakeMailChannelsKey} --var MAILCHANNELS_API_URL:${process.env.E2E_MAIL_URL}/tx/v1/send`,
    ].join(" "),
    url: `${baseURL}/favicon.svg`,
    reuseExistingServer: !process.env.CI,
    // It builds the Worker first.
    timeout: 180_000,
    stdout: "pipe",
    env: { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  },
});
