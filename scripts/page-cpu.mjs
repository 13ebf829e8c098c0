#!/usr/bin/env node
/**
 * What a part of a page costs the browser's main thread while the page loads: loads the page in
 * Chromium as Lighthouse's phone does (412 x 823, 1.75 device pixels) with a trace, as served and
 * with each named part cut out of its HTML, runs interleaved, and prints the median main-thread
 * CPU time (thread time, so a busy machine adds less noise than to wall time) of the whole load,
 * of its longest task, and of style, layout and paint. Lighthouse multiplies time like this by
 * four for its total blocking time. A page on a running local site (`npm start`), no rebuild:
 *
 *   node scripts/page-cpu.mjs http://127.0.0.1:8787/booking
 *   node scripts/page-cpu.mjs http://127.0.0.1:8787/booking --runs 11 \
 *     --cut 'calendar=<section class="availability-calendar"[\s\S]*?</section>'
 *
 * A cut is `name=regular expression`; every match is removed. A cut that matches nothing is an error.
 * `--page name=FILE` loads the HTML saved in FILE (`curl URL > FILE` before a change) in place of
 * the page, in the same runs: a before and after on the same machine state, which moves more
 * between runs minutes apart than a change of a few elements does.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumArgs, findChromium } from "./find-chromium.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "9" },
    cut: { type: "string", multiple: true, default: [] },
    page: { type: "string", multiple: true, default: [] },
  },
});
const [url] = positionals;
if (!url) {
  console.error("Usage: node scripts/page-cpu.mjs URL [--runs N] [--cut name=regex]... [--page name=FILE]...");
  process.exit(2);
}
const executablePath = findChromium();
if (!executablePath) {
  console.error("No Chromium: run `node scripts/find-chromium.mjs --install` first.");
  process.exit(1);
}

/** Each variant is the page's HTML as served, less its cut, or another page's HTML. */
const variants = { "as served": (html) => html };
const served = await (await fetch(url)).text();
for (const cut of values.cut) {
  const [name, ...pattern] = cut.split("=");
  const regex = new RegExp(pattern.join("="), "g");
  if (!regex.test(served)) {
    console.error(`--cut ${name}: ${regex} matches nothing in ${url}`);
    process.exit(2);
  }
  variants[`without ${name}`] = (html) => html.replace(regex, "");
}
for (const saved of values.page) {
  const [name, ...file] = saved.split("=");
  const html = readFileSync(file.join("="), "utf8");
  variants[name] = () => html;
}

const ms = (microseconds) => (microseconds ?? 0) / 1000;

async function tracedLoad(browser, variant) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  await page.route((address) => address.origin !== origin, (route) => route.abort());
  await page.route((address) => address.href === new URL(url).href, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    await route.fulfill({ response, body: variant(html) });
  });
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
  await page.goto(url, { waitUntil: "load" });
  // Tasks the load event starts (the boot script's) belong to the load too.
  await page.evaluate(() => new Promise((resolve) => globalThis.requestAnimationFrame(() => setTimeout(resolve, 200))));
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const parse = events.find((event) => event.name === "ParseHTML" && event.args?.beginData?.url === url);
  const main = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === "X");
  const tasks = main.filter((event) => event.name === "RunTask" && event.ts + event.dur >= parse.ts);
  const sum = (name) => main.filter((event) => event.name === name).reduce((total, event) => total + ms(event.tdur), 0);
  return {
    "whole load": tasks.reduce((total, task) => total + ms(task.tdur), 0),
    "longest task": Math.max(...tasks.map((task) => ms(task.tdur))),
    style: sum("UpdateLayoutTree"),
    layout: sum("Layout"),
    paint: sum("Paint"),
  };
}

const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
// One browser per load, so no load finds another's caches warm.
for (let run = 0; run < Number(values.runs); run++) {
  for (const [name, variant] of Object.entries(variants)) {
    const browser = await chromium.launch({ executablePath, args: chromiumArgs });
    try {
      samples[name].push(await tracedLoad(browser, variant));
    } finally {
      await browser.close();
    }
  }
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const columns = Object.keys(samples["as served"][0]);
console.log(`Main-thread CPU (ms) loading ${url}, median of ${values.runs} loads\n`);
console.log(`| | ${columns.join(" | ")} |\n| --- |${" ---: |".repeat(columns.length)}`);
for (const [name, loads] of Object.entries(samples)) {
  console.log(`| ${name} | ${columns.map((column) => median(loads.map((load) => load[column])).toFixed(1)).join(" | ")} |`);
}
