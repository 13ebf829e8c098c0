import type { MiniflareOptions } from "miniflare";
import { afterAll, beforeAll } from "vitest";
import { durableHolds } from "~/bookings/holds/holds.server";
import { durableBookingLedger } from "~/bookings/record/ledger.server";
import { durablePromoUses } from "~/promos/promo-uses.server";
import { durableSubmissionLimits } from "~/rate-limit.server";
import { durableQuoteBook } from "~/quotes/quote-book";
import { durableCrewBook } from "~/crew/crew-book";
import { durableLinkGenerations } from "~/links/generations.server";
import type { MailMessage } from "~/mail/message";
import type { ChargeMessage } from "~/bookings/autopay/charge-message";
import type { OpenMessage } from "~/bookings/record/ledger-opens.server";
import { createLocalWorker } from "../../scripts/lib/local-worker.mjs";
import type { TestClock } from "../support/test-clock";

export const testOrigin = "https://photobooths.test";

export const testVars = {
  SITE_ORIGIN: testOrigin,
  OWNER_EMAIL: "owner@example.com",
  MAIL_FROM: "bookings@example.com",
  // E-mail retries follow one another at once, so a test sees every try without waiting an hour.
  EMAIL_RETRY_DELAYS_SECONDS: "0",
  // A ledger's failed follow-up is tried again from its alarm a moment later, so a fault test sees it finished.
  LEDGER_RETRY_SECONDS: "0.2",
  OWNER_LINK_SECRET: "integration-test-owner-link-secret-0123456789",
  OWNER_FEED_SECRET: "integration-test-owner-feed-secret-0123456789",
  OWNER_DAY_SECRET: "integration-test-owner-day-secret-0123456789",
};

export interface WorkerOptions {
  /** Answers the Worker's outgoing fetches (the e-mail API) instead of the network. */
  outboundService?: MiniflareOptions["outboundService"];
  vars?: Record<string, string>;
  /**
   * Make KV writes (optionally only to keys with a prefix) or R2 writes fail; or, `planned`, let the
   * test say when KV, R2, the e-mail queue, the holds, the promo codes' uses, the booking ledgers,
   * the invoice number claims and the submission limits fail (`failNext`).
   */
  faults?: { kvWrites?: { failPrefix?: string }; r2Writes?: boolean; planned?: boolean; counted?: boolean };
  /** The time the Worker sees (its TEST_CLOCK binding): the wall clock unless given. */
  clock?: TestClock;
  /** How often the ledger opens' queue tries a message again before its dead-letter queue (wrangler.toml's 100 unless given). */
  ledgerOpenRetries?: number;
  /** How often the autopay queue tries a message again before its dead-letter queue (wrangler.toml's 10 unless given). */
  autopayRetries?: number;
  /** Keeps the storage in this folder, so a Worker started on it later finds what was stored before (by an older version's code, say). */
  persistTo?: string;
}

export type FaultStep = "kv.put" | "kv.delete" | "r2.put" | "queue.send" | "ledger-opens.send" | "holds.hold" | "holds.hold.lost" | "holds.release" | "holds.confirm" | "promo-uses.release" | "promo-uses.confirm" | "ledger" | "ledger.autopay-try" | "claims.claim" | "index.put" | "submission-limits.take";

/** The Worker's console output, for tests that check a failure is logged. */
export type LogLines = string[];

/**
 * How long a call into workerd may go unanswered before the test fails naming it. The slowest
 * answer a test waits for (a Stripe call the SDK retries) is a few seconds; a call that hangs would
 * otherwise hold its test until vitest's timeout and say nothing of where it stopped.
 */
const callDeadlineMs = 120_000;

/** Waits for a call's answer, or fails naming the call once it has waited `callDeadlineMs`. */
type Within = <T>(call: string, answer: Promise<T>) => Promise<T>;

/** `Within` printing the failure at once with the Worker's last log lines (`logs`): a test that hangs may never get to report it. */
function deadlineWithLogs(logs: LogLines): Within {
  return (call, answer) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`No answer in ${callDeadlineMs / 1000} s to ${call}`);
        console.error(`[${new Date().toISOString()}] ${error.message}; the Worker's last logs:\n${logs.slice(-40).join("\n")}`);
        reject(error);
      }, callDeadlineMs);
    });
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  };
}

/** `methods` of a miniflare proxy, each answered `within` the deadline (plain functions: a Proxy over miniflare's proxy makes synchronous calls of its own). */
function bounded<T extends object>(within: Within, name: string, target: T, methods: readonly (keyof T & string)[]): T {
  const call = (method: keyof T & string) => (...args: unknown[]) =>
    within(`${name}.${method}(${args.length ? String(args[0]) : ""})`, (target[method] as (...args: unknown[]) => Promise<unknown>)(...args));
  return Object.fromEntries(methods.map((method) => [method, call(method)])) as T;
}

