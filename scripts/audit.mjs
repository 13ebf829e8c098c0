#!/usr/bin/env node
/**
 * Lighthouse (mobile profile) on every route of the local Worker, plus the gzip size of the
 * JavaScript each page loads first and of what it loads when it hydrates (at the visitor's first
 * intent, which Lighthouse never shows). Writes reports/audit.json and reports/audit.md, keeps the
 * reported run and trace of each route that misses a goal in reports/lighthouse/, and exits
 * non-zero when a route misses a goal (see `documentGoals` and `speedGoals` below). An almost
 * empty page is audited first, as this machine's floor (`auditFloor`).
 *
 *   npm run audit                     every page in the sitemap, /thankyou, /pbseopage and one blog post
 *   npm run audit -- /packages /      only these paths
 *   AUDIT_RUNS=5 npm run audit        runs per route (3 by default): the median run's scores, and the median of the runs' own blocking times
 *   npm run audit -- /invoice/:booking/move
 *                                     a booking's private page: the script books one on the local
 *                                     Worker first and audits that booking's page, with its key
 *   npm run audit -- /invoice/:planned-booking
 *                                     the booking page of a Glam Booth with "the deposit now, then
 *                                     monthly": its instalments, and autopay's offers with their words
 *                                     when .dev.vars sets a Stripe key
 *   npm run audit -- /crew/:attendant an attendant's page, with an event and its print design,
 *                                     seeded on the local Worker first (needs .dev.vars for the secrets)
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { promisify } from "node:util";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { chromiumArgs, findChromium } from "./find-chromium.mjs";
import { serveSite } from "./lib/serve-process.mjs";
import { attendantPlaceholder, bookingPlaceholder, isPrivateRoute, plannedBookingPlaceholder, seedAttendant, seedBooking } from "./lib/seed-private-pages.mjs";

const port = Number(process.env.AUDIT_PORT ?? 8790);
const origin = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  VITE_CJS_IGNORE_WARNING: "true",
};

const chrome = findChromium();
if (!chrome) {
  console.error("No Chromium: run `node scripts/find-chromium.mjs --install` first.");
  process.exit(1);
}

// The site as `npm start` serves it (scripts/serve.mjs), on fresh storage of its own; it builds the Worker first.
const server = await serveSite({ port, persistTo: ".wrangler/audit-state" });

async function routesToAudit() {
  const requested = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
  if (requested.length) return requested;
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const pages = paths.filter((p) => !p.startsWith("/blog/"));
  const firstPost = paths.find((p) => p.startsWith("/blog/"));
  return [...pages, ...(firstPost ? [firstPost] : []), "/thankyou", "/pbseopage"];
}

/**
 * The address to audit for a requested route: a private page's placeholder (`:booking`,
 * `:planned-booking`, `:attendant`) is filled with a booking or an attendant of its own, seeded on the local Worker.
 */
async function addressOf(route) {
  if (route.includes(bookingPlaceholder)) {
    const { invoiceNumber, key } = await seedBooking(origin, { boothType: "Glam Booth", fullName: "Audit Client", email: "audit@example.com" });
    return `${route.replace(bookingPlaceholder, invoiceNumber)}?key=${encodeURIComponent(key)}`;
  }
  if (route.includes(plannedBookingPlaceholder)) {
    const { invoiceNumber, key } = await seedBooking(origin, { boothType: "Glam Booth", fullName: "Trương Mỹ Linh", email: "audit-plan@example.com", paymentOption: "monthly" });
    return `${route.replace(plannedBookingPlaceholder, invoiceNumber)}?key=${encodeURIComponent(key)}`;
  }
  if (route.includes(attendantPlaceholder)) return seedAttendant(origin);
  return route;
}

