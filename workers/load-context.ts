import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { emailRetryDelaysSeconds } from "../app/mail/delivery-policy";
import type { MailMessage } from "../app/mail/queue.server";

/** What wrangler hands the Worker: bindings from wrangler.toml, vars and secrets. */
export interface Env {
  BOOKINGS: KVNamespace;
  INVOICES: R2Bucket;
  INVOICE_NUMBERS: DurableObjectNamespace;
  EMAIL_QUEUE: Queue<MailMessage>;
  /** The static files of public/ (wrangler.toml [assets]): the stylesheet pages inline, the invoice PDF's fonts. */
  ASSETS: Fetcher;
  BOOKING_HOLDS: DurableObjectNamespace;
  BOOKING_LEDGER: DurableObjectNamespace;
  SITE_ORIGIN?: string;
  OWNER_EMAIL?: string;
  MAIL_FROM?: string;
  MAILCHANNELS_API_KEY?: string;
  MAILCHANNELS_API_URL?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_BUY_BUTTON_ID?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
  RATE_LIMIT_MAX?: string;
  RATE_LIMIT_WINDOW_SECONDS?: string;
  EMAIL_RETRY_DELAYS_SECONDS?: string;
  OWNER_LINK_SECRET?: string;
}

/** An optional var: blank counts as not set. */
function optional<T extends z.ZodType<string>>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() ? value.trim() : undefined), schema.optional());
}

const configSchema = z.object({
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
  /** Submissions each visitor (IP address) may make per form in one window. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  /** KV expires keys no sooner than 60 s, so shorter windows are not offered. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(60).default(600),
  /** Waits before each e-mail retry, comma-separated seconds (a queue allows up to 12 hours); tests shorten them. */
  EMAIL_RETRY_DELAYS_SECONDS: optional(z.string().regex(/^\d+(,\d+)*$/, "must be seconds separated by commas, e.g. 60,300,900"))
    .transform((list) => (list ? list.split(",").map(Number) : [...emailRetryDelaysSeconds]))
    .refine((delays) => delays.every((delay) => delay <= 43_200), "a retry may wait at most 43200 seconds"),
  /** Signs the owner's Confirm, Decline and Cancel links; without it the e-mails carry no such links. */
  OWNER_LINK_SECRET: optional(z.string().min(32, "must be at least 32 characters (a long random string)")),
});

export type AppConfig = z.infer<typeof configSchema>;

export interface AppContext {
  config: AppConfig;
  bookings: KVNamespace;
  invoices: R2Bucket;
  invoiceNumbers: DurableObjectNamespace;
  emailQueue: Queue<MailMessage>;
  bookingHolds: DurableObjectNamespace;
  bookingLedger: DurableObjectNamespace;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The static files, where the server reads the stylesheet it inlines into every page. */
  assets: Fetcher;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

function hasBinding<K extends "BOOKINGS" | "INVOICES" | "INVOICE_NUMBERS" | "EMAIL_QUEUE" | "BOOKING_HOLDS" | "BOOKING_LEDGER" | "ASSETS">(env: Env, name: K, method: string): boolean {
  const binding = env[name] as unknown as Record<string, unknown> | undefined;
  return typeof binding?.[method] === "function";
}

// Bindings and vars are fixed for the life of an isolate, so they are checked once per env object.
const parsed = new WeakMap<Env, AppConfig>();

export function parseConfig(env: Env): AppConfig {
  const cached = parsed.get(env);
  if (cached) return cached;
  if (!hasBinding(env, "BOOKINGS", "put")) throw new Error("Missing KV binding BOOKINGS (see wrangler.toml)");
  if (!hasBinding(env, "INVOICES", "put")) throw new Error("Missing R2 binding INVOICES (see wrangler.toml)");
  if (!hasBinding(env, "INVOICE_NUMBERS", "idFromName")) {
    throw new Error("Missing Durable Object binding INVOICE_NUMBERS (see wrangler.toml)");
  }
  if (!hasBinding(env, "EMAIL_QUEUE", "sendBatch")) throw new Error("Missing queue binding EMAIL_QUEUE (see wrangler.toml)");
  if (!hasBinding(env, "BOOKING_HOLDS", "idFromName")) {
    throw new Error("Missing Durable Object binding BOOKING_HOLDS (see wrangler.toml)");
  }
  if (!hasBinding(env, "BOOKING_LEDGER", "idFromName")) {
    throw new Error("Missing Durable Object binding BOOKING_LEDGER (see wrangler.toml)");
  }
  if (!hasBinding(env, "ASSETS", "fetch")) throw new Error("Missing assets binding ASSETS (see wrangler.toml)");
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid Worker configuration: ${z.prettifyError(result.error)}`);
  }
  parsed.set(env, result.data);
  return result.data;
}

export function createLoadContext(env: Env, ctx: ExecutionContext): AppLoadContext {
  return {
    config: parseConfig(env),
    bookings: env.BOOKINGS,
    invoices: env.INVOICES,
    invoiceNumbers: env.INVOICE_NUMBERS,
    emailQueue: env.EMAIL_QUEUE,
    bookingHolds: env.BOOKING_HOLDS,
    bookingLedger: env.BOOKING_LEDGER,
    waitUntil: (promise) => ctx.waitUntil(promise),
    assets: env.ASSETS,
  };
}
