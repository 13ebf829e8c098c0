/**
 * Builds the app, bundles the Worker as `wrangler deploy` would (failing when the bundle is over its
 * budget, scripts/lib/bundle-budget.mjs), and runs it in workerd
 * (miniflare) with in-memory KV and R2 and the static assets in front. Shared by the
 * integration tests, the load test and the benchmark.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { holdBundleToBudget } from "./bundle-budget.mjs";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
export const bundleDir = path.join(projectRoot, "build", "worker");

const quietEnv = {
  ...process.env,
  NODE_ENV: "production",
  WRANGLER_SEND_METRICS: "false",
  VITE_CJS_IGNORE_WARNING: "true",
};

/** What the build is made from: the app, the Worker, the static files, and the files that say how they are built. */
const buildInputs = { folders: ["app", "workers", "public"], skipped: [path.join("public", "build")], files: ["remix.config.js", "wrangler.toml", "tsconfig.json", "package.json", "package-lock.json"] };

/** A hash of every build input's path and bytes. */
function sourceStamp() {
  const hash = createHash("sha256");
  const add = (relative) => hash.update(`${relative}\0`).update(readFileSync(path.join(projectRoot, relative))).update("\0");
  const walk = (relative) => {
    if (buildInputs.skipped.includes(relative)) return;
    for (const entry of readdirSync(path.join(projectRoot, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) add(child);
    }
  };
  buildInputs.folders.forEach(walk);
  buildInputs.files.forEach(add);
  return hash.digest("hex");
}

/**
 * Builds and bundles the Worker, unless the bundle in `bundleDir` was built from the same inputs
 * (one `npm test` starts the Worker four times: the integration, load, conformance and end-to-end
 * runs), and holds it to its budget either way.
 */
export function buildWorker({ quiet = false } = {}) {
  const stampFile = path.join(bundleDir, ".source-stamp");
  const stamp = sourceStamp();
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return holdBundleToBudget({ projectRoot, bundleDir });
  execFileSync("npx", ["remix", "build"], { cwd: projectRoot, stdio: quiet ? "ignore" : "inherit", env: quietEnv });
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", bundleDir], {
    cwd: projectRoot,
    stdio: "ignore",
    env: quietEnv,
  });
  writeFileSync(stampFile, stamp);
  return holdBundleToBudget({ projectRoot, bundleDir });
}

// Bindings that behave like the real ones but refuse writes, so fault tests can see what the
// site does when KV or R2 fails. `failPrefix` limits KV failures to keys starting with it.
const opCounterScript = `
export class OpCounter {
  constructor() { this.held = []; this.reset(); }
  reset() { this.calls = []; this.spans = []; this.answers = []; this.tick = 0; this.slow = { ms: 0, calls: [] }; }
  async fetch(request) {
    const url = new URL(request.url);
    // "/hold" keeps the autopay queue's messages (counted storage), "/held" hands them over once.
    if (url.pathname === "/hold") this.held.push(...(await request.json()));
    if (url.pathname === "/held") return Response.json(this.held.splice(0));
    const calls = this.calls;
    // Each call's span, from its start to its end on one tick counter, and each answer the site
    // gave (TEST_TRACE), so a test can count the calls made before an answer; "/slow" has the calls
    // named (by the start of their name) wait first, so the time a visitor waits says how many
    // of them were made one after another.
    if (url.pathname === "/slow") this.slow = { ms: Number(url.searchParams.get("ms")), calls: (url.searchParams.get("calls") ?? "").split(",") };
    if (url.pathname === "/add") {
      const call = url.searchParams.get("call") ?? "";
      calls.push(call);
      this.spans.push({ call, start: this.tick++ });
      return Response.json({ span: this.spans.length - 1, waitMs: this.slow.calls.some((name) => name && call.startsWith(name)) ? this.slow.ms : 0 });
    }
    if (url.pathname === "/end") this.spans[Number(url.searchParams.get("span"))].end = this.tick++;
    if (url.pathname === "/answered") this.answers.push(this.tick++);
    if (url.pathname === "/spans") {
      const { spans, answers } = this;
      this.reset();
      return Response.json({ spans, answers });
    }
    // "/reset" answers how many calls were counted, "/calls" each of them; both start again.
    if (url.pathname === "/reset" || url.pathname === "/calls") this.reset();
    return url.pathname === "/calls" ? Response.json(calls) : new Response(String(calls.length));
  }
}
export default { fetch: (request, env) => env.OPS.get(env.OPS.idFromName("ops")).fetch(request) };
`;

