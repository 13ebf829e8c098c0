import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/find-chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);
export const baseURL = `http://127.0.0.1:${port}`;

const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium: run `node scripts/find-chromium.mjs --install` (as root) first.");

const launchOptions = { executablePath, args: chromiumArgs };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
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
    // forms from one address (rate limit raised), and the card button gets example, never real, keys.
    command: `rm -rf .wrangler/e2e-state && npx wrangler dev --ip 127.0.0.1 --port ${port} --persist-to .wrangler/e2e-state --show-interactive-dev-session=false --var RATE_LIMIT_MAX:1000 --var STRIPE_PUBLISHABLE_KEY:pk_test_example --var STRIPE_BUY_BUTTON_ID:buy_btn_example --var OWNER_LINK_SECRET:e2e-owner-link-secret-for-tests-only-0123456789`,
    url: `${baseURL}/favicon.svg`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  },
});
