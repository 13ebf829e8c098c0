import type { Env } from "~/types/env";

/** Stand-ins that pass the Worker's binding checks: enough for code that never calls them. */
const binding = { put: () => undefined, get: () => undefined };
const durableObjects = { idFromName: () => undefined };

/** The Worker's environment as wrangler would hand it over, with `overrides` (an undefined one removes a binding). */
export function fakeEnv(overrides: Partial<Record<keyof Env, unknown>> = {}): Env {
  return {
    BOOKINGS: binding,
    INVOICES: binding,
    INVOICE_NUMBERS: durableObjects,
    EMAIL_QUEUE: { sendBatch: () => undefined },
    AUTOPAY_QUEUE: { sendBatch: () => undefined },
    LEDGER_OPENS: { send: () => undefined },
    BOOKING_HOLDS: durableObjects,
    BOOKING_LEDGER: durableObjects,
    BOOKING_INDEX: durableObjects,
    PROMO_USES: durableObjects,
    SUBMISSION_LIMITS: durableObjects,
    QUOTE_BOOK: durableObjects,
    CREW_BOOK: durableObjects,
    LINK_GENERATIONS: durableObjects,
    ASSETS: { fetch: () => undefined },
    SITE_ORIGIN: "https://photobooths.test/",
    OWNER_EMAIL: "owner@example.com",
    MAIL_FROM: "bookings@example.com",
    OWNER_LINK_SECRET: "unit-test-owner-link-secret-0123456789abcdef",
    OWNER_FEED_SECRET: "unit-test-owner-feed-secret-0123456789abcdef",
    OWNER_DAY_SECRET: "unit-test-owner-day-secret-0123456789abcdef",
    ...overrides,
  } as unknown as Env;
}
