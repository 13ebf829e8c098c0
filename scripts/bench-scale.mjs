#!/usr/bin/env node
/**
 * What the owner's reads and the scheduled run cost as bookings pile up over the years
 * (docs/product-decisions.md, "Years of bookings"): the site with 100 bookings, then with 10,000
 * stored over ten years (the same year of current bookings, and the rest in the years before),
 * written straight into storage. For each read it prints the storage operations (KV, R2 and
 * Durable Object calls, counted by scripts/lib/local-worker.mjs), the median time of a few runs and
 * the median CPU time workerd spent on it (scripts/lib/workerd-cpu.mjs; counting included).
 *
 *   npm run bench:scale
 *   BENCH_SCALE_RUNS=7 npm run bench:scale
 */
import { importAppModules } from "./lib/app-modules.mjs";
import { buildWorker, createLocalWorker } from "./lib/local-worker.mjs";
import { seedBookings } from "./lib/seed-bookings.mjs";
import { workerdCpuMs } from "./lib/workerd-cpu.mjs";

const runs = Number(process.env.BENCH_SCALE_RUNS ?? 5);
const sizes = [100, 10_000];
const origin = "https://scale.test";
const vars = { SITE_ORIGIN: origin, OWNER_EMAIL: "owner@example.com", MAIL_FROM: "bookings@example.com", OWNER_LINK_SECRET: "scale-bench-owner-link-secret-0123456789", OWNER_FEED_SECRET: "scale-bench-owner-feed-secret-0123456789" };
const app = await importAppModules(`
  export { indexRow } from "~/bookings/by-date/booking-index";
  export { ownerToken } from "~/agenda/tokens.server";
  export { addDays, melbourneToday } from "~/utils/melbourne-time";
`);

buildWorker({ quiet: true });
// A fresh site for each size: every kind of link at generation 0.
const keys = { config: vars, generations: { read: async (names) => names.map(() => 0), subjects: async () => ({}) } };
const today = app.melbourneToday();
const monthStart = `${app.addDays(today, -60).slice(0, 7)}-01`;
const monthEnd = app.addDays(`${app.addDays(today, -20).slice(0, 7)}-01`, -1);
const reads = {
  "calendar feed": `/owner/calendar.ics?token=${await app.ownerToken(keys, "feed")}`,
  "a month's export": `/owner/export.csv?from=${monthStart}&to=${monthEnd}&token=${await app.ownerToken(keys, "export")}`,
  "a month of availability": `/api/availability?from=${today}&to=${app.addDays(today, 30)}`,
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(size) {
  const mf = createLocalWorker({ vars, faults: { counted: true } });
  await mf.ready;
  const kv = await mf.getKVNamespace("innerKv", "faulty-bindings");
  const index = await mf.getDurableObjectNamespace("innerIndex", "faulty-bindings");
  await seedBookings({ kv, index, indexRow: app.indexRow, count: size, today });
  const ops = await mf.getDurableObjectNamespace("OPS", "op-counter");
  const counter = ops.get(ops.idFromName("ops"));
  /** Storage operations and the median milliseconds of `work` over the runs (the first run's operations). */
  async function cost(work, times = runs) {
    const spent = [];
    const cpu = [];
    let operations = 0;
    for (let run = 0; run < times; run++) {
      await counter.fetch("https://ops/reset");
      const cpuBefore = workerdCpuMs();
      const started = performance.now();
      await work();
      spent.push(performance.now() - started);
      cpu.push(workerdCpuMs() - cpuBefore);
      const used = Number(await (await counter.fetch("https://ops/reset")).text());
      if (run === 0) operations = used;
    }
    return { operations, ms: median(spent), cpu: median(cpu) };
  }
  const rows = {};
  for (const [name, path] of Object.entries(reads)) {
    rows[name] = await cost(async () => {
      const response = await mf.dispatchFetch(`${origin}${path}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    });
  }
  const site = await mf.getWorker("site");
  // The day's first run does the reminders and the morning e-mail; the second finds them done.
  rows["scheduled run: the morning's first"] = await cost(() => site.scheduled({ scheduledTime: new Date(), cron: "0 19 * * *" }), 1);
  rows["scheduled run: the second, an hour on"] = await cost(() => site.scheduled({ scheduledTime: new Date(Date.now() + 3_600_000), cron: "0 20 * * *" }));
  await mf.dispose();
  return rows;
}

const results = {};
for (const size of sizes) results[size] = await measure(size);

console.log(`\nStorage operations and median time (${runs} runs; the first scheduled run once) with ${sizes.join(" and then ")} bookings stored\n`);
console.log(`| read | ${sizes.map((size) => `operations at ${size}`).join(" | ")} | ${sizes.map((size) => `ms at ${size}`).join(" | ")} | ${sizes.map((size) => `CPU ms at ${size}`).join(" | ")} | time ${sizes.at(-1)} ÷ ${sizes[0]} |`);
console.log(`| --- | ${sizes.map(() => "---").join(" | ")} | ${sizes.map(() => "---").join(" | ")} | ${sizes.map(() => "---").join(" | ")} | --- |`);
let over = 0;
for (const name of Object.keys(results[sizes[0]])) {
  const [small, large] = sizes.map((size) => results[size][name]);
  const ratio = large.ms / small.ms;
  if (large.operations >= 100 || ratio > 2) over++;
  console.log(`| ${name} | ${sizes.map((size) => results[size][name].operations).join(" | ")} | ${sizes.map((size) => results[size][name].ms.toFixed(1)).join(" | ")} | ${sizes.map((size) => results[size][name].cpu.toFixed(1)).join(" | ")} | ${ratio.toFixed(2)} |`);
}
if (over) {
  console.error(`\n${over} row(s) use 100 operations or more, or take more than twice as long, at ${sizes.at(-1)} bookings.`);
  process.exitCode = 1;
}
