import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clockOf } from "../../workers/clock";
import { parseConfig } from "../../workers/load-context";
import { fakeEnv } from "../support/fake-env";

/** wrangler.toml's `[vars]`: the deployed site's configuration (its values are one-line strings). */
function deployedVars(): Record<string, string> {
  const section = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8").split(/^\[vars\]$/m)[1]!.split(/^\[/m)[0]!;
  return Object.fromEntries([...section.matchAll(/^(\w+) = "(.*)"$/gm)].map(([, name, value]) => [name!, value!]));
}

const clockKv = (offsetMs: string | null) => ({ get: async () => offsetMs, put: () => undefined });

describe("Worker configuration", () => {
  it("accepts valid vars, trims the origin's slash and treats a blank key as no key", () => {
    const config = parseConfig(fakeEnv({ MAILCHANNELS_API_KEY: "  " }));
    expect(config.SITE_ORIGIN).toBe("https://photobooths.test");
    expect(config.MAILCHANNELS_API_KEY).toBeUndefined();
  });

  it("refuses a missing KV, R2, Durable Object, queue or assets binding with a message naming it", () => {
    expect(() => parseConfig(fakeEnv({ BOOKINGS: undefined }))).toThrow(/BOOKINGS/);
    expect(() => parseConfig(fakeEnv({ INVOICES: {} }))).toThrow(/INVOICES/);
    expect(() => parseConfig(fakeEnv({ INVOICE_NUMBERS: undefined }))).toThrow(/INVOICE_NUMBERS/);
    expect(() => parseConfig(fakeEnv({ EMAIL_QUEUE: undefined }))).toThrow(/EMAIL_QUEUE/);
    expect(() => parseConfig(fakeEnv({ AUTOPAY_QUEUE: undefined }))).toThrow(/AUTOPAY_QUEUE/);
    expect(() => parseConfig(fakeEnv({ BOOKING_HOLDS: undefined }))).toThrow(/BOOKING_HOLDS/);
    expect(() => parseConfig(fakeEnv({ BOOKING_LEDGER: undefined }))).toThrow(/BOOKING_LEDGER/);
    expect(() => parseConfig(fakeEnv({ ASSETS: undefined }))).toThrow(/ASSETS/);
  });

  it("waits 1, 5, 15, 30 and 60 minutes between e-mail tries unless told otherwise, and refuses a malformed list", () => {
    expect(parseConfig(fakeEnv()).EMAIL_RETRY_DELAYS_SECONDS).toEqual([60, 300, 900, 1800, 3600]);
    expect(parseConfig(fakeEnv({ EMAIL_RETRY_DELAYS_SECONDS: "0,1" })).EMAIL_RETRY_DELAYS_SECONDS).toEqual([0, 1]);
    expect(() => parseConfig(fakeEnv({ EMAIL_RETRY_DELAYS_SECONDS: "soon" }))).toThrow(/EMAIL_RETRY_DELAYS_SECONDS/);
    expect(() => parseConfig(fakeEnv({ EMAIL_RETRY_DELAYS_SECONDS: "90000" }))).toThrow(/EMAIL_RETRY_DELAYS_SECONDS/);
  });

  it("refuses an owner address that is not an e-mail address", () => {
    expect(() => parseConfig(fakeEnv({ OWNER_EMAIL: "owner" }))).toThrow(/OWNER_EMAIL/);
  });
});

describe("the owner's secrets", () => {
  it("keeps the links', the feeds' and the day sheets' secrets apart, each optional, each at least 32 characters", () => {
    const config = parseConfig(fakeEnv());
    expect(config.OWNER_DAY_SECRET).toBe("unit-test-owner-day-secret-0123456789abcdef");
    expect(() => parseConfig(fakeEnv({ OWNER_DAY_SECRET: "too-short" }))).toThrow(/OWNER_DAY_SECRET/);
    expect(config.OWNER_LINK_SECRET).toBe("unit-test-owner-link-secret-0123456789abcdef");
    expect(config.OWNER_FEED_SECRET).toBe("unit-test-owner-feed-secret-0123456789abcdef");
    expect(parseConfig(fakeEnv({ OWNER_FEED_SECRET: " " })).OWNER_FEED_SECRET).toBeUndefined();
    expect(() => parseConfig(fakeEnv({ OWNER_FEED_SECRET: "too-short" }))).toThrow(/OWNER_FEED_SECRET/);
    expect(() => parseConfig(fakeEnv({ OWNER_LINK_SECRET: "too-short" }))).toThrow(/OWNER_LINK_SECRET/);
  });
});

