/**
 * A local stand-in for Stripe's API, for the integration and end-to-end tests: a real HTTP server
 * (the Worker reaches it through STRIPE_API_BASE) that answers as Stripe does today: creating,
 * reading, listing by PaymentIntent and expiring Checkout Sessions (only an open one can be
 * expired), creating refunds (card refunds start `pending`; the test settles each as `succeeded` or
 * `failed`, as Stripe's network does later), reading one and listing a charge's or a PaymentIntent's refunds. It
 * honours idempotency keys as Stripe does: a key used again answers what it made, as that is now (a
 * session expired since stays expired), and a key used again with other parameters is refused. It records every request, and can hold the
 * creation of Checkout Sessions or refunds for a test that puts a change in between (`hold`).
 * Events are shaped as Stripe sends them: a `charge.refunded` event's charge carries no list of
 * refunds (API version 2022-11-15 on), so the Worker must ask for them. Webhooks are signed with
 * the SDK's own test-header helper. Customers, saved payment methods, off-session PaymentIntents,
 * PayTo mandates and Checkout's setup mode are in `fake-stripe/autopay.ts`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { bodyOf } from "./request-body";
import { accountBook } from "./fake-stripe/accounts";
import { createAutopay, type Route } from "./fake-stripe/autopay";
import { type FakeSession, type FakeSetupSession, sessionFrom } from "./fake-stripe/checkout";
import type { PendingEvent } from "./fake-stripe/objects";
import { StripeRefusal, invalidRequest, noSuch, paramsUnder } from "./fake-stripe/refusal";

export type { FakeSession, FakeSetupSession } from "./fake-stripe/checkout";
export { declines, testCards } from "./fake-stripe/test-cards";

/**
 * The fake's accounts are its secret keys: as at Stripe, each account's objects and idempotency keys
 * are its own (`fake-stripe/accounts.ts`), so two Workers of one test file, each numbering its
 * invoices apart, never reuse or read each other's. A request with any other key is refused as
 * Stripe refuses it (401).
 */
export const fakeStripeKeys = { secretKey: "sk_test_fake", secondAccountKey: "sk_test_fake_second", webhookSecret: "whsec_fake" } as const;
const accounts = new Set<string>([fakeStripeKeys.secretKey, fakeStripeKeys.secondAccountKey]);

const secretKeyOf = (authorization: string | undefined) => /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];

/** Stripe's answer to a request whose API key it does not know, or that has none. */
function unauthorized(authorization: string | undefined): StripeRefusal | null {
  const key = secretKeyOf(authorization);
  if (key && accounts.has(key)) return null;
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
  return new StripeRefusal(401, { type: "invalid_request_error", message });
}

export interface SessionRequest {
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  /** The form-encoded parameters as Stripe gets them, e.g. `line_items[0][price_data][unit_amount]`. */
  params: Record<string, string>;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string | null;
  charge: string;
  currency: "aud";
  payment_intent: string;
  reason: string | null;
  status: "pending" | "succeeded" | "failed";
  failure_reason?: string;
  created: number;
  metadata: Record<string, string>;
}

/** The charge behind a PaymentIntent (one each, as a card checkout makes). */
export const chargeOf = (paymentIntent: string) => `ch_${paymentIntent.replace(/^pi_/, "")}`;

function refundFrom(id: string, params: Record<string, string>, status: FakeRefund["status"], now: Date): FakeRefund {
  const paymentIntent = params.payment_intent ?? "";
  return {
    id,
    object: "refund",
    amount: Number(params.amount),
    balance_transaction: null,
    charge: chargeOf(paymentIntent),
    currency: "aud",
    payment_intent: paymentIntent,
    reason: null,
    status,
    created: Math.floor(now.getTime() / 1000),
    metadata: paramsUnder(params, "metadata"),
  };
}

/**
 * A planned failure of one request, as Stripe and the network fail (`passes`: this one goes through,
 * to fail a later one): `down` answers 500 with an
 * `api_error` and makes nothing (nothing is kept under its idempotency key, so a retry is tried
 * afresh); `made-then-dropped` makes the object and keeps it under the key, then the connection is
 * cut before the answer, so the client never learns it was made (a retry with the key replays it);
 * `unreachable` never reaches Stripe (the network is down): the connection is cut before anything
 * is read, whatever the key, so a retry after `made-then-dropped` can fail too and leave the client
 * not knowing what Stripe made.
 */
export type StripeFault = "passes" | "down" | "made-then-dropped" | "unreachable";

/** A planned failure of one lookup of a payment's refunds (`GET /v1/refunds?payment_intent=…`, as the ledger looks up an attempt): as a POST's, with nothing to make. */
export type LookupFault = Exclude<StripeFault, "made-then-dropped">;

