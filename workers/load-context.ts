/**
 * The environment, checked once: every binding the Worker needs, and the vars and secrets against
 * the configuration schema (`app/config.server.ts`). Then the services are built once and handed
 * to Remix as the load context.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { configSchema, type AppConfig } from "../app/config.server";
import type { Env } from "../app/types/env";
import type { AppContext } from "../app/types/load-context";
import { clockOf } from "./clock";
import { buildServices } from "./services";

const bindings = {
  BOOKINGS: { method: "put", kind: "KV binding" },
  INVOICES: { method: "put", kind: "R2 binding" },
  INVOICE_NUMBERS: { method: "idFromName", kind: "Durable Object binding" },
  EMAIL_QUEUE: { method: "sendBatch", kind: "queue binding" },
  AUTOPAY_QUEUE: { method: "sendBatch", kind: "queue binding" },
  LEDGER_OPENS: { method: "send", kind: "queue binding" },
  BOOKING_HOLDS: { method: "idFromName", kind: "Durable Object binding" },
  BOOKING_LEDGER: { method: "idFromName", kind: "Durable Object binding" },
  BOOKING_INDEX: { method: "idFromName", kind: "Durable Object binding" },
  PROMO_USES: { method: "idFromName", kind: "Durable Object binding" },
  SUBMISSION_LIMITS: { method: "idFromName", kind: "Durable Object binding" },
  QUOTE_BOOK: { method: "idFromName", kind: "Durable Object binding" },
  CREW_BOOK: { method: "idFromName", kind: "Durable Object binding" },
  LINK_GENERATIONS: { method: "idFromName", kind: "Durable Object binding" },
  ASSETS: { method: "fetch", kind: "assets binding" },
} as const satisfies Partial<Record<keyof Env, { method: string; kind: string }>>;

// Bindings and vars are fixed for the life of an isolate, so they are checked once per env object.
const parsed = new WeakMap<Env, AppConfig>();

export function parseConfig(env: Env): AppConfig {
  const cached = parsed.get(env);
  if (cached) return cached;
  for (const [name, { method, kind }] of Object.entries(bindings)) {
    const binding = env[name as keyof typeof bindings] as unknown as Record<string, unknown> | undefined;
    if (typeof binding?.[method] !== "function") throw new Error(`Missing ${kind} ${name} (see wrangler.toml)`);
  }
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid Worker configuration: ${z.prettifyError(result.error)}`);
  }
  parsed.set(env, result.data);
  return result.data;
}

export async function createLoadContext(env: Env, ctx: ExecutionContext): Promise<AppLoadContext> {
  const config = parseConfig(env);
  return {
    services: buildServices(env, config, await clockOf(config)),
    waitUntil: (promise) => ctx.waitUntil(promise),
    assets: env.ASSETS,
  } satisfies AppContext;
}