describe("form and payment settings", () => {
  it("defaults the rate limit and the MailChannels address and leaves the card button off", () => {
    const config = parseConfig(fakeEnv());
    expect(config.RATE_LIMIT_MAX).toBe(5);
    expect(config.RATE_LIMIT_WINDOW_SECONDS).toBe(600);
    expect(config.MAILCHANNELS_API_URL).toBe("https://api.mailchannels.net/tx/v1/send");
    expect(config.STRIPE_PUBLISHABLE_KEY).toBeUndefined();
  });

  it("reads numbers given as strings and refuses a window shorter than KV's minimum expiry", () => {
    expect(parseConfig(fakeEnv({ RATE_LIMIT_MAX: "1000" })).RATE_LIMIT_MAX).toBe(1000);
    expect(() => parseConfig(fakeEnv({ RATE_LIMIT_WINDOW_SECONDS: "30" }))).toThrow(/RATE_LIMIT_WINDOW_SECONDS/);
  });

  it("refuses a secret key where the publishable key belongs", () => {
    expect(() => parseConfig(fakeEnv({ STRIPE_PUBLISHABLE_KEY: "sk_live_abc" }))).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(parseConfig(fakeEnv({ STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_BUY_BUTTON_ID: "buy_btn_123" })).STRIPE_BUY_BUTTON_ID).toBe("buy_btn_123");
  });

  it("leaves card checkout off without a secret key and refuses keys of the wrong kind", () => {
    const off = parseConfig(fakeEnv());
    expect(off.STRIPE_SECRET_KEY).toBeUndefined();
    expect(off.STRIPE_API_BASE).toBeUndefined();
    const on = parseConfig(fakeEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", STRIPE_API_BASE: "http://127.0.0.1:8797" }));
    expect(on.STRIPE_API_BASE).toBe("http://127.0.0.1:8797");
    expect(() => parseConfig(fakeEnv({ STRIPE_SECRET_KEY: "pk_test_abc" }))).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseConfig(fakeEnv({ STRIPE_WEBHOOK_SECRET: "sk_test_abc" }))).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseConfig(fakeEnv({ STRIPE_API_BASE: "ftp://stripe.test" }))).toThrow(/STRIPE_API_BASE/);
  });
});

describe("the tests' clock", () => {
  it("is refused in the deployed site's configuration, and anywhere off a .test origin", () => {
    const vars = deployedVars();
    expect(vars.SITE_ORIGIN).toMatch(/^https:/);
    expect(() => parseConfig(fakeEnv(vars))).not.toThrow();
    expect(() => parseConfig(fakeEnv({ ...vars, TEST_CLOCK: clockKv("0") }))).toThrow(/TEST_CLOCK/);
    expect(() => parseConfig(fakeEnv({ SITE_ORIGIN: "https://photobooths.test.example.com", TEST_CLOCK: clockKv("0") }))).toThrow(/TEST_CLOCK/);
  });

  it("refuses the tests' counter of calls (TEST_TRACE) likewise", () => {
    const counter = { fetch: () => Promise.resolve(new Response()) };
    expect(() => parseConfig(fakeEnv({ ...deployedVars(), TEST_TRACE: counter }))).toThrow(/TEST_TRACE/);
    expect(() => parseConfig(fakeEnv({ SITE_ORIGIN: "https://photobooths.test", TEST_TRACE: counter }))).not.toThrow();
  });

  it("moves the time a test's site sees by the offset it holds; without it the site has the wall clock", async () => {
    const day = 86_400_000;
    const ahead = (await clockOf(parseConfig(fakeEnv({ TEST_CLOCK: clockKv(String(3 * day)) }))))().getTime() - Date.now();
    expect(Math.abs(ahead - 3 * day)).toBeLessThan(60_000);
    const wall = (await clockOf(parseConfig(fakeEnv())))().getTime() - Date.now();
    expect(Math.abs(wall)).toBeLessThan(60_000);
  });
});