/** Where planned lookup failures are kept: apart from the POSTs to the same path. */
export const refundLookups = "GET /v1/refunds";

/** The ids of refunds the owner makes in Stripe's dashboard start with this. */
export const dashboardRefundPrefix = "re_dashboard";

/** `now`: the clock the objects Stripe makes are dated by (a test's clock, tests/support/test-clock.ts); the wall clock unless given. */
export async function startFakeStripe({ port = 0, now = () => new Date() }: { port?: number; now?: () => Date } = {}) {
  const requests: SessionRequest[] = [];
  const sessions: FakeSession[] = [];
  const refunds: FakeRefund[] = [];
  /** What each idempotency key made, or the refusal kept under it (a declined charge). */
  const byIdempotencyKey = new Map<string, { params: string; made?: object; refusal?: StripeRefusal }>();
  /** Planned failures for the next POSTs to a path, or the next lookups (`refundLookups`), in order. */
  const faults = new Map<string, StripeFault[]>();
  /** Idempotency keys of requests Stripe is still making (held). */
  const inProgress = new Set<string>();
  /** Requests held until the test releases them, by path (`hold`): before Stripe makes anything, or once it has made it and before it answers (`madeFirst`). */
  const held = new Map<string, { arrive: () => void; released: Promise<void>; madeFirst: boolean }>();
  // Unique as Stripe's are: two objects made in the same millisecond (held requests released together) differ by the count.
  let objectsMade = 0;
  const book = accountBook(fakeStripeKeys.secretKey);
  const newId = (prefix: string) => book.made(`${prefix}${String((objectsMade += 1)).padStart(4, "0")}${Date.now().toString(36)}`);
  /** Checkout Sessions in `setup` mode, apart from the payment sessions every other test reads. */
  const setupSessions: FakeSetupSession[] = [];
  const autopay = createAutopay(newId, book, sessions, setupSessions);
  const checkoutSession = (id: string) => [...sessions, ...setupSessions].find((one) => one.id === id);
  /** What a paid PaymentIntent took (a refund's limit): a hand-paid checkout's (`pi_` and its session's id) or one the fake confirmed (`autopay`). */
  const paidAmount = (paymentIntent: string) => sessions.find((session) => `pi_${session.id}` === paymentIntent && book.visible(session.id))?.amount_total ?? autopay.paidAmount(paymentIntent);
  /** POST endpoints that make something, by path; replayed for a repeated idempotency key. */
  const makers: Route[] = [
    [
      /^\/v1\/checkout\/sessions$/,
      (params) => {
        const session = sessionFrom(newId("cs_test_fake"), params, (id) => autopay.customers.some((customer) => customer.id === id && book.visible(id)));
        if (session.mode === "setup") setupSessions.push(session);
        else sessions.push(session);
        return session;
      },
    ],
    [
      /^\/v1\/refunds$/,
      (params) => {
      // As Stripe: a refund is against a paid PaymentIntent, and never beyond what is left of its charge.
      const paid = paidAmount(params.payment_intent ?? "");
      if (paid === undefined || paid === null) throw noSuch("payment_intent", params.payment_intent ?? "", "payment_intent");
      const refunded = refunds.filter((one) => one.payment_intent === params.payment_intent && one.status !== "failed").reduce((sum, one) => sum + one.amount, 0);
      if (refunded + Number(params.amount) > paid) {
        throw invalidRequest(`Refund amount ($${(Number(params.amount) / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((paid - refunded) / 100).toFixed(2)})`, "amount");
      }
      // Card refunds start pending; the card network settles them later (`settleRefund`).
      const refund = refundFrom(newId("re_test_fake"), params, "pending", now());
      refunds.push(refund);
      return refund;
      },
    ],
    ...autopay.posts,
  ];
  const routeOf = (routes: Route[], path: string) => {
    for (const [pattern, answer] of routes) {
      const match = path.match(pattern);
      if (match) return (params: Record<string, string>) => answer(params, match[1] ?? "");
    }
    return undefined;
  };
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${requests.length}`, ...headers });
      response.end(JSON.stringify(value));
    };
    const refuse = (refusal: StripeRefusal, headers: Record<string, string> = {}) => json(refusal.status, { error: refusal.error }, headers);
    const url = new URL(request.url ?? "/", "http://stripe.test");
    const idempotencyKey = request.headers["idempotency-key"]?.toString() ?? null;
    const params = request.method === "POST" ? Object.fromEntries(new URLSearchParams(body)) : Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, authorization: request.headers.authorization ?? null, idempotencyKey, params });
    // The account's own key: what one account made under a key is not another's.
    const accountKey = idempotencyKey && `${request.headers.authorization} ${idempotencyKey}`;
    // Not Stripe's API: the client finishing Stripe's hosted page, for a test in another process (the end-to-end run), with the events it made to sign and deliver.
    const finished = request.method === "POST" ? url.pathname.match(/^\/_test\/checkout\/sessions\/([^/]+)\/complete$/) : null;
    if (finished) {
      autopay.takeEvents();
      autopay.completeCheckout(finished[1] ?? "", params.payment_method);
      return json(200, { events: autopay.takeEvents() });
    }
    const refusedKey = unauthorized(request.headers.authorization);
    if (refusedKey) return refuse(refusedKey);
    const account = secretKeyOf(request.headers.authorization)!;
    book.actAs(account);
    const session = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    if (session) {
      const found = checkoutSession(session[1] ?? "");
      if (!found || !book.visible(found.id)) return refuse(noSuch("checkout.session", session[1] ?? ""));
      if (request.method === "GET") return json(200, found);
      if (found.status !== "open") return refuse(invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired.`));
      found.status = "expired";
      return json(200, found);
    }
    if (request.method === "GET" && url.pathname === "/v1/checkout/sessions") {
      const data = sessions.filter((one) => book.visible(one.id) && (!params.payment_intent || (one.payment_intent ?? `pi_${one.id}`) === params.payment_intent));
      return json(200, { object: "list", data, has_more: false, url: "/v1/checkout/sessions" });
    }
    if (request.method === "GET" && url.pathname === "/v1/refunds") {
      const fault = params.payment_intent ? faults.get(refundLookups)?.shift() : undefined;
      if (fault === "unreachable") return void response.destroy();
      if (fault === "down") return json(500, { error: { type: "api_error", message: "An unknown error occurred" } });
      const data = refunds.filter((refund) => book.visible(refund.id) && (!params.charge || refund.charge === params.charge) && (!params.payment_intent || refund.payment_intent === params.payment_intent));
      return json(200, { object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    const refund = request.method === "GET" ? url.pathname.match(/^\/v1\/refunds\/([^/]+)$/) : null;
    if (refund) {
      const found = refunds.find((one) => one.id === refund[1] && book.visible(one.id));
      return found ? json(200, found) : refuse(noSuch("refund", refund[1] ?? ""));
    }
    const read = request.method === "GET" ? routeOf(autopay.reads, url.pathname) : undefined;
    if (read) {
      try {
        return json(200, read(params));
      } catch (error) {
        if (!(error instanceof StripeRefusal)) throw error;
        return refuse(error);
      }
    }
    const make = request.method === "POST" ? routeOf(makers, url.pathname) : undefined;
    if (!make) return refuse(new StripeRefusal(404, { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${url.pathname})` }));
    // As Stripe: a second request with a key whose first is still being made is refused, and nothing is kept for it.
    if (accountKey && inProgress.has(accountKey)) {
      return json(409, {
        error: {
          type: "invalid_request_error",
          code: "idempotency_key_in_use",
          message: `There is currently another in-progress request using this Idempotency Key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`,
        },
      });
    }
    const gate = request.method === "POST" ? held.get(url.pathname) : undefined;
    if (gate && !gate.madeFirst) {
      if (accountKey) inProgress.add(accountKey);
      gate.arrive();
      await gate.released;
      if (accountKey) inProgress.delete(accountKey);
      // Other requests were answered meanwhile, each as its own account.
      book.actAs(account);
    }
    if (faults.get(url.pathname)?.[0] === "unreachable") {
      faults.get(url.pathname)!.shift();
      return void response.destroy();
    }
    const replayed = accountKey ? byIdempotencyKey.get(accountKey) : undefined;
    if (replayed && replayed.params !== JSON.stringify(params)) {
      return json(400, { error: { type: "idempotency_error", message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } });
    }
    if (replayed?.refusal) return refuse(replayed.refusal, { "Idempotent-Replayed": "true" });
    if (replayed) return json(200, replayed.made, { "Idempotent-Replayed": "true" });
    const fault = faults.get(url.pathname)?.shift();
    if (fault === "down") return json(500, { error: { type: "api_error", message: "An unknown error occurred" } });
    let made: object;
    try {
      made = make(params);
    } catch (error) {
      if (!(error instanceof StripeRefusal)) throw error;
      if (accountKey && error.kept) byIdempotencyKey.set(accountKey, { params: JSON.stringify(params), refusal: error });
      return refuse(error);
    }
    if (accountKey) byIdempotencyKey.set(accountKey, { params: JSON.stringify(params), made });
    if (gate?.madeFirst) {
      gate.arrive();
      await gate.released;
    }
    if (fault === "made-then-dropped") return void response.destroy();
    json(200, made);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const failNext = (path: string, ...planned: StripeFault[]) => void faults.set(path, [...(faults.get(path) ?? []), ...planned]);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    sessions,
    /** The Checkout Session of either mode with this id, as Stripe's hosted page finds it. */
    checkoutSession,
    refunds,
    /** Customers, saved payment methods, off-session PaymentIntents and PayTo mandates, and the client's side of Checkout (`completeCheckout`), with the events each makes. */
    autopay,
    /** The next POSTs to `path` (e.g. `/v1/refunds`) fail as planned, one fault each, in order. */
    failNext,
    /** The next lookups of a payment's refunds (`GET /v1/refunds?payment_intent=…`) fail as planned, one fault each, in order. */
    failNextLookups: (...planned: LookupFault[]) => failNext(refundLookups, ...planned),
    /** Forgets every planned failure not yet met. */
    clearFaults: () => faults.clear(),
    /** How many planned failures of `path` are still to come. */
    faultsLeft: (path: string) => faults.get(path)?.filter((fault) => fault !== "passes").length ?? 0,
    /** The card network's answer to a pending refund; returns the refund as Stripe's next event carries it. */
    settleRefund(id: string, status: "succeeded" | "failed"): FakeRefund {
      const refund = refunds.find((one) => one.id === id);
      if (!refund) throw new Error(`No such refund ${id}`);
      refund.status = status;
      if (status === "failed") refund.failure_reason = "expired_or_canceled_card";
      return { ...refund };
    },
    /**
     * A refund the owner makes in Stripe's dashboard, `pending` until settled or `succeeded` at once,
     * never beyond what is left of the charge (null when nothing is). Stripe sends `refund.created`
     * with it, and `charge.refunded` with the charge alone (no `refunds` list in it), returned here.
     */
    refundInDashboard(paymentIntent: string, amount: number, status: "pending" | "succeeded" = "succeeded") {
      const paid = sessions.find((session) => `pi_${session.id}` === paymentIntent);
      // In the dashboard of the account whose payment it is.
      book.actFor(paid?.id ?? paymentIntent);
      const left = (paid?.amount_total ?? amount) - refunds.filter((one) => one.payment_intent === paymentIntent && one.status !== "failed").reduce((sum, one) => sum + one.amount, 0);
      if (left <= 0) return null;
      const refund = refundFrom(newId(dashboardRefundPrefix), { payment_intent: paymentIntent, amount: String(Math.min(amount, left)) }, status, now());
      refunds.push(refund);
      const refunded = refunds.filter((one) => one.charge === refund.charge && one.status !== "failed").reduce((sum, one) => sum + one.amount, 0);
      return { charge: { id: refund.charge, object: "charge", payment_intent: paymentIntent, amount_refunded: refunded, refunded: true, currency: "aud" }, refund: { ...refund } };
    },
    /**
     * Holds every POST to `path` (`/v1/checkout/sessions`, `/v1/refunds`) until `release()`:
     * `arrived` settles when the first comes (the Worker has read what it asks for by then). With
     * `madeFirst`, Stripe makes the object (and its events) first and holds only the answer: what the
     * Worker learns late, while the webhook may already have told it.
     */
    hold(path: string, { madeFirst = false }: { madeFirst?: boolean } = {}) {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      held.set(path, { arrive, released: new Promise<void>((resolve) => (release = resolve)), madeFirst });
      return {
        arrived,
        release() {
          held.delete(path);
          release();
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The Worker's settings that send its Stripe calls to `stripe`, as the account `secretKey` names, and sign webhooks with the fake's secret. */
export function stripeVars(stripe: FakeStripe, secretKey: string = fakeStripeKeys.secretKey): Record<string, string> {
  return { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: fakeStripeKeys.webhookSecret, STRIPE_API_BASE: stripe.url };
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
  /** When Stripe made the event (seconds), if before it was signed: an event delivered again keeps its first time. */
  created?: number;
}

/** A webhook delivery of any event: `charge.refunded` with a charge, `refund.updated` or `refund.failed` with a refund. */
export function signedEvent(type: string, object: object, { secret = fakeStripeKeys.webhookSecret as string, timestamp = Math.floor(Date.now() / 1000), id = `evt_test_${++eventCount}`, created = timestamp }: SigningOptions = {}) {
  const body = JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}

/** A webhook delivery of an event the fake made (`autopay.takeEvents()`), with its object as it was then. */
export const signedPendingEvent = (event: PendingEvent, options: SigningOptions = {}) => signedEvent(event.type, event.object, options);