/** A connection dropped right after Lighthouse closes Chrome is tried again. */
async function fetchBytes(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return Buffer.from(await (await fetch(url)).arrayBuffer());
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Gzip size of the given scripts, as the browser would fetch them. */
async function gzipTotal(scriptUrls) {
  let total = 0;
  for (const url of scriptUrls) total += gzipSync(await fetchBytes(url)).length;
  return { files: scriptUrls.length, gzipBytes: total };
}

/** The modules a page loads when it hydrates (at the visitor's first intent): its module preloads. */
async function hydrationScriptUrls(pathname) {
  const html = (await fetchBytes(origin + pathname)).toString("utf8");
  return [...new Set([...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => new URL(m[1], origin).href))];
}

/** Lighthouse's own advice for its run-to-run variance: several runs, and the median one reported. */
const runsPerRoute = Number(process.env.AUDIT_RUNS ?? 3);

const traceFileOf = (reportFile) => reportFile.replace(/\.json$/, "-0.trace.json");

/** One Lighthouse run; its trace is saved beside the report as `<name>-0.trace.json`. */
async function lighthouseReport(url, outFile) {
  // Not synchronous: the floor's page (`auditFloor`) is served by this process while Lighthouse loads it.
  await promisify(execFile)(
    "npx",
    [
      "lighthouse",
      url,
      `--chrome-flags=${chromiumArgs.join(" ")}`,
      "--output=json",
      `--output-path=${outFile}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--save-assets",
      "--additional-trace-categories=fonts",
      "--quiet",
    ],
    { env: { ...env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(outFile, "utf8"));
  return { report, reportFile: outFile, ...mainThreadFigures(traceFileOf(outFile), new URL(url).origin) };
}

/**
 * From the run's trace, on the page's main thread:
 * - the longest task, in wall time and in the thread's own CPU time. The gap is time the renderer
 *   spent waiting, for a core on this busy 2-core machine or on another Chrome process, and
 *   Lighthouse's 4× slowdown multiplies the waiting along with the work;
 * - its font lookups, and the time it waited on them: Chrome on Linux asks the browser process,
 *   synchronously, how to render each family, size and weight the page sets text in.
 */
function mainThreadFigures(tracePath, pageOrigin) {
  const { traceEvents } = JSON.parse(readFileSync(tracePath, "utf8"));
  const navigation = traceEvents.find(
    (e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith(pageOrigin),
  );
  const mainThread = traceEvents.filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ts >= navigation.ts);
  const longest = mainThread.filter((e) => e.name === "RunTask").reduce((a, b) => (b.dur > a.dur ? b : a));
  return {
    longestTask: { wallMs: Math.round(longest.dur / 1000), cpuMs: Math.round(longest.tdur / 1000) },
    fontLookups: mainThread
      .filter((e) => e.name === "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike")
      .reduce((sum, e) => ({ count: sum.count + 1, ms: sum.ms + e.dur / 1000 }), { count: 0, ms: 0 }),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function lighthouse(url, outFile) {
  const runs = [];
  for (let i = 0; i < runsPerRoute; i++) runs.push(await lighthouseReport(url, outFile.replace(/\.json$/, `-${i}.json`)));
  const report = computeMedianRun(filterToValidRuns(runs.map((run) => run.report)));
  const { reportFile, longestTask, fontLookups } = runs.find((run) => run.report === report);
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.numericValue ?? null;
  // Lighthouse's median run is the one nearest the median first paint and interactive time, not
  // the median blocking time; the goal is the blocking time's own median, and every run's is shown.
  const tbtRunsMs = runs.map((run) => Math.round(run.report.audits["total-blocking-time"]?.numericValue ?? 0));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    cls: Number((audit("cumulative-layout-shift") ?? 0).toFixed(3)),
    tbtMs: median(tbtRunsMs),
    tbtRunsMs,
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    reportFile,
    longestTask,
    fontLookups,
    renderBlocking: report.audits["render-blocking-resources"]?.details?.items?.length ?? 0,
    redirectsTo: report.finalDisplayedUrl === url ? null : new URL(report.finalDisplayedUrl).pathname,
    scriptUrls: (report.audits["network-requests"]?.details?.items ?? [])
      .filter((item) => item.resourceType === "Script" && item.url.startsWith(new URL(url).origin))
      .map((item) => item.url),
  };
}

/** The speed goals (docs/speed.md); /thankyou and the private pages (a booking's, an attendant's) keep their deliberate noindex, which costs them SEO points. */
const documentGoals = [
  ["accessibility 100", (r) => r.accessibility === 100],
  ["best practices 100", (r) => r.bestPractices === 100],
  ["SEO 100", (r) => r.seo === 100 || r.route === "/thankyou" || isPrivateRoute(r.route)],
];
const speedGoals = [
  ["performance 100", (r) => r.performance === 100],
  ["LCP ≤ 1200 ms", (r) => r.lcpMs <= 1200],
  ["CLS 0", (r) => r.cls === 0],
  ["TBT < 50 ms", (r) => r.tbtMs < 50],
  ["no render-blocking requests", (r) => r.renderBlocking === 0],
  ["first-load JS ≤ 100 KiB gzip", (r) => r.jsGzipBytes <= 100 * 1024],
];
/**
 * A page that sends the visitor on after a delay (/pbseopage, after the spec's second) is
 * measured by Lighthouse as a redirect: its speed figures are the destination's, plus the wait.
 * Lighthouse's advice is to test the destination directly, which the audit does anyway.
 */
const goalsOf = (row) => (row.floor ? [] : row.redirectsTo ? documentGoals : [...documentGoals, ...speedGoals]);
const missedGoals = (row) => goalsOf(row).filter(([, met]) => !met(row)).map(([name]) => name);

/**
 * The machine's floor, audited first and judged by no goal: an almost empty page
 * (scripts/lib/empty-page.html: no styles, images or scripts) served by Node. Whatever blocking
 * time Lighthouse finds on it is Chrome's own work (committing the navigation, a first layout) as
 * this machine runs it at that moment, which every route pays too.
 */
async function auditFloor(outFile) {
  const page = readFileSync(new URL("./lib/empty-page.html", import.meta.url));
  const floorServer = createServer((_, response) => response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page));
  await new Promise((resolve) => floorServer.listen(0, "127.0.0.1", resolve));
  try {
    return await lighthouse(`http://127.0.0.1:${floorServer.address().port}/`, outFile);
  } finally {
    floorServer.close();
  }
}

const routes = await routesToAudit();
const workDir = path.join(tmpdir(), `audit-${process.pid}`);
mkdirSync(workDir, { recursive: true });
// The reported run of each route that missed a goal, with its trace, to open in Chrome's
// performance panel or Lighthouse's viewer.
const keptDir = path.join("reports", "lighthouse");
rmSync(keptDir, { recursive: true, force: true });
mkdirSync(keptDir, { recursive: true });
const results = [];
{
  const scores = await auditFloor(path.join(workDir, "floor.json"));
  results.push({ ...scores, route: "an almost empty page (this machine's floor, not judged)", floor: true, reportFile: undefined, jsFiles: 0, jsGzipBytes: 0, hydrationJsGzipBytes: 0, missed: [] });
  console.log(`floor: TBT ${scores.tbtMs} ms (runs ${scores.tbtRunsMs.join(", ")}; longest task ${scores.longestTask.wallMs} ms, ${scores.longestTask.cpuMs} ms of it on the CPU), CPU benchmark ${scores.benchmarkIndex}`);
}
for (const route of routes) {
  const address = await addressOf(route);
  const { scriptUrls, reportFile, ...scores } = await lighthouse(origin + address, path.join(workDir, "report.json"));
  const js = await gzipTotal(scriptUrls);
  const hydration = await gzipTotal(await hydrationScriptUrls(address));
  const row = { route, ...scores, jsFiles: js.files, jsGzipBytes: js.gzipBytes, hydrationJsGzipBytes: hydration.gzipBytes };
  const missed = missedGoals(row);
  results.push({ ...row, missed });
  if (missed.length) {
    const name = route.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
    copyFileSync(reportFile, path.join(keptDir, `${name}.json`));
    copyFileSync(traceFileOf(reportFile), traceFileOf(path.join(keptDir, `${name}.json`)));
  }
  console.log(`${route}: perf ${scores.performance}, a11y ${scores.accessibility}, bp ${scores.bestPractices}, seo ${scores.seo}, LCP ${scores.lcpMs} ms, TBT ${scores.tbtMs} ms (runs ${scores.tbtRunsMs.join(", ")}; longest task ${scores.longestTask.wallMs} ms, ${scores.longestTask.cpuMs} ms of it on the CPU), CPU benchmark ${scores.benchmarkIndex}`);
}
rmSync(workDir, { recursive: true, force: true });

const header =
  "| route | performance | accessibility | best practices | SEO | LCP (ms) | CLS | TBT (ms): median (each run) | longest task (ms, wall / CPU) | font lookups (count / ms) | render-blocking | first-load JS (gzip) | JS at first intent (gzip) | goals |\n" +
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
const rows = results
  .map(
    (r) =>
      `| ${r.redirectsTo ? `${r.route} (goes on to ${r.redirectsTo}: speed not judged)` : r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} (${r.tbtRunsMs.join(", ")}) | ${r.longestTask.wallMs} / ${r.longestTask.cpuMs} | ${r.fontLookups.count} / ${Math.round(r.fontLookups.ms)} | ${r.renderBlocking} | ${(r.jsGzipBytes / 1024).toFixed(1)} KiB (${r.jsFiles} files) | ${(r.hydrationJsGzipBytes / 1024).toFixed(1)} KiB | ${r.floor ? "not judged" : r.missed.length ? `missed: ${r.missed.join(", ")}` : "met"} |`,
  )
  .join("\n");
mkdirSync("reports", { recursive: true });
writeFileSync("reports/audit.json", JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2));
const benchmarks = results.map((r) => r.benchmarkIndex);
const method =
  `The median of ${runsPerRoute} Lighthouse run(s) per route (Lighthouse's computeMedianRun; TBT is the median of the runs' own). Lighthouse's CPU benchmark ` +
  `index on this machine: ${Math.min(...benchmarks)}–${Math.max(...benchmarks)} (its 4× mobile slowdown assumes about 1500).\n\n`;
writeFileSync("reports/audit.md", `# Lighthouse audit (mobile, local Worker)\n\n${method}${header}${rows}\n`);
console.log(`\n${method}${header}${rows}`);
await server.stop();
const failing = results.filter((r) => r.missed.length);
const judged = results.filter((r) => !r.floor);
if (failing.length) console.error(`\n${failing.length} of ${judged.length} routes missed a goal.`);
process.exit(failing.length ? 1 : 0);
