import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { createNonce } from "../app/security.server";

/** What wrangler hands the Worker: bindings from wrangler.toml, vars and secrets. */
export interface Env {
  BOOKINGS: KVNamespace;
  INVOICES: R2Bucket;
  SITE_ORIGIN?: string;
  OWNER_EMAIL?: string;
  MAIL_FROM?: string;
  MAILCHANNELS_API_KEY?: string;
}

const configSchema = z.object({
  SITE_ORIGIN: z.url().transform((origin) => origin.replace(/\/+$/, "")),
  OWNER_EMAIL: z.email(),
  MAIL_FROM: z.email(),
  MAILCHANNELS_API_KEY: z
    .string()
    .optional()
    .transform((key) => (key && key.trim() ? key.trim() : undefined)),
});

export type AppConfig = z.infer<typeof configSchema>;

export interface AppContext {
  config: AppConfig;
  bookings: KVNamespace;
  invoices: R2Bucket;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Marks this response's own inline scripts for the Content-Security-Policy. */
  nonce: string;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

function hasBinding<K extends "BOOKINGS" | "INVOICES">(env: Env, name: K, method: string): boolean {
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
    waitUntil: (promise) => ctx.waitUntil(promise),
    nonce: createNonce(),
  };
}
