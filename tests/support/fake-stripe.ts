/**
 * A local stand-in for Stripe's API, for the integration and end-to-end tests: a real HTTP server
 * (the Worker reaches it through STRIPE_API_BASE) that answers `POST /v1/checkout/sessions` and
 * `POST /v1/refunds` as Stripe does, honours idempotency keys, and records every request it gets.
 * Also signs webhook events with the SDK's own test-header helper.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { bodyOf } from "./request-body";

export const fakeStripeKeys = { secretKey: "sk_test_fake", webhookSecret: "whsec_fake" } as const;

export interface SessionRequest {
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  /** The form-encoded parameters as Stripe gets them, e.g. `line_items[0][price_data][unit_amount]`. */
  params: Record<string, string>;
}

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  /** Set once paid: the PaymentIntent a refund is made against. */
  payment_intent?: string | null;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: "aud";
  payment_intent: string;
  status: "succeeded";
  created: number;
  metadata: Record<string, string>;
}

function refundFrom(id: string, params: Record<string, string>): FakeRefund {
  return {
    id,
    object: "refund",
    amount: Number(params.amount),
    currency: "aud",
    payment_intent: params.payment_intent ?? "",
    status: "succeeded",
    created: Math.floor(Date.now() / 1000),
    metadata: { invoiceNumber: params["metadata[invoiceNumber]"] ?? "" },
  };
}

/** What each endpoint makes of a request's parameters. */
const endpoints: Record<string, (id: number, params: Record<string, string>) => FakeSession | FakeRefund> = {
  "/v1/checkout/sessions": (id, params) => sessionFrom(`cs_test_fake${String(id).padStart(4, "0")}${Date.now().toString(36)}`, params),
  "/v1/refunds": (id, params) => refundFrom(`re_test_fake${String(id).padStart(4, "0")}${Date.now().toString(36)}`, params),
};

function sessionFrom(id: string, params: Record<string, string>): FakeSession {
  return {
    id,
    object: "checkout.session",
    // Stripe's hosted checkout lives on its own origin; the browser tests watch for it.
    url: `https://checkout.stripe.com/c/pay/${id}`,
    mode: "payment",
    status: "open",
    payment_status: "unpaid",
    amount_total: Number(params["line_items[0][price_data][unit_amount]"]),
    currency: params["line_items[0][price_data][currency]"] ?? "",
    client_reference_id: params.client_reference_id ?? null,
    customer_email: params.customer_email ?? null,
    metadata: { invoiceNumber: params["metadata[invoiceNumber]"] ?? "", kind: params["metadata[kind]"] ?? "" },
  };
}

export async function startFakeStripe({ port = 0 }: { port?: number } = {}) {
  const requests: SessionRequest[] = [];
  const sessions: FakeSession[] = [];
  const refunds: FakeRefund[] = [];
  const byIdempotencyKey = new Map<string, FakeSession | FakeRefund>();
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "Content-Type": "application/json", ...headers });
      response.end(JSON.stringify(value));
    };
    const make = request.method === "POST" ? endpoints[request.url ?? ""] : undefined;
    if (!make) {
      json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${request.url})` } });
      return;
    }
    const idempotencyKey = request.headers["idempotency-key"]?.toString() ?? null;
    requests.push({ path: request.url!, authorization: request.headers.authorization ?? null, idempotencyKey, params: Object.fromEntries(new URLSearchParams(body)) });
    const replayed = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
    if (replayed) {
      json(200, replayed, { "Idempotent-Replayed": "true" });
      return;
    }
    const made = make(requests.length, requests.at(-1)!.params);
    if (made.object === "refund") refunds.push(made);
    else sessions.push(made);
    if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, made);
    json(200, made);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    sessions,
    refunds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The Worker's settings that send its Stripe calls to `stripe` and sign webhooks with the fake's secret. */
export function stripeVars(stripe: FakeStripe): Record<string, string> {
  return { STRIPE_SECRET_KEY: fakeStripeKeys.secretKey, STRIPE_WEBHOOK_SECRET: fakeStripeKeys.webhookSecret, STRIPE_API_BASE: stripe.url };
}

export type StripeEventType = "checkout.session.completed" | "checkout.session.async_payment_succeeded" | "checkout.session.expired";

let eventCount = 0;

/**
 * A webhook delivery as Stripe sends it: the event's JSON and its `Stripe-Signature` header,
 * signed with `secret` at `timestamp` (seconds; now unless given, a stale one for the tolerance test).
 */
export function signedStripeEvent(type: StripeEventType, session: FakeSession, options: SigningOptions = {}) {
  const completed = type === "checkout.session.expired" ? { status: "expired" } : { status: "complete", payment_status: "paid", payment_intent: session.payment_intent ?? `pi_${session.id}` };
  return signedEvent(type, { ...session, ...completed }, options);
}

interface SigningOptions {
  secret?: string;
  timestamp?: number;
  id?: string;
}

/** A webhook delivery of any event: `charge.refunded` with a charge, `refund.updated` with a refund. */
export function signedEvent(type: string, object: object, { secret = fakeStripeKeys.webhookSecret as string, timestamp = Math.floor(Date.now() / 1000), id = `evt_test_${++eventCount}` }: SigningOptions = {}) {
  const body = JSON.stringify({
    id,
    object: "event",
    api_version: "2025-09-30.clover",
    created: timestamp,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}
