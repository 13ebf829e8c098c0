#!/usr/bin/env node
/**
 * Throughput of the Worker's pages against a static file of the same size served by the same
 * Worker's assets layer: requests per second, latency and the ratio. Public pages come from the
 * edge cache after their first request (workers/edge-cache.ts); the table says whether they did.
 *
 * Then the server time of the forms that write: a booking, the footer's contact message and a quote
 * request, one at a time, each once the one before has finished what follows its answer (a
 * booking's PDF, every record's e-mails), taking turns so a busy moment of the machine falls on
 * each alike. Measured two ways: straight to workerd, and through the local server (scripts/serve.mjs:
 * the deployed bundle, its storage on disk, as `npm start` and the end-to-end tests serve it), with the e-mails sent to a fake
 * MailChannels on loopback. Only 127.0.0.1 is used.
 *
 *   npm run bench                    10 clients, 10 s per target; 40 of each form, each way
 *   BENCH_SECONDS=5 BENCH_CLIENTS=4 BENCH_FORMS=20 npm run bench
 *   BENCH_THROUGHPUT=0 npm run bench the forms only
 */
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
const pages = ["/", "/packages"];
const forms = Number(process.env.BENCH_FORMS ?? 40);
const vars = { SITE_ORIGIN: "https://bench.test", OWNER_EMAIL: "owner@example.com", MAIL_FROM: "bookings@example.com", RATE_LIMIT_MAX: "100000" };

buildWorker({ quiet: true });

// First render each page once to learn its size, then serve static copies of that size.
const assetsDirectory = mkdtempSync(path.join(tmpdir(), "bench-assets-"));
cpSync(path.join(projectRoot, "public"), assetsDirectory, { recursive: true });
const probe = createLocalWorker({ vars, assetsDirectory });
const sizes = {};
for (const page of pages) {
  sizes[page] = (await (await probe.dispatchFetch(`http://bench.test${page}`)).arrayBuffer()).byteLength;
  writeFileSync(path.join(assetsDirectory, `bench-static-${sizes[page]}.html`), "x".repeat(sizes[page]));
}
await probe.dispose();

const worker = createLocalWorker({ vars, assetsDirectory, port: 0 });
const base = (await worker.ready).origin;

async function measure(target) {
  await drive({ clients, total: 50, send: () => fetch(base + target) });
  const run = await drive({ clients, seconds, send: () => fetch(base + target) });
  const failures = run.results.filter((r) => r.status !== 200).length;
  const cache = (await fetch(base + target)).headers.get("X-Cache") ?? "static";
  return { target, requests: run.results.length, failures, rps: Math.round(run.rps), cache, ...run.latency };
}

const rows = [];
for (const page of throughput ? pages : []) {
  const rendered = await measure(page);
  const staticFile = await measure(`/bench-static-${sizes[page]}.html`);
  rows.push({ page, bytes: sizes[page], rendered, staticFile, ratio: rendered.rps / staticFile.rps });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done, what) {
  for (let tries = 0; !(await done()); tries++) {
    if (tries > 400) throw new Error(`${what} never happened`);
    await sleep(25);
  }
}
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const formYear = new Date().getFullYear() + 4;
const boothTypes = ["Open Booth", "Glam Booth", "Enclosed Booth"];
/** The three forms that write, each request its own visitor; a booking its own date and booth, so none is refused. */
const kinds = {
  booking: {
    path: "/.netlify/functions/booking",
    body: (i) => ({
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
  },
  contact: { path: "/.netlify/functions/sendQuote", body: (i) => ({ name: `Bench Contact ${i}`, email: `contact${i}@example.com`, message: "Do you travel to Ballarat?" }) },
  quote: {
    path: "/.netlify/functions/sendQuote",
    body: (i) => ({ fullName: `Bench Quote ${i}`, email: `quote${i}@example.com`, phoneNumber: "0491 570 110", eventDate: `${formYear}-06-15`, eventLocation: "Point Cook", packageDuration: "3hrs", service: "Open Booth", message: "Bench" }),
  },
};

/**
 * Milliseconds (and workerd's CPU milliseconds) of each form's requests: `count` rounds of one of
 * each, sent one after another; each must answer 200. `settled` waits for what follows an answer:
 * locally the ledger and the queue share the Worker's isolate, so their work would otherwise be
 * counted in the next request's time.
 */
async function timeForms(origin, count, settled, offset = 0) {
  const times = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, { times: [], cpu: [] }]));
  for (let round = 0; round < count; round++) {
    for (const [kind, { path: pathname, body }] of Object.entries(kinds)) {
      const sent = body(offset + round);
      const cpuBefore = workerdCpuMs();
      const started = performance.now();
      const response = await fetch(origin + pathname, { method: "POST", headers: { "Content-Type": "application/json", Origin: vars.SITE_ORIGIN }, body: JSON.stringify(sent) });
      const answer = await response.text();
      if (response.status !== 200) throw new Error(`A ${kind} answered ${response.status}: ${answer}`);
      times[kind].times.push(performance.now() - started);
      times[kind].cpu.push(workerdCpuMs() - cpuBefore);
      await settled(kind, sent, answer);
    }
  }
  for (const kind of Object.values(times)) [kind.times, kind.cpu].forEach((list) => list.sort((a, b) => a - b));
  return times;
}