const kvMethods = ["get", "getWithMetadata", "put", "delete", "list"] as const;

const described = (input: unknown) => (input instanceof Request ? `${input.method} ${input.url}` : String(input));

/** Statuses whose answer carries no body (the Fetch standard's null body statuses). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/** The bundled Worker in workerd with in-memory KV and R2 and the static assets in front, as Cloudflare serves it. */
export async function startWorker(options: WorkerOptions = {}) {
  const logs: LogLines = [];
  const mf = createLocalWorker({
    vars: { ...testVars, ...options.vars },
    outboundService: options.outboundService,
    faults: options.faults,
    clock: Boolean(options.clock),
    ledgerOpenRetries: options.ledgerOpenRetries,
    autopayRetries: options.autopayRetries,
    persistRoot: options.persistTo,
    onLog: (line) => logs.push(line),
  });
  const url = await mf.ready;
  if (options.clock) await options.clock.attach((await mf.getKVNamespace("TEST_CLOCK", "site")) as unknown as KVNamespace);
  const within = deadlineWithLogs(logs);
  const namespaces = new Map<string, Promise<DurableObjectNamespace>>();
  /** The Worker's namespace `binding`, reached directly (not through the Worker), each name's object asked for once. */
  const objects = (binding: string): Promise<DurableObjectNamespace> => {
    if (!namespaces.has(binding)) namespaces.set(binding, mf.getDurableObjectNamespace(binding, "faulty-bindings").then((namespace) => askedOnce(namespace as unknown as DurableObjectNamespace, within)));
    return namespaces.get(binding)!;
  };
  /** With counted storage: each KV, R2 and Durable Object call made while `work` ran, by binding, method and key (`kv.put booking:…`, `r2.get name`, `ledger.fetch …`). */
  const calls = async (work: () => Promise<unknown>): Promise<string[]> => {
    const ops = (await mf.getDurableObjectNamespace("OPS", "op-counter")) as unknown as DurableObjectNamespace;
    const counter = ops.get(ops.idFromName("ops"));
    await counter.fetch("https://ops/reset");
    await work();
    return (await counter.fetch("https://ops/calls")).json<string[]>();
  };
  /**
   * With counted storage: each call's span while `work` ran (what it set going included), the
   * moments the site answered, and how long `work` took with each call `slow` names (by the start
   * of its name, `holds.fetch`, `kv.`) made to wait `slow.ms` first.
   */
  const spans = async (work: () => Promise<unknown>, slow: { ms: number; calls: string[] } = { ms: 0, calls: [] }): Promise<Traced> => {
    const ops = (await mf.getDurableObjectNamespace("OPS", "op-counter")) as unknown as DurableObjectNamespace;
    const counter = ops.get(ops.idFromName("ops"));
    await counter.fetch("https://ops/reset");
    await counter.fetch(`https://ops/slow?ms=${slow.ms}&calls=${encodeURIComponent(slow.calls.join(","))}`);
    const started = performance.now();
    await work();
    const tookMs = performance.now() - started;
    return { ...(await counter.fetch("https://ops/spans").then((answer) => answer.json<Omit<Traced, "tookMs">>())), tookMs };
  };
  /** Delivers one message to `queue`'s consumer as one invocation: whether it was acked or is to be retried. */
  const consume = async (queue: string, body: unknown, about: string) => {
    const site = (await mf.getWorker("site")) as unknown as { queue: (name: string, messages: { id: string; timestamp: Date; body: unknown; attempts: number }[]) => Promise<{ outcome: string; explicitAcks: string[]; retryMessages: { msgId: string }[] }> };
    return within(`the ${queue} consumer for ${about}`, site.queue(queue, [{ id: crypto.randomUUID(), timestamp: new Date(), body, attempts: 1 }]));
  };
  return {
    spans,
    fetch: async (pathname: string, init: RequestInit = {}): Promise<Response> => {
      // dispatchFetch cannot set Host, which Remix compares with Origin on form posts; a proxy's
      // X-Forwarded-Host carries the public host instead, as it would behind a load balancer.
      const headers = new Headers(init.headers);
      if (!headers.has("X-Forwarded-Host")) headers.set("X-Forwarded-Host", new URL(testOrigin).host);
      const call = `${init.method ?? "GET"} ${pathname}`;
      const response = await within(call, mf.dispatchFetch(new URL(pathname, testOrigin), { ...init, headers } as never) as unknown as Promise<Response>);
      // Read at once, as miniflare asks of dispatchFetch's bodies: a test that held an answer unread
      // while it read storage found it, on a busy machine, already consumed.
      const body = nullBodyStatuses.has(response.status) ? null : await within(`the body of ${call}`, response.arrayBuffer());
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
    // Read through the fault worker's plain bindings: the same data, never failing.
    kv: async () => bounded(within, "KV", (await within("KV's binding", mf.getKVNamespace("innerKv", "faulty-bindings"))) as unknown as KVNamespace, kvMethods),
    r2: () => mf.getR2Bucket("innerR2", "faulty-bindings") as unknown as Promise<R2Bucket>,
    /** The names stored in R2 (under `prefix`), read in one call. */
    r2Keys: async (prefix = "") => {
      const names = await mf.getWorker("r2-names");
      return (await names.fetch(`https://r2-names/?prefix=${encodeURIComponent(prefix)}`)).json() as Promise<string[]>;
    },
    /** The site's e-mail queue, to deliver a message again as the queue may. */
    emailQueue: () => mf.getQueueProducer<MailMessage>("EMAIL_QUEUE", "site") as unknown as Promise<Queue<MailMessage>>,
    /** The site's autopay queue, to put a try on it as the schedule would. */
    autopayQueue: () => mf.getQueueProducer<ChargeMessage>("AUTOPAY_QUEUE", "site") as unknown as Promise<Queue<ChargeMessage>>,
    /** With counted storage: the autopay queue's messages sent since the last call, kept undelivered. */
    autopayHeld: async () => {
      const ops = (await mf.getDurableObjectNamespace("OPS", "op-counter")) as unknown as DurableObjectNamespace;
      return (await ops.get(ops.idFromName("ops")).fetch("https://ops/held")).json<ChargeMessage[]>();
    },
    /** Delivers one autopay message to the queue's consumer (or its dead-letter queue's), as one invocation; whether it was acked or is to be retried. */
    consumeAutopay: (body: ChargeMessage, queue: "photobooth-autopay" | "photobooth-autopay-failed" = "photobooth-autopay") => consume(queue, body, body.invoiceNumber),
    /** Delivers a new booking's ledger open to the ledger opens' queue or its dead-letter queue, as one invocation, as the queue may deliver one again. */
    deliverOpen: (queue: "photobooth-ledger-opens" | "photobooth-ledger-opens-failed", body: OpenMessage) => consume(queue, body, body.booking.invoiceNumber),
    /** Runs the Cron Trigger as if it fired at `time` (its clock is the scheduled time; the cron string changes nothing). */
    scheduled: async (time: Date) => {
      const site = await mf.getWorker("site");
      return within(`the Cron Trigger at ${time.toISOString()}`, site.scheduled({ scheduledTime: time, cron: "0 19 * * *" }));
    },
    /**
     * With planned faults: every list of KV keys under `prefix` waits until `work` ends. Only the
     * deadlines of provisional holds and codes' uses list a date's bookings (`booking:`), so `work`
     * sees them before their deadline is acted on, however long it takes; then they go on.
     */
    whileKvListsWait: async <T>(prefix: string, work: () => Promise<T>): Promise<T> => {
      const plan = (await within("the fault plan's binding", mf.getKVNamespace("FAULT_PLAN", "faulty-bindings"))) as unknown as KVNamespace;
      await within("the fault plan's hold of KV lists", plan.put("kv.list.held", prefix));
      try {
        return await work();
      } finally {
        await within("the fault plan's release of KV lists", plan.delete("kv.list.held"));
      }
    },
    /** With planned faults: the next `times` calls of `step` fail ("kv.put", "kv.delete", "r2.put", "queue.send", "holds.hold", "holds.release", "holds.confirm", "promo-uses.release", "promo-uses.confirm", "ledger", "ledger.autopay-try", "ledger-opens.send", "claims.claim", "index.put", "submission-limits.take"). */
    failNext: async (step: FaultStep, times = 1) => {
      const plan = (await within("the fault plan's binding", mf.getKVNamespace("FAULT_PLAN", "faulty-bindings"))) as unknown as KVNamespace;
      await within(`the fault plan's put of ${step}`, plan.put(step, String(times)));
    },
    /** How many planned failures of `step` are still to come. */
    faultsLeft: async (step: FaultStep) => Number((await ((await mf.getKVNamespace("FAULT_PLAN", "faulty-bindings")) as unknown as KVNamespace).get(step)) ?? 0),
    /** With counted storage: how many KV, R2 and Durable Object calls were made while `work` ran (what it set going included). */
    operations: async (work: () => Promise<unknown>) => (await calls(work)).length,
    calls,
    /** The holds object, reached directly (not through the Worker): what is held on a date, and changing a hold's items. */
    holds: async () => durableHolds(await objects("innerHolds")),
    /** The bookings' ledgers, reached directly (not through the Worker): each booking's own copy. */
    ledger: async () => durableBookingLedger(await objects("innerLedger")),
    /** Promo codes' uses, reached directly (not through the Worker). */
    promoUses: async () => durablePromoUses(await objects("innerPromoUses")),
    /** The visitors' submission counts, reached directly (not through the Worker). */
    submissionLimits: async () => durableSubmissionLimits(await objects("innerSubmissionLimits")),
    /** The quote book, reached directly (not through the Worker). */
    quotes: async () => durableQuoteBook(await objects("innerQuotes")),
    /** The crew book, reached directly (not through the Worker): who is on which event. */
    crew: async () => durableCrewBook(await objects("innerCrew")),
    /** The generations of links, reached directly (not through the Worker): a test takes a kind back there, as `npm run owner:links -- --revoke` does through the site. */
    generations: async () => durableLinkGenerations(await objects("innerGenerations")),
    /** The index of bookings, reached directly (not through the Worker): for filling it in tests. */
    index: () => objects("innerIndex"),
    /** Where workerd serves the site on this machine, for a script that reaches the site as the owner's scripts do (`--site`). */
    url: url.href,
    /** The clock the Worker was started with (`options.clock`). */
    get clock(): TestClock {
      if (!options.clock) throw new Error("This Worker was started on the wall clock: give workerForFile a clock");
      return options.clock;
    },
    logs,
    dispose: () => mf.dispose(),
  };
}

export type TestWorker = Awaited<ReturnType<typeof startWorker>>;

/** A counted call (`holds.fetch`, `kv.put booking:…`) from its start to its end, on the counter's one tick. */
export interface Span {
  call: string;
  start: number;
  end?: number;
}

/** The spans of every counted call, the ticks at which the site answered a request, and how long the traced work took. */
export interface Traced {
  spans: Span[];
  answers: number[];
  tookMs: number;
}

/** The calls that ended before the site's first answer: what a visitor waited on (beside what it set going). */
export function beforeAnswer({ spans, answers }: Traced): Span[] {
  return spans.filter((span) => span.end !== undefined && span.end < (answers[0] ?? Infinity));
}


/**
 * A namespace of miniflare's test-side proxy whose ids and stubs are asked for once each. Miniflare
 * answers the synchronous `idFromName` and `get` through a worker thread it waits on with Atomics;
 * on a busy machine an answer can come after its call read the port (its SynchronousFetcher then
 * asserts the answer's id and throws, and every later synchronous call reads the answer before its
 * own: the model of the books met it in CI). The model reads the ledgers and the holds thousands of
 * times a run, so asking once per name keeps such calls to a handful.
 */
function askedOnce(namespace: DurableObjectNamespace, within: Within): DurableObjectNamespace {
  const ids = new Map<string, DurableObjectId>();
  const stubs = new WeakMap<DurableObjectId, Pick<DurableObjectStub, "fetch">>();
  const idFromName = (name: string) => {
    if (!ids.has(name)) ids.set(name, namespace.idFromName(name));
    return ids.get(name)!;
  };
  // A stub that threw may be broken (its object was reset): the next call asks for a new one.
  const get = (id: DurableObjectId) => {
    if (!stubs.has(id)) {
      const stub = namespace.get(id);
      stubs.set(id, {
        fetch: (...args) => within(`${described(args[0])} on object ${id}`, stub.fetch(...args)).catch((error: unknown) => (stubs.delete(id), Promise.reject(error))),
      });
    }
    return stubs.get(id)!;
  };
  // Plain functions, not a Proxy over miniflare's proxy: each property a Proxy hands out is checked against its target, itself a synchronous call.
  return { idFromName, get } as unknown as DurableObjectNamespace;
}

/**
 * Something started before a test file's tests and stopped after them, used by name in the file
 * as if it were there from the start: the returned object forwards to it once it has started.
 */
export function startedForFile<T extends object>(start: () => Promise<T>, stop: (started: T) => Promise<unknown> | unknown): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await stop(started);
  });
  return new Proxy({} as T, {
    get(_target, name) {
      if (!started) throw new Error(`Used before the file's beforeAll started it (reading ${String(name)})`);
      return started[name as keyof T];
    },
  });
}

/** This file's Worker: one per test file, with `options` (a function when they depend on another fixture, e.g. a fake's address). */
export function workerForFile(options: WorkerOptions | (() => WorkerOptions) = {}): TestWorker {
  return startedForFile(
    () => startWorker(typeof options === "function" ? options() : options),
    (worker) => worker.dispose(),
  );
}
