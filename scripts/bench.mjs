#!/usr/bin/env node
/**
 * Throughput of the Worker's pages against a static file of the same size served by the same
 * Worker's assets layer: requests per second, latency and the ratio. Public pages come from the
 * edge cache after their first request (workers/edge-cache.ts); the table says whether they did.
 *
 *   npm run bench                    10 clients, 10 s per target
 *   BENCH_SECONDS=5 BENCH_CLIENTS=4 npm run bench
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drive } from "./lib/drive.mjs";
import { buildWorker, createLocalWorker, projectRoot } from "./lib/local-worker.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 10);
const pages = ["/", "/packages"];
const vars = { SITE_ORIGIN: "https://bench.test", OWNER_EMAIL: "owner@example.com", MAIL_FROM: "bookings@example.com" };

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
const failed = rows.reduce((sum, row) => sum + row.rendered.failures + row.staticFile.failures, 0);
if (failed) {
  console.error(`${failed} requests did not answer 200`);
  process.exit(1);
}
