import { describe, expect, it } from "vitest";
import { parseConfig, type Env } from "../../workers/load-context";

const binding = { put: () => undefined, get: () => undefined };

function env(overrides: Partial<Record<keyof Env, unknown>> = {}): Env {
  return {
    BOOKINGS: binding,
    INVOICES: binding,
    INVOICE_NUMBERS: { idFromName: () => undefined },
    ASSETS: { fetch: () => undefined },
    SITE_ORIGIN: "https://photobooths.test/",
    OWNER_EMAIL: "owner@example.com",
    MAIL_FROM: "bookings@example.com",
    ...overrides,
  } as unknown as Env;
}

describe("Worker configuration", () => {
  it("accepts valid vars, trims the origin's slash and treats a blank key as no key", () => {
    const config = parseConfig(env({ MAILCHANNELS_API_KEY: "  " }));
    expect(config.SITE_ORIGIN).toBe("https://photobooths.test");
    expect(config.MAILCHANNELS_API_KEY).toBeUndefined();
  });

  it("refuses a missing KV, R2, Durable Object or assets binding with a message naming it", () => {
    expect(() => parseConfig(env({ BOOKINGS: undefined }))).toThrow(/BOOKINGS/);
    expect(() => parseConfig(env({ INVOICES: {} }))).toThrow(/INVOICES/);
    expect(() => parseConfig(env({ INVOICE_NUMBERS: undefined }))).toThrow(/INVOICE_NUMBERS/);
    expect(() => parseConfig(env({ ASSETS: undefined }))).toThrow(/ASSETS/);
  });

  it("refuses an owner address that is not an e-mail address", () => {
    expect(() => parseConfig(env({ OWNER_EMAIL: "owner" }))).toThrow(/OWNER_EMAIL/);
  });
});

describe("form and payment settings", () => {
  it("defaults the rate limit and the MailChannels address and leaves the card button off", () => {
    const config = parseConfig(env());
    expect(config.RATE_LIMIT_MAX).toBe(5);
    expect(config.RATE_LIMIT_WINDOW_SECONDS).toBe(600);
    expect(config.MAILCHANNELS_API_URL).toBe("https://api.mailchannels.net/tx/v1/send");
    expect(config.STRIPE_PUBLISHABLE_KEY).toBeUndefined();
  });

  it("reads numbers given as strings and refuses a window shorter than KV's minimum expiry", () => {
    expect(parseConfig(env({ RATE_LIMIT_MAX: "1000" })).RATE_LIMIT_MAX).toBe(1000);
    expect(() => parseConfig(env({ RATE_LIMIT_WINDOW_SECONDS: "30" }))).toThrow(/RATE_LIMIT_WINDOW_SECONDS/);
  });

  it("refuses a secret key where the publishable key belongs", () => {
    expect(() => parseConfig(env({ STRIPE_PUBLISHABLE_KEY: "sk_live_abc" }))).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(parseConfig(env({ STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_BUY_BUTTON_ID: "buy_btn_123" })).STRIPE_BUY_BUTTON_ID).toBe("buy_btn_123");
  });
});
