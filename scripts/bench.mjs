#!/usr/bin/env node
/**
 * What a visitor waits for, in one run (issue 59):
 *
 * - a public page against a static copy of it (the page's own bytes) served by the same Worker's
 *   assets layer: requests per second, latency and the ratio, and workerd's CPU per request. Public
 *   pages come from the edge cache after their first request (workers/edge-cache.ts); the table says
 *   whether they did. Both are gzipped on the way out, so the copy must be the page itself: a file
 *   of one letter repeated compresses almost for free, and measured the page's compression against
 *   none (`BENCH_STATIC=filler` serves such a file, to show it);
 * - the server time of what a client waits on that writes: a booking, a quote booked at its held
 *   prices and Stripe's webhook (a paid deposit), each against the footer's contact message (and a
 *   quote request), one at a time, each once the one before has finished what follows its answer
 *   (a booking's PDF, every record's e-mails), taking turns so a busy moment of the machine falls
 *   on each alike: p50, p95 and the ratios;
 * - the storage calls each makes (KV, R2 and Durable Object calls, counted by the local Worker's
 *   counted storage in a run of its own): those made by the time it answered, and in all once what
 *   follows is done. Counted, not timed: the counting wraps every binding.
 *
 * Pages and forms are measured two ways: straight to workerd, and through the local server
 * (scripts/serve.mjs: the deployed bundle, its storage on disk, as `npm start` and the end-to-end
 * tests serve it), with the e-mails sent to a fake MailChannels on loopback. Only 127.0.0.1 is used.
 *
 *   npm run bench                    10 clients, 10 s per page; 40 of each form, each way
 *   BENCH_RUNS=5 npm run bench       five runs; every figure is the median of the runs
 *   BENCH_SECONDS=5 BENCH_CLIENTS=4 BENCH_FORMS=20 npm run bench
 *   BENCH_THROUGHPUT=0 npm run bench the forms only
 *   BENCH_STATIC=filler npm run bench each static copy one letter repeated, of the page's size
 */
import { createHmac } from "node:crypto";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { drive } from "./lib/drive.mjs";
import { buildWorker, createLocalWorker, projectRoot } from "./lib/local-worker.mjs";
import { serveSite } from "./lib/serve-process.mjs";
import { workerdCpuMs } from "./lib/workerd-cpu.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 10);
const throughput = process.env.BENCH_THROUGHPUT !== "0";
const runs = Number(process.env.BENCH_RUNS ?? 1);
const pages = ["/", "/packages"];
const forms = Number(process.env.BENCH_FORMS ?? 40);
const webhookSecret = "whsec_bench";
const vars = { SITE_ORIGIN: "https://bench.test", OWNER_EMAIL: "owner@example.com", MAIL_FROM: "bookings@example.com", RATE_LIMIT_MAX: "100000", STRIPE_WEBHOOK_SECRET: webhookSecret };

buildWorker({ quiet: true });

// The static copies: each page as it was served, at an address of its own that the assets layer
// answers (a `.html` address is redirected there first, which would time two requests).
const filler = process.env.BENCH_STATIC === "filler";
const staticPath = (page) => `/bench-static${page === "/" ? "-home" : page.replaceAll("/", "-")}`;
const staticFile = (directory, page) => path.join(directory, `${staticPath(page).slice(1)}.html`);
function writeStaticCopies(directory, bodies) {
  for (const [page, body] of Object.entries(bodies)) writeFileSync(staticFile(directory, page), filler ? "x".repeat(body.byteLength) : body);
}

async function measure(base, target) {
  await drive({ clients, total: 50, send: () => fetch(base + target) });
  const cpuBefore = workerdCpuMs();
  const run = await drive({ clients, seconds, send: () => fetch(base + target) });
  const cpuMs = (workerdCpuMs() - cpuBefore) / run.results.length;
  const failures = run.results.filter((r) => r.status !== 200).length;
  const cache = (await fetch(base + target)).headers.get("X-Cache") ?? "static";
  return { target, failures, rps: run.rps, cache, cpuMs, ...run.latency };
}

