import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { createNonce } from "../app/security.server";

/** What wrangler hands the Worker: bindings from wrangler.toml, vars and secrets. */
export interface Env {
  BOOKINGS: KVNamespace;
  INVOICES: R2Bucket;
  INVOICE_NUMBERS: DurableObjectNamespace;
  /** The static files in public/, readable by the Worker (the invoice PDF's fonts). */
  ASSETS: Fetcher;
  SITE_ORIGIN?: string;
  OWNER_EMAIL?: string;
  MAIL_FROM?: string;
  MAILCHANNELS_API_KEY?: string;
  MAILCHANNELS_API_URL?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_BUY_BUTTON_ID?: string;
  RATE_LIMIT_MAX?: string;
  RATE_LIMIT_WINDOW_SECONDS?: string;
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
  /** Submissions each visitor (IP address) may make per form in one window. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  /** KV expires keys no sooner than 60 s, so shorter windows are not offered. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(60).default(600),
});

export type AppConfig = z.infer<typeof configSchema>;

export interface AppContext {
  config: AppConfig;
  bookings: KVNamespace;
  invoices: R2Bucket;
  invoiceNumbers: DurableObjectNamespace;
  assets: Fetcher;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Marks this response's own inline scripts for the Content-Security-Policy. */
  nonce: string;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

function hasBinding<K extends "BOOKINGS" | "INVOICES" | "INVOICE_NUMBERS" | "ASSETS">(env: Env, name: K, method: string): boolean {
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
    assets: env.ASSETS,
    waitUntil: (promise) => ctx.waitUntil(promise),
    nonce: createNonce(),
  };
}