// Straight to workerd: the KV and R2 of the miniflare instance say when a record's follow-ups are done.
const invoices = await worker.getR2Bucket("INVOICES");
const records = await worker.getKVNamespace("BOOKINGS");
/** Every record's e-mails are in the (local) outbox. */
async function mailsSent() {
  const keys = (await Promise.all(["booking:", "quote:", "contact:"].map(async (prefix) => (await records.list({ prefix })).keys))).flat();
  const deliveries = await Promise.all(keys.map(async ({ name }) => Object.values((await records.get(name, "json"))?.emailDelivery ?? {})));
  return deliveries.every((list) => list.length > 0 && list.every((delivery) => delivery.status === "outbox"));
}
async function settledInWorkerd(kind, _sent, answer) {
  if (kind === "booking") {
    const { invoiceNumber } = JSON.parse(answer);
    await until(async () => Boolean(await invoices.head(`${invoiceNumber}.pdf`)), `The PDF of ${invoiceNumber}`);
  }
  await until(mailsSent, "Sending the e-mails");
}
// A few of each first, so none pays for a cold isolate or a first font read.
await timeForms(base, 5, settledInWorkerd, forms);
const straight = await timeForms(base, forms, settledInWorkerd);
await worker.dispose();
rmSync(assetsDirectory, { recursive: true, force: true });

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

/**
 * Until workerd has been idle for three looks in a row: what follows a record's last e-mail (its
 * delivery written to the record, for a booking through its ledger) is done. The storage of
 * the served site cannot be read from this process (tests/support/fake-mailchannels.ts says why).
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

/** The same forms through the local server (scripts/serve.mjs), started as the end-to-end tests start it, on its own fresh storage. */
async function throughLocalServer() {
  const mail = await startMailCatcher();
  const state = mkdtempSync(path.join(tmpdir(), "bench-served-"));
  const server = await serveSite({
    port: await freePort(),
    persistTo: state,
    vars: { ...vars, MAILCHANNELS_API_KEY: "bench-mailchannels-key", MAILCHANNELS_API_URL: mail.url },
    build: false,
  });
  try {
    // Each form sends the owner's e-mail and the visitor's. A booking's ledger writes its PDF before it queues them
    // (app/bookings/ledger/follow-ups.server.ts runs its steps in order), so both arriving means all three are done.
    let expected = 0;
    const settledThere = async (_kind, sent) => {
      expected += 2;
      await until(() => mail.recipients.length >= expected && mail.recipients.includes(sent.email), `The e-mails to ${sent.email} and the owner`);
      await quiet();
    };
    await timeForms(server.origin, 5, settledThere, forms);
    return await timeForms(server.origin, forms, settledThere);
  } finally {
    await server.stop();
    await mail.close();
    rmSync(state, { recursive: true, force: true });
  }
}
const throughServer = await throughLocalServer();

if (throughput) {
  console.log(`\nThroughput on this machine: ${clients} clients, ${seconds} s per target, loopback HTTP to workerd\n`);
  console.log("| page | HTML bytes | X-Cache | page req/s | page p50 / p95 / p99 ms | static req/s | static p50 / p95 / p99 ms | page ÷ static |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const { page, bytes, rendered: r, staticFile: s, ratio } of rows) {
    console.log(
      `| ${page} | ${bytes} | ${r.cache} | ${r.rps} | ${r.p50} / ${r.p95} / ${r.p99} | ${s.rps} | ${s.p50} / ${s.p95} / ${s.p99} | ${ratio.toFixed(2)} |`,
    );
  }
}
console.log(`\nServer time of the forms that write, one request at a time, each after the last one's follow-ups (${forms} of each, taking turns)\n`);
// CPU is workerd's own while the request was answered, read from Linux (what follows the answer, a booking's PDF, is not in it);
// through the local server there is no proxy in front, only workerd's socket and its storage on disk.
console.log("| way | form | p50 ms | p95 ms | booking's p50 ÷ this p50 | CPU p50 / p95 ms |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const [way, times] of [["straight to workerd", straight], ["through the local server", throughServer]]) {
  for (const [kind, { times: ms, cpu }] of Object.entries(times)) {
    const ratio = kind === "booking" ? "" : (percentile(times.booking.times, 50) / percentile(ms, 50)).toFixed(2);
    console.log(`| ${way} | ${kind} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 95).toFixed(1)} | ${ratio} | ${percentile(cpu, 50).toFixed(1)} / ${percentile(cpu, 95).toFixed(1)} |`);
  }
}
// The quote answers with its price, its page and its e-mails (issue 41's goal: no slower than twice the quote answer
// before it, which cost what a contact message does); the contact message is the yardstick that does not change.
for (const [way, times] of [["straight to workerd", straight], ["through the local server", throughServer]]) {
  console.log(`${way}: a quote's p50 ÷ a contact message's p50 = ${(percentile(times.quote.times, 50) / percentile(times.contact.times, 50)).toFixed(2)}`);
}
const failed = rows.reduce((sum, row) => sum + row.rendered.failures + row.staticFile.failures, 0);
if (failed) {
  console.error(`${failed} requests did not answer 200`);
  process.exit(1);
}
