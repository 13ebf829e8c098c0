#!/usr/bin/env node
/**
 * Serves the site locally as it would be deployed, and keeps it served: the bundle
 * `wrangler deploy --dry-run` writes, run by workerd through Miniflare with wrangler.toml's
 * bindings (local KV, R2, Durable Objects and queues), started again within a second if workerd
 * exits (scripts/lib/supervised-site.mjs). `npm start`, the end-to-end tests, the audit and the
 * benchmark all serve the site this way (docs/testing.md, "The local server").
 *
 *   npm start                                   http://localhost:8787 over .wrangler/state
 *   node scripts/serve.mjs --port 8788 --persist-to .wrangler/e2e-state --fresh --var RATE_LIMIT_MAX:1000
 *
 * --fresh            empties the persist folder first
 * --var NAME:VALUE   overrides a var or secret (repeatable)
 * --events FILE      a line of JSON per start, exit and restart of workerd
 * --log FILE         everything workerd wrote
 * --control-port N   test controls on 127.0.0.1:N, never part of the deployed Worker:
 *                      GET  /runtime              the pid of workerd and how many times it started
 *                      POST /expect-kill          the next exit of today's workerd is on purpose
 *                      POST /scheduled?at=ISO     the Cron handler run as of that moment
 * --no-build         serves the bundle already built
 * --quiet            prints only the supervisor's own lines
 */
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildWorker, projectRoot } from "./lib/local-worker.mjs";
import { siteMiniflareOptions } from "./lib/site-options.mjs";
import { startSupervisedSite } from "./lib/supervised-site.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    "persist-to": { type: "string", default: ".wrangler/state" },
    fresh: { type: "boolean", default: false },
    var: { type: "string", multiple: true, default: [] },
    events: { type: "string" },
    log: { type: "string" },
    "control-port": { type: "string" },
    "no-build": { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
  },
});

const vars = Object.fromEntries(
  values.var.map((pair) => {
    const at = pair.indexOf(":");
    if (at < 1) throw new Error(`--var takes NAME:VALUE, not ${pair}`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
const persistTo = path.resolve(projectRoot, values["persist-to"]);
if (values.fresh) rmSync(persistTo, { recursive: true, force: true });
if (!values["no-build"]) buildWorker({ quiet: true });
for (const file of [values.events, values.log]) if (file) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });

const port = Number(values.port);
const site = await startSupervisedSite({
  options: siteMiniflareOptions({ persistTo, vars }),
  port,
  eventsFile: values.events,
  logFile: values.log,
  echo: (line) => {
    if (!values.quiet || line.startsWith("[supervisor]")) console.log(line);
  },
});
console.log(`Serving http://localhost:${port} (data in ${path.relative(projectRoot, persistTo) || "."}); Ctrl-C stops.`);

async function control(request, response) {
  const url = new URL(request.url, "http://control");
  const answer = (status, body) => response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  if (request.method === "GET" && url.pathname === "/runtime") {
    await site.settled().catch(() => {});
    return answer(200, { pid: site.pid });
  }
  if (request.method === "POST" && url.pathname === "/expect-kill") return answer(200, { pid: site.expectKill() });
  if (request.method === "POST" && url.pathname === "/scheduled") {
    const at = new Date(url.searchParams.get("at") ?? "");
    if (Number.isNaN(at.getTime())) return answer(400, { error: "at= must be a moment, such as 2026-12-01T06:00+11:00" });
    await site.settled();
    const worker = await site.mf.getWorker();
    const { outcome } = await worker.scheduled({ scheduledTime: at, cron: url.searchParams.get("cron") ?? "0 19 * * *" });
    return answer(200, { outcome });
  }
  return answer(404, { error: "GET /runtime, POST /expect-kill or POST /scheduled?at=" });
}

const controls =
  values["control-port"] &&
  createServer((request, response) => {
    control(request, response).catch((error) => {
      response.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: String(error?.message ?? error) }));
    });
  }).listen(Number(values["control-port"]), "127.0.0.1");

let stopped = false;
async function stop() {
  if (stopped) return;
  stopped = true;
  if (controls) controls.close();
  await site.stop();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
