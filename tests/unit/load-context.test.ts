import { describe, expect, it } from "vitest";
import { parseConfig, type Env } from "../../workers/load-context";

const binding = { put: () => undefined, get: () => undefined };

function env(overrides: Partial<Record<keyof Env, unknown>> = {}): Env {
  return {
    BOOKINGS: binding,
    INVOICES: binding,
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

  it("refuses a missing KV or R2 binding with a message naming it", () => {
    expect(() => parseConfig(env({ BOOKINGS: undefined }))).toThrow(/BOOKINGS/);
    expect(() => parseConfig(env({ INVOICES: {} }))).toThrow(/INVOICES/);
  });

  it("refuses an owner address that is not an e-mail address", () => {
    expect(() => parseConfig(env({ OWNER_EMAIL: "owner" }))).toThrow(/OWNER_EMAIL/);
  });
});