// The names in R2 as plain JSON, listed inside workerd (the tests' r2Keys): a test that walked R2's
// objects through miniflare's proxy would read each name with a synchronous call of its own, and
// under load that channel can answer one call with another's reply, failing every later read.
const r2NamesScript = `
export default {
  async fetch(request, env) {
    const prefix = new URL(request.url).searchParams.get("prefix") ?? undefined;
    const keys = [];
    let cursor;
    do {
      const page = await env.R2.list({ prefix, cursor });
      keys.push(...page.objects.map((object) => object.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return Response.json(keys);
  },
};
`;

const faultyBindingsScript = `
const refuse = (what) => { throw new Error(what + " is unavailable (injected fault)"); };
export function faultyKv({ innerKv: inner, failPrefix }) {
  return {
    get: (...args) => inner.get(...args),
    getWithMetadata: (...args) => inner.getWithMetadata(...args),
    list: (...args) => inner.list(...args),
    delete: (...args) => inner.delete(...args),
    put: (key, ...rest) => (key.startsWith(failPrefix ?? "") ? refuse("KV") : inner.put(key, ...rest)),
  };
}
// A planned fault: the test writes into FAULT_PLAN how many of the next calls of a step fail
// ("kv.put": "1"), and each call of that step takes one of them.
async function trip(plan, step) {
  const left = Number((await plan.get(step)) ?? 0);
  if (left <= 0) return;
  await plan.put(step, String(left - 1));
  refuse(step);
}
// "kv.list.held": while the test holds it (the plan names a prefix), each list of keys under that
// prefix waits. Only a provisional hold's or a code's use's deadline lists a date's bookings, so a
// test sees such a hold before its deadline is acted on, however slow the machine.
async function heldWhile(plan, prefix) {
  for (;;) {
    const held = await plan.get("kv.list.held");
    if (!held || !(prefix ?? "").startsWith(held)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
export function plannedKv({ innerKv: inner, FAULT_PLAN: plan }) {
  return {
    get: (...args) => inner.get(...args),
    getWithMetadata: (...args) => inner.getWithMetadata(...args),
    list: async (options) => (await heldWhile(plan, options?.prefix), inner.list(options)),
    delete: async (...args) => (await trip(plan, "kv.delete"), inner.delete(...args)),
    put: async (...args) => (await trip(plan, "kv.put"), inner.put(...args)),
  };
}
export function plannedR2({ innerR2: inner, FAULT_PLAN: plan }) {
  return {
    get: (...args) => inner.get(...args),
    head: (...args) => inner.head(...args),
    list: (...args) => inner.list(...args),
    delete: (...args) => inner.delete(...args),
    put: async (...args) => (await trip(plan, "r2.put"), inner.put(...args)),
  };
}
function plannedQueueOf(inner, plan, step) {
  return {
    send: async (...args) => (await trip(plan, step), inner.send(...args)),
    sendBatch: async (...args) => (await trip(plan, step), inner.sendBatch(...args)),
  };
}
export const plannedQueue = ({ innerQueue, FAULT_PLAN }) => plannedQueueOf(innerQueue, FAULT_PLAN, "queue.send");
// "ledger-opens.send": the queue of new bookings' ledger opens refuses one.
export const plannedLedgerOpens = ({ innerLedgerOpens, FAULT_PLAN }) => plannedQueueOf(innerLedgerOpens, FAULT_PLAN, "ledger-opens.send");
// "ledger": any call to a booking's ledger, as when its object cannot be reached; "ledger.autopay-try":
// only the calls of that operation (the autopay consumer's first question), whoever else asks.
export function plannedLedger({ innerLedger: inner, FAULT_PLAN: plan }) {
  return {
    idFromName: (name) => inner.idFromName(name),
    get: (id) => {
      const stub = inner.get(id);
      return {
        fetch: async (url, init) => {
          await trip(plan, "ledger");
          if (typeof init?.body === "string") await trip(plan, "ledger." + JSON.parse(init.body).op);
          return stub.fetch(url, init);
        },
      };
    },
  };
}
// "holds.hold", "holds.release", "promo-uses.claim", "claims.claim", "index.put", "submission-limits.take": the step is the object's name and
// the path it is asked. "holds.hold.lost": the holds object holds, and its answer is lost on the way
// back (the caller never learns it).
function plannedObjects(inner, plan, name) {
  return {
    idFromName: (objectName) => inner.idFromName(objectName),
    get: (id) => {
      const stub = inner.get(id);
      return {
        fetch: async (url, init) => {
          const step = name + "." + new URL(url).pathname.slice(1);
          await trip(plan, step);
          const answer = await stub.fetch(url, init);
          await trip(plan, step + ".lost");
          return answer;
        },
      };
    },
  };
}
export const plannedHolds = ({ innerHolds, FAULT_PLAN }) => plannedObjects(innerHolds, FAULT_PLAN, "holds");
export const plannedPromoUses = ({ innerPromoUses, FAULT_PLAN }) => plannedObjects(innerPromoUses, FAULT_PLAN, "promo-uses");
export const plannedClaims = ({ innerClaims, FAULT_PLAN }) => plannedObjects(innerClaims, FAULT_PLAN, "claims");
export const plannedIndex = ({ innerIndex, FAULT_PLAN }) => plannedObjects(innerIndex, FAULT_PLAN, "index");
export const plannedSubmissionLimits = ({ innerSubmissionLimits, FAULT_PLAN }) => plannedObjects(innerSubmissionLimits, FAULT_PLAN, "submission-limits");
// Counted storage: every KV, R2 and Durable Object call the site makes adds one to OPS (an object
// of the op-counter worker, so concurrent calls all count), so a test or the scale benchmark sees
// what a request or a scheduled run costs (Cloudflare allows 1,000 KV operations per invocation).
// Each call is named by its binding, its method and, for KV and R2, its key (\`kv.put booking:…\`), so a
// test can also count the writes to one key (KV allows one a second to each).
const opsOf = (ops) => ops.get(ops.idFromName("ops"));
const tally = async (ops, call) => (await opsOf(ops).fetch("https://ops/add?call=" + encodeURIComponent(call))).json();
const counting = (ops, name, call, nameOf = (args) => (typeof args[0] === "string" ? name + " " + args[0] : name)) => async (...args) => {
  const { span, waitMs } = await tally(ops, nameOf(args));
  if (waitMs) await new Promise((resolve) => setTimeout(resolve, waitMs));
  try {
    return await call(...args);
  } finally {
    await opsOf(ops).fetch("https://ops/end?span=" + span);
  }
};
export function countedKv({ innerKv: inner, OPS: ops }) {
  const wrap = (method) => counting(ops, "kv." + method, (...args) => inner[method](...args));
  return { get: wrap("get"), getWithMetadata: wrap("getWithMetadata"), list: wrap("list"), put: wrap("put"), delete: wrap("delete") };
}
export function countedR2({ innerR2: inner, OPS: ops }) {
  const wrap = (method) => counting(ops, "r2." + method, (...args) => inner[method](...args));
  return { get: wrap("get"), head: wrap("head"), list: wrap("list"), put: wrap("put"), delete: wrap("delete") };
}
// A call to an object is named by its address and, for a booking's ledger, the operation it asks for.
const operationOf = (init) => {
  try {
    return typeof init?.body === "string" ? (JSON.parse(init.body).op ?? "") : "";
  } catch {
    return "";
  }
};
function countedObjects(inner, ops, name) {
  return {
    idFromName: (objectName) => inner.idFromName(objectName),
    get: (id) => {
      const stub = inner.get(id);
      const nameOf = (args) => [name, typeof args[0] === "string" ? args[0] : "", operationOf(args[1])].filter(Boolean).join(" ");
      return { fetch: counting(ops, name, (...args) => stub.fetch(...args), nameOf) };
    },
  };
}
// The autopay queue, counted: each send is an operation, and its messages are kept for the test to
// deliver one invocation at a time (worker.ts, autopayHeld and consumeAutopay), so the Cron's
// invocation and each consumer's are counted apart.
const holdMessages = (ops, bodies) => ops.get(ops.idFromName("ops")).fetch("https://ops/hold", { method: "POST", body: JSON.stringify(bodies) });
export function countedAutopayQueue({ OPS: ops }) {
  return {
    send: async (body) => (await tally(ops, "autopay-queue.send"), await holdMessages(ops, [body]), undefined),
    sendBatch: async (messages) => (await tally(ops, "autopay-queue.sendBatch"), await holdMessages(ops, messages.map((message) => message.body)), undefined),
  };
}
export const countedLedger = ({ innerLedger, OPS }) => countedObjects(innerLedger, OPS, "ledger.fetch");
export const countedHolds = ({ innerHolds, OPS }) => countedObjects(innerHolds, OPS, "holds.fetch");
export const countedClaims = ({ innerClaims, OPS }) => countedObjects(innerClaims, OPS, "claims.fetch");
export const countedIndex = ({ innerIndex, OPS }) => countedObjects(innerIndex, OPS, "index.fetch");
export const countedPromoUses = ({ innerPromoUses, OPS }) => countedObjects(innerPromoUses, OPS, "promo-uses.fetch");
export const countedQuotes = ({ innerQuotes, OPS }) => countedObjects(innerQuotes, OPS, "quotes.fetch");
export const countedSubmissionLimits = ({ innerSubmissionLimits, OPS }) => countedObjects(innerSubmissionLimits, OPS, "submission-limits.fetch");
export const countedGenerations = ({ innerGenerations, OPS }) => countedObjects(innerGenerations, OPS, "generations.fetch");
export function faultyR2({ innerR2: inner }) {
  return {
    get: (...args) => inner.get(...args),
    head: (...args) => inner.head(...args),
    list: (...args) => inner.list(...args),
    delete: (...args) => inner.delete(...args),
    put: () => refuse("R2"),
  };
}
`;