/** Each page, then its static copy, on the site at `base`. */
async function pagesAgainstStatic(base) {
  const rows = [];
  for (const page of throughput ? pages : []) {
    const rendered = await measure(base, page);
    const copy = await measure(base, staticPath(page));
    rows.push({ page, rendered, staticFile: copy, ratio: rendered.rps / copy.rps });
  }
  return rows;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done, what) {
  for (let tries = 0; !(await done()); tries++) {
    if (tries > 400) throw new Error(`${what} never happened`);
    await sleep(25);
  }
}
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const formYear = new Date().getFullYear() + 4;
const boothTypes = ["Open Booth", "Glam Booth", "Enclosed Booth"];
const json = (body) => ({ headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** Stripe's signature of a webhook body (`t=…,v1=…`: HMAC-SHA256 of "t.body" with the endpoint's secret). */
function stripeSignature(body) {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac("sha256", webhookSecret).update(`${t}.${body}`).digest("hex")}`;
}

/**
 * What a client waits on, in the order of a round: each request its own visitor, a booking its own
 * date and booth (a quote booked its own, a year on), so none is refused. `send(i, round)` answers
 * the request and what its follow-ups are waited on by: the e-mail address they go to, and the
 * invoice number whose PDF is drawn. The quote is booked, and the booking paid, from this round's answers.
 */
const kinds = {
  booking: {
    send: (i) => ({
      path: "/.netlify/functions/booking",
      init: json({
        fullName: `Bench Booking ${i}`,
        email: `bench${i}@example.com`,
        phoneNumber: "0491 570 110",
        eventDate: new Date(Date.UTC(formYear, 0, 1 + Math.floor(i / 3))).toISOString().slice(0, 10),
        eventLocation: "Werribee Park Mansion",
        boothType: boothTypes[i % 3],
        packageDuration: "3 Hours",
        service: "Photobooth",
        price: 1,
        message: "",
      }),
      email: `bench${i}@example.com`,
      invoiceOf: (answer) => JSON.parse(answer).invoiceNumber,
    }),
  },
  contact: {
    send: (i) => ({ path: "/.netlify/functions/sendQuote", init: json({ name: `Bench Contact ${i}`, email: `contact${i}@example.com`, message: "Do you travel to Ballarat?" }), email: `contact${i}@example.com` }),
  },
  quote: {
    send: (i) => ({
      path: "/.netlify/functions/sendQuote",
      init: json({
        fullName: `Bench Quote ${i}`,
        email: `quote${i}@example.com`,
        phoneNumber: "0491 570 110",
        eventDate: new Date(Date.UTC(formYear + 1, 0, 1 + Math.floor(i / 3))).toISOString().slice(0, 10),
        eventLocation: "Point Cook",
        packageDuration: "3hrs",
        service: boothTypes[i % 3],
        message: "Bench",
      }),
      email: `quote${i}@example.com`,
    }),
  },
  "quote booked": {
    send: (i, round) => ({
      path: new URL(JSON.parse(round.quote).quote).pathname + new URL(JSON.parse(round.quote).quote).search,
      init: { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=book", redirect: "manual" },
      email: `quote${i}@example.com`,
      invoiceOf: (_answer, response) => response.headers.get("Location").match(/PB-[\w-]+/)[0],
    }),
  },
  webhook: {
    send: (i, round) => {
      // The deposit, paid by card: 30% of the total, rounded up to the dollar (the terms).
      const { invoiceNumber, total } = JSON.parse(round.booking);
      const deposit = Math.ceil((Math.round(total * 100) * 30) / 10_000) * 100;
      const session = { id: `cs_bench_${i}`, object: "checkout.session", status: "complete", payment_status: "paid", amount_total: deposit, currency: "aud", payment_intent: `pi_bench_${i}`, metadata: { invoiceNumber, kind: "deposit" } };
      const created = Math.floor(Date.now() / 1000);
      const body = JSON.stringify({ id: `evt_bench_${i}`, object: "event", api_version: "2025-01-27.acacia", created, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type: "checkout.session.completed", data: { object: session } });
      return { path: "/webhooks/stripe", init: { headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature(body) }, body }, email: `bench${i}@example.com` };
    },
  },
};

/** Sends one of a kind; throws unless it answered as it should (the quote booked with a redirect to the booking). */
async function sendOne(origin, kind, i, round) {
  const sent = kinds[kind].send(i, round);
  const response = await fetch(origin + sent.path, { method: "POST", ...sent.init, headers: { ...sent.init.headers, Origin: origin } });
  const answer = await response.text();
  if (response.status !== (kind === "quote booked" ? 303 : 200)) throw new Error(`A ${kind} answered ${response.status}: ${answer}`);
  round[kind] = answer;
  return { sent, answer, invoiceNumber: sent.invoiceOf?.(answer, response) };
}

/**
 * Milliseconds (and workerd's CPU milliseconds) of each kind's requests: `count` rounds of one of
 * each, sent one after another. `settled` waits for what follows an answer: locally the ledger and
 * the queue share the Worker's isolate, so their work would otherwise be counted in the next request's time.
 */
async function timeForms(origin, count, settled, offset = 0) {
  const times = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, { times: [], cpu: [] }]));
  for (let n = 0; n < count; n++) {
    const round = {};
    for (const kind of Object.keys(kinds)) {
      const cpuBefore = workerdCpuMs();
      const started = performance.now();
      const done = await sendOne(origin, kind, offset + n, round);
      times[kind].times.push(performance.now() - started);
      times[kind].cpu.push(workerdCpuMs() - cpuBefore);
      await settled(done);
    }
  }
  for (const kind of Object.values(times)) [kind.times, kind.cpu].forEach((list) => list.sort((a, b) => a - b));
  return times;
}

/**
 * Until workerd has been idle for three looks in a row: what follows a record's last e-mail (its
 * delivery written to the record, for a booking through its ledger) is done.
 */
async function quiet() {
  let before = workerdCpuMs();
  for (let calm = 0, tries = 0; calm < 3; tries++) {
    if (tries > 400) throw new Error("workerd never fell quiet");
    await sleep(20);
    const now = workerdCpuMs();
    calm = now - before < 0.5 ? calm + 1 : 0;
    before = now;
  }
}

/**
 * The storage calls of each kind (counted storage, which only the local Worker has): by the time its
 * answer was read (what follows the answer may have started by then), and in all once workerd is quiet.
 */
async function countStorageCalls(rounds) {
  const counted = createLocalWorker({ vars: { ...vars, RATE_LIMIT_MAX: "100000" }, faults: { counted: true } });
  const counter = (await counted.getDurableObjectNamespace("OPS", "op-counter")).get((await counted.getDurableObjectNamespace("OPS", "op-counter")).idFromName("ops"));
  const calls = async () => Number(await (await counter.fetch("https://ops/reset")).text());
  const counts = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, { answered: [], all: [] }]));
  const origin = (await counted.ready).origin;
  for (let n = 0; n < rounds; n++) {
    const round = {};
    for (const kind of Object.keys(kinds)) {
      await quiet();
      await calls();
      await sendOne(origin, kind, n, round);
      const answered = await calls();
      await quiet();
      counts[kind].answered.push(answered);
      counts[kind].all.push(answered + (await calls()));
    }
  }
  await counted.dispose();
  return Object.fromEntries(Object.entries(counts).map(([kind, { answered, all }]) => [kind, { answered: median(answered), all: median(all) }]));
}

/** A stand-in for MailChannels' send API on loopback that notes each e-mail's recipient. */
async function startMailCatcher() {
  const recipients = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      recipients.push(JSON.parse(body).personalizations[0].to[0].email);
      response.writeHead(202).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/tx/v1/send`, recipients, close: () => new Promise((resolve) => server.close(resolve)) };
}
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One run: pages and forms straight to workerd, then through the local server. */
async function benchOnce() {
  // First render each page once, then serve what it sent as its static copy.
  const assetsDirectory = mkdtempSync(path.join(tmpdir(), "bench-assets-"));
  cpSync(path.join(projectRoot, "public"), assetsDirectory, { recursive: true });
  const probe = createLocalWorker({ vars, assetsDirectory });
  const bodies = {};
  for (const page of pages) bodies[page] = new Uint8Array(await (await probe.dispatchFetch(`http://bench.test${page}`)).arrayBuffer());
  await probe.dispose();
  writeStaticCopies(assetsDirectory, bodies);

  const worker = createLocalWorker({ vars, assetsDirectory, port: 0 });
  const base = (await worker.ready).origin;
  const pagesStraight = await pagesAgainstStatic(base);

  // Straight to workerd: the KV and R2 of the miniflare instance say when a record's follow-ups are done.
  const invoices = await worker.getR2Bucket("INVOICES");
  const records = await worker.getKVNamespace("BOOKINGS");
  /** Every record's e-mails are in the (local) outbox. */
  async function mailsSent() {
    const keys = (await Promise.all(["booking:", "quote:", "contact:"].map(async (prefix) => (await records.list({ prefix })).keys))).flat();
    const deliveries = await Promise.all(keys.map(async ({ name }) => Object.values((await records.get(name, "json"))?.emailDelivery ?? {})));
    return deliveries.every((list) => list.length > 0 && list.every((delivery) => delivery.status === "outbox"));
  }
  async function settledInWorkerd({ invoiceNumber }) {
    if (invoiceNumber) await until(async () => Boolean(await invoices.head(`${invoiceNumber}.pdf`)), `The PDF of ${invoiceNumber}`);
    await until(mailsSent, "Sending the e-mails");
    await quiet();
  }
  // A few of each first, so none pays for a cold isolate or a first font read.
  await timeForms(base, 5, settledInWorkerd, forms);
  const formsStraight = await timeForms(base, forms, settledInWorkerd);
  await worker.dispose();
  rmSync(assetsDirectory, { recursive: true, force: true });

  // Through the local server, started as the end-to-end tests start it, on its own fresh storage;
  // it serves public/, so the static copies are written there for the run and removed after it.
  const mail = await startMailCatcher();
  const state = mkdtempSync(path.join(tmpdir(), "bench-served-"));
  const publicCopies = path.join(projectRoot, "public");
  const removeCopies = () => pages.forEach((page) => rmSync(staticFile(publicCopies, page), { force: true }));
  process.on("exit", removeCopies);
  writeStaticCopies(publicCopies, bodies);
  const server = await serveSite({
    port: await freePort(),
    persistTo: state,
    vars: { ...vars, MAILCHANNELS_API_KEY: "bench-mailchannels-key", MAILCHANNELS_API_URL: mail.url },
    build: false,
  });
  try {
    const pagesServed = await pagesAgainstStatic(server.origin);
    // Each of them sends the client's e-mail and the owner's. A booking's ledger writes its PDF before it queues them
    // (app/bookings/ledger/follow-ups.server.ts runs its steps in order), so both arriving means all three are done.
    let expected = 0;
    const settledThere = async ({ sent }) => {
      expected += 2;
      await until(() => mail.recipients.length >= expected && mail.recipients.includes(sent.email), `The e-mails to ${sent.email} and the owner`);
      await quiet();
    };
    await timeForms(server.origin, 5, settledThere, forms);
    const formsServed = await timeForms(server.origin, forms, settledThere);
    return { ways: { "straight to workerd": { pages: pagesStraight, forms: formsStraight }, "through the local server": { pages: pagesServed, forms: formsServed } } };
  } finally {
    await server.stop();
    await mail.close();
    removeCopies();
    rmSync(state, { recursive: true, force: true });
  }
}

