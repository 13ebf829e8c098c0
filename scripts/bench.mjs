#!/usr/bin/env node
/**
 * Throughput of the Worker's pages against a static file of the same size served by the same
 * Worker's assets layer: requests per second, latency and the ratio. Public pages come from the
 * edge cache after their first request (workers/edge-cache.ts); the table says whether they did.
 *
 * Then the server time of the two forms that write: a booking and a quote request, one at a time,
 * side by side (a booking answers once its ledger has it; its PDF and e-mails follow).
 *
 *   npm run bench                    10 clients, 10 s per target; 40 bookings and 40 quotes
 *   BENCH_SECONDS=5 BENCH_CLIENTS=4 BENCH_FORMS=20 npm run bench
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drive } from "./lib/drive.mjs";
import { buildWorker, createLocalWorker, projectRoot } from "./lib/local-worker.mjs";
import { workerdCpuMs } from "./lib/workerd-cpu.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 10);
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
for (const page of pages) {
  const rendered = await measure(page);
  const staticFile = await measure(`/bench-static-${sizes[page]}.html`);
  rows.push({ page, bytes: sizes[page], rendered, staticFile, ratio: rendered.rps / staticFile.rps });
}

/**
 * Milliseconds for each of `count` requests sent one after another; each must answer 200. `settled`
 * waits for what follows the answer (a booking's PDF, drawn by its ledger, and every record's e-mails
 * sent): locally the ledger and the queue share the Worker's isolate, so their work would otherwise
 * be counted in the next request's time.
 */
async function timeEach(count, send, settled = async () => {}) {
  const times = [];
  const cpu = [];
  for (let i = 0; i < count; i++) {
    const cpuBefore = workerdCpuMs();
    const started = performance.now();
    const response = await send(i);
    const answer = await response.text();
    if (response.status !== 200) throw new Error(`answered ${response.status}: ${answer}`);
    times.push(performance.now() - started);
    cpu.push(workerdCpuMs() - cpuBefore);
    await settled(answer);
  }
  return { times: times.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}
const invoices = await worker.getR2Bucket("INVOICES");
const records = await worker.getKVNamespace("BOOKINGS");
/** Every booking's and quote's e-mails are in the (local) outbox. */
async function mailsSent() {
  const keys = (await Promise.all(["booking:", "quote:"].map(async (prefix) => (await records.list({ prefix })).keys))).flat();
  const deliveries = await Promise.all(keys.map(async ({ name }) => Object.values((await records.get(name, "json"))?.emailDelivery ?? {})));
  return deliveries.every((list) => list.length > 0 && list.every((delivery) => delivery.status === "outbox"));
}
async function until(done, what) {
  for (let tries = 0; !(await done()); tries++) {
    if (tries > 400) throw new Error(`${what} never happened`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
async function pdfWritten(answer) {
  const { invoiceNumber } = JSON.parse(answer);
  await until(async () => Boolean(await invoices.head(`${invoiceNumber}.pdf`)), `The PDF of ${invoiceNumber}`);
  await until(mailsSent, "Sending the e-mails");
}
const quoteSent = () => until(mailsSent, "Sending the e-mails");
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const postJson = (pathname, body) => fetch(base + pathname, { method: "POST", headers: { "Content-Type": "application/json", Origin: "https://bench.test" }, body: JSON.stringify(body) });
const formYear = new Date().getFullYear() + 4;
const boothTypes = ["Open Booth", "Glam Booth", "Enclosed Booth"];
// Each booking its own date and booth, so none is refused.
const booking = (i) => ({
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
});
const quote = (i) => ({ fullName: `Bench Quote ${i}`, email: `quote${i}@example.com`, phoneNumber: "0491 570 110", eventDate: `${formYear}-06-15`, eventLocation: "Point Cook", packageDuration: "3hrs", service: "Open Booth", message: "Bench" });
// A few of each first, so neither pays for a cold isolate or a first font read.
await timeEach(5, (i) => postJson("/.netlify/functions/booking", booking(forms + i)), pdfWritten);
await timeEach(5, (i) => postJson("/.netlify/functions/sendQuote", quote(forms + i)), quoteSent);
const bookingTimes = await timeEach(forms, (i) => postJson("/.netlify/functions/booking", booking(i)), pdfWritten);
const quoteTimes = await timeEach(forms, (i) => postJson("/.netlify/functions/sendQuote", quote(i)), quoteSent);
await worker.dispose();
rmSync(assetsDirectory, { recursive: true, force: true });

console.log(`\nThroughput on this machine: ${clients} clients, ${seconds} s per target, loopback HTTP to workerd\n`);
console.log("| page | HTML bytes | X-Cache | page req/s | page p50 / p95 / p99 ms | static req/s | static p50 / p95 / p99 ms | page ÷ static |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const { page, bytes, rendered: r, staticFile: s, ratio } of rows) {
  console.log(
    `| ${page} | ${bytes} | ${r.cache} | ${r.rps} | ${r.p50} / ${r.p95} / ${r.p99} | ${s.rps} | ${s.p50} / ${s.p95} / ${s.p99} | ${ratio.toFixed(2)} |`,
  );
}
console.log(`\nServer time of the forms that write, one request at a time (${forms} each, loopback HTTP to workerd)\n`);
// CPU is workerd's own while the request was answered, read from Linux (what follows the answer, a booking's PDF, is not in it).
console.log("| form | p50 ms | p95 ms | p50 ÷ quote's p50 | CPU p50 / p95 ms |");
console.log("| --- | --- | --- | --- | --- |");
for (const [name, { times, cpu }] of [["booking", bookingTimes], ["quote request", quoteTimes]]) {
  console.log(`| ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${(percentile(times, 50) / percentile(quoteTimes.times, 50)).toFixed(2)} | ${percentile(cpu, 50).toFixed(1)} / ${percentile(cpu, 95).toFixed(1)} |`);
}
const failed = rows.reduce((sum, row) => sum + row.rendered.failures + row.staticFile.failures, 0);
if (failed) {
  console.error(`${failed} requests did not answer 200`);
  process.exit(1);
}