/**
 * @param {{
 *   vars?: Record<string, string>,
 *   outboundService?: unknown,
 *   assetsDirectory?: string,
 *   port?: number,
 *   faults?: { kvWrites?: { failPrefix?: string }, r2Writes?: boolean, planned?: boolean, counted?: boolean },
 *   onLog?: (line: string) => void,
 *   localState?: boolean,
 *   clock?: boolean,
 *   ledgerOpenRetries?: number,
 *   autopayRetries?: number,
 *   persistRoot?: string,
 * }} options `localState`: use the data `npm start` keeps (.wrangler/state), under wrangler.toml's names, instead of memory.
 * `clock`: bind TEST_CLOCK, the KV namespace whose offset moves the time the site sees (workers/clock.ts).
 * `ledgerOpenRetries`: the ledger opens' queue's retries before its dead-letter queue (wrangler.toml's 100 unless a test reaches it sooner).
 * `autopayRetries`: the same for the autopay queue (wrangler.toml's 10).
 * `persistRoot`: keep the storage in this folder instead of memory, so a Worker started on it later finds what this one stored.
 */
export function createLocalWorker({ vars = {}, outboundService, assetsDirectory, port, faults = {}, onLog, localState = false, clock = false, ledgerOpenRetries = 100, autopayRetries = 10, persistRoot } = {}) {
  const wrappedBindings = {};
  if (faults.kvWrites) {
    wrappedBindings.BOOKINGS = { scriptName: "faulty-bindings", entrypoint: "faultyKv", bindings: { failPrefix: faults.kvWrites.failPrefix ?? "" } };
  }
  if (faults.r2Writes) wrappedBindings.INVOICES = { scriptName: "faulty-bindings", entrypoint: "faultyR2" };
  // Planned faults: KV, R2, the e-mail queue, the ledger opens' queue, the holds, the promo codes' uses, the ledgers, the invoice number claims and the submission limits fail when and as often as the test says.
  const planned = Boolean(faults.planned);
  const counted = Boolean(faults.counted);
  const countedObjectNames = { BOOKING_LEDGER: "countedLedger", BOOKING_HOLDS: "countedHolds", INVOICE_NUMBERS: "countedClaims", BOOKING_INDEX: "countedIndex", PROMO_USES: "countedPromoUses", SUBMISSION_LIMITS: "countedSubmissionLimits", QUOTE_BOOK: "countedQuotes", LINK_GENERATIONS: "countedGenerations" };
  if (counted) {
    for (const [name, entrypoint] of [["BOOKINGS", "countedKv"], ["INVOICES", "countedR2"], ["AUTOPAY_QUEUE", "countedAutopayQueue"], ...Object.entries(countedObjectNames)]) {
      wrappedBindings[name] = { scriptName: "faulty-bindings", entrypoint };
    }
  }
  if (planned) {
    for (const [name, entrypoint] of [["BOOKINGS", "plannedKv"], ["INVOICES", "plannedR2"], ["EMAIL_QUEUE", "plannedQueue"], ["LEDGER_OPENS", "plannedLedgerOpens"], ["BOOKING_HOLDS", "plannedHolds"], ["PROMO_USES", "plannedPromoUses"], ["BOOKING_LEDGER", "plannedLedger"], ["INVOICE_NUMBERS", "plannedClaims"], ["BOOKING_INDEX", "plannedIndex"], ["SUBMISSION_LIMITS", "plannedSubmissionLimits"]]) {
      wrappedBindings[name] = { scriptName: "faulty-bindings", entrypoint };
    }
  }
  // wrangler dev keeps its data by the Worker's name and the bindings' ids in wrangler.toml.
  const stored = localState ? { name: "photobooth-site", kv: { BOOKINGS: "00000000000000000000000000000000" }, r2: { INVOICES: "photobooth-invoices" } } : { name: "site", kv: ["BOOKINGS"], r2: ["INVOICES"] };
  const site = {
    name: stored.name,
    modules: [{ type: "ESModule", path: path.join(bundleDir, "index.js") }],
    modulesRoot: bundleDir,
    compatibilityDate: "2025-09-01",
    kvNamespaces: [...(faults.kvWrites || planned || counted ? [] : stored.kv), ...(clock ? ["TEST_CLOCK"] : [])],
    r2Buckets: faults.r2Writes || planned || counted ? [] : stored.r2,
    // A binding the fault worker wraps is bound there, to the same classes.
    durableObjects: Object.fromEntries(
      Object.entries({
        INVOICE_NUMBERS: { className: "InvoiceNumberClaims", useSQLite: true },
        BOOKING_LEDGER: { className: "BookingLedger", useSQLite: true },
        BOOKING_INDEX: { className: "BookingIndex", useSQLite: true },
        BOOKING_HOLDS: { className: "BookingHolds", useSQLite: true },
        PROMO_USES: { className: "PromoCodeUses", useSQLite: true },
        SUBMISSION_LIMITS: { className: "SubmissionLimits", useSQLite: true },
        QUOTE_BOOK: { className: "QuoteBook", useSQLite: true },
        CREW_BOOK: { className: "CrewBook", useSQLite: true },
        LINK_GENERATIONS: { className: "LinkGenerations", useSQLite: true },
      }).filter(([name]) => !(name in wrappedBindings)),
    ),
    // As in wrangler.toml: the e-mail, autopay and ledger opens' queues, consumed by the same Worker, each with its dead-letter queue.
    queueProducers: {
      ...(planned ? {} : { EMAIL_QUEUE: { queueName: "photobooth-email" }, LEDGER_OPENS: { queueName: "photobooth-ledger-opens" } }),
      ...(counted ? {} : { AUTOPAY_QUEUE: { queueName: "photobooth-autopay" } }),
    },
    queueConsumers: {
      "photobooth-email": { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 5, retryDelay: 60, deadLetterQueue: "photobooth-email-failed" },
      "photobooth-email-failed": { maxBatchSize: 10, maxBatchTimeout: 0 },
      "photobooth-autopay": { maxBatchSize: 1, maxBatchTimeout: 0, maxRetries: autopayRetries, retryDelay: 0, deadLetterQueue: "photobooth-autopay-failed" },
      "photobooth-autopay-failed": { maxBatchSize: 1, maxBatchTimeout: 0, maxRetries: 10, retryDelay: 0 },
      "photobooth-ledger-opens": { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: ledgerOpenRetries, retryDelay: 0, deadLetterQueue: "photobooth-ledger-opens-failed" },
      "photobooth-ledger-opens-failed": { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 100, retryDelay: 0 },
    },
    bindings: vars,
    // Counted storage: the site tells the counter each time it answers (workers/app.ts), so the calls made before it are known.
    ...(counted ? { serviceBindings: { TEST_TRACE: "op-counter" } } : {}),
    wrappedBindings,
    assets: {
      directory: assetsDirectory ?? path.join(projectRoot, "public"),
      binding: "ASSETS",
      routerConfig: { has_user_worker: true },
    },
    outboundService,
  };
  const faulty = {
    name: "faulty-bindings",
    modules: true,
    script: faultyBindingsScript,
    // The same namespace ids as the site's own bindings, so the data is shared.
    kvNamespaces: { innerKv: "BOOKINGS", FAULT_PLAN: "FAULT_PLAN" },
    r2Buckets: { innerR2: "INVOICES" },
    queueProducers: { innerQueue: { queueName: "photobooth-email" }, innerLedgerOpens: { queueName: "photobooth-ledger-opens" } },
    durableObjects: {
      innerHolds: { className: "BookingHolds", scriptName: stored.name, useSQLite: true },
      innerLedger: { className: "BookingLedger", scriptName: stored.name, useSQLite: true },
      innerClaims: { className: "InvoiceNumberClaims", scriptName: stored.name, useSQLite: true },
      innerIndex: { className: "BookingIndex", scriptName: stored.name, useSQLite: true },
      innerPromoUses: { className: "PromoCodeUses", scriptName: stored.name, useSQLite: true },
      innerSubmissionLimits: { className: "SubmissionLimits", scriptName: stored.name, useSQLite: true },
      innerQuotes: { className: "QuoteBook", scriptName: stored.name, useSQLite: true },
      innerCrew: { className: "CrewBook", scriptName: stored.name, useSQLite: true },
      innerGenerations: { className: "LinkGenerations", scriptName: stored.name, useSQLite: true },
      OPS: { className: "OpCounter", scriptName: "op-counter" },
    },
  };
  const captureLogs = onLog && {
    handleStructuredLogs: ({ level, message }) => {
      onLog(`${level}: ${message}`);
    },
  };
  return new Miniflare({
    workers: [
      site,
      faulty,
      { name: "op-counter", modules: true, script: opCounterScript, durableObjects: { OPS: "OpCounter" } },
      { name: "r2-names", modules: true, script: r2NamesScript, r2Buckets: { R2: "INVOICES" } },
    ],
    ...captureLogs,
    ...(localState || persistRoot ? { defaultPersistRoot: localState ? path.join(projectRoot, ".wrangler", "state", "v3") : persistRoot } : {}),
    ...(port === undefined ? {} : { host: "127.0.0.1", port }),
  });
}