const results = [];
for (let run = 1; run <= runs; run++) {
  results.push(await benchOnce());
  if (runs > 1) console.log(`run ${run} of ${runs} done`);
}
const storageCalls = await countStorageCalls(3);

const of = (pick) => median(results.map(pick));
const runsNote = runs > 1 ? `, each figure the median of ${runs} runs` : "";
const ways = Object.keys(results[0].ways);
const fixed = (value, places = 1) => value.toFixed(places);
if (throughput) {
  console.log(`\nA page against ${filler ? "a static file of its size, one letter repeated" : "its static copy"}: ${clients} clients, ${seconds} s per target, loopback HTTP${runsNote}\n`);
  console.log("| way | page | X-Cache | page req/s | page p50 / p95 ms | page CPU ms | static req/s | static p50 / p95 ms | static CPU ms | page ÷ static |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const way of ways) {
    results[0].ways[way].pages.forEach(({ page, rendered }, index) => {
      const row = (pick) => of((result) => pick(result.ways[way].pages[index]));
      console.log(
        `| ${way} | ${page} | ${rendered.cache} | ${fixed(row((r) => r.rendered.rps), 0)} | ${fixed(row((r) => r.rendered.p50))} / ${fixed(row((r) => r.rendered.p95))} | ${fixed(row((r) => r.rendered.cpuMs), 2)} | ` +
          `${fixed(row((r) => r.staticFile.rps), 0)} | ${fixed(row((r) => r.staticFile.p50))} / ${fixed(row((r) => r.staticFile.p95))} | ${fixed(row((r) => r.staticFile.cpuMs), 2)} | ${fixed(row((r) => r.ratio), 2)} |`,
      );
    });
  }
}
console.log(`\nServer time of what a client waits on that writes, one request at a time, each after the last one's follow-ups (${forms} of each, taking turns)${runsNote}\n`);
// CPU is workerd's own while the request was answered, read from Linux (what follows the answer, a booking's PDF, is not in it);
// through the local server there is no proxy in front, only workerd's socket and its storage on disk.
console.log("| way | what | p50 ms | p95 ms | p50 ÷ a contact message's | p95 ÷ a contact message's | CPU p50 / p95 ms | storage calls when its answer was read / in all |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const way of ways) {
  for (const kind of Object.keys(kinds)) {
    const at = (p, list = "times", who = kind) => of((result) => percentile(result.ways[way].forms[who][list], p));
    const ratio = (p) => of((result) => percentile(result.ways[way].forms[kind].times, p) / percentile(result.ways[way].forms.contact.times, p));
    const { answered, all } = storageCalls[kind];
    console.log(`| ${way} | ${kind} | ${fixed(at(50))} | ${fixed(at(95))} | ${fixed(ratio(50), 2)} | ${fixed(ratio(95), 2)} | ${fixed(at(50, "cpu"))} / ${fixed(at(95, "cpu"))} | ${answered} / ${all} |`);
  }
}
console.log(
  "\nStorage calls are counted in all (the rate limit's among them), in a run of their own on counted storage; " +
    "how many of them come one after another is not counted here.",
);
const failed = results.flatMap((result) => Object.values(result.ways).flatMap((way) => way.pages)).reduce((sum, row) => sum + row.rendered.failures + row.staticFile.failures, 0);
if (failed) {
  console.error(`${failed} requests did not answer 200`);
  process.exit(1);
}
