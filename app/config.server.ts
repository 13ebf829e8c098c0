/**
 * The site's configuration: the Worker's vars and secrets as the app uses them. The schema is here,
 * beside the type the app imports; `workers/load-context.ts` checks the environment against it
 * once, with the bindings.
 */
import * as z from "zod";

/**
 * The e-mail queue's wait before each retry (app/mail/delivery-policy.ts), in seconds: tries at 0, 1, 6, 21 and 51 minutes and 1 h 51 min, six in
 * all, so a provider outage of up to an hour and a half loses nothing. The queue dead-letters a
 * message after the last one. `EMAIL_RETRY_DELAYS_SECONDS` overrides the waits (tests use 0).
 */
export const emailRetryDelaysSeconds = [60, 300, 900, 1800, 3600] as const;

/**
 * How long a new booking's provisional hold (and its code's use) waits to be confirmed: long
 * enough for its ledger, which confirms it right after answering, to try again four times after
 * a failure (`LEDGER_RETRY_SECONDS`: 30 s, doubling), and short enough that a booth held by a
 * request that stopped is soon offered again.
 */
const provisionalHoldSeconds = 600;

/** An optional var: blank counts as not set. */
function optional<T extends z.ZodType<string>>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() ? value.trim() : undefined), schema.optional());
}

export const configSchema = z.object({
  SITE_ORIGIN: z.url().transform((origin) => origin.replace(/\/+$/, "")),
  OWNER_EMAIL: z.email(),
  MAIL_FROM: z.email(),
  MAILCHANNELS_API_KEY: optional(z.string()),
  MAILCHANNELS_API_URL: z.url().default("https://api.mailchannels.net/tx/v1/send"),
  // The card button on /pay appears only when both are set; otherwise the page offers bank transfer.
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(live|test)_\w+$/, "must be a Stripe publishable key (pk_live_… or pk_test_…)")),
  STRIPE_BUY_BUTTON_ID: optional(z.string().regex(/^buy_btn_\w+$/, "must be a Stripe buy button id (buy_btn_…)")),
  // Card checkout on the invoice page appears only with the secret key; the webhook needs its signing secret.
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(live|test)_\w+$/, "must be a Stripe secret key (sk_live_… or sk_test_…)")),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")),
  /** Stripe's API unless set; the tests point it at a local fake. */
  STRIPE_API_BASE: optional(z.url({ protocol: /^https?$/ })),
  /** Submissions each visitor (an IPv4 address or an IPv6 /64) may make per form in one window. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  /** A window shorter than a minute would hardly slow a script down, so none is offered. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(60).default(600),
  /** Waits before each e-mail retry, comma-separated seconds (a queue allows up to 12 hours); tests shorten them. */
  EMAIL_RETRY_DELAYS_SECONDS: optional(z.string().regex(/^\d+(,\d+)*$/, "must be seconds separated by commas, e.g. 60,300,900"))
    .transform((list) => (list ? list.split(",").map(Number) : [...emailRetryDelaysSeconds]))
    .refine((delays) => delays.every((delay) => delay <= 43_200), "a retry may wait at most 43200 seconds"),
  /** The first wait before a booking's ledger tries a failed follow-up again (it doubles with each try, up to an hour); tests shorten it. */
  LEDGER_RETRY_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** How long a new booking's hold and its code's use wait for its ledger to confirm them before they are given back (default `provisionalHoldSeconds`); tests shorten it. */
  PROVISIONAL_HOLD_SECONDS: z.coerce.number().positive().max(86_400).default(provisionalHoldSeconds),
  /** Signs the owner's Confirm, Decline, Cancel, Refund and logo links; without it the e-mails carry no such links. */
  OWNER_LINK_SECRET: optional(z.string().min(32, "must be at least 32 characters (a long random string)")),
  /** Makes the tokens of the owner's calendar feed and export, apart from the links' secret so either can be changed alone; without it neither is served. */
  OWNER_FEED_SECRET: optional(z.string().min(32, "must be at least 32 characters (a long random string)")),
  /** Makes the tokens of the owner's day sheets, apart from the feed's so a sheet's address can be withdrawn alone; without it no sheet is served. */
  OWNER_DAY_SECRET: optional(z.string().min(32, "must be at least 32 characters (a long random string)")),
  /**
   * A test's clock: a KV namespace whose `offset` key moves the time every request, ledger turn and
   * e-mail delivery sees (workers/clock.ts), so the integration tests can let days pass. Only the
   * test configuration binds it; refused unless the site's origin is on `.test` (RFC 2606), so a
   * deployed site can never be told what time it is.
   */
  TEST_CLOCK: z.custom<KVNamespace>((value) => typeof (value as Partial<KVNamespace> | undefined)?.get === "function", "must be a KV binding").optional(),
  /**
   * A test's counter of storage calls (scripts/lib/local-worker.mjs, counted storage), told when
   * the site answers a request (workers/app.ts) so a test can count the calls a visitor waits on.
   * Refused off `.test`, as the clock is.
   */
  TEST_TRACE: z.custom<Fetcher>((value) => typeof (value as Partial<Fetcher> | undefined)?.fetch === "function", "must be a service binding").optional(),
})
  .refine((config) => !config.TEST_CLOCK || new URL(config.SITE_ORIGIN).hostname.endsWith(".test"), {
    path: ["TEST_CLOCK"],
    message: "is a test's clock: honoured only for a SITE_ORIGIN on .test, never on a deployed site",
  })
  .refine((config) => !config.TEST_TRACE || new URL(config.SITE_ORIGIN).hostname.endsWith(".test"), {
    path: ["TEST_TRACE"],
    message: "is a test's counter: honoured only for a SITE_ORIGIN on .test, never on a deployed site",
  });

export type AppConfig = z.infer<typeof configSchema>;
