import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import axe, { type AxeResults } from "axe-core";
import { hydratedAttribute } from "../../app/hydration";
import { crashedMarker, outagesDuring } from "./runtime-crashes";

/**
 * Runs axe-core straight in the page's own document. @axe-core/playwright runs it frame by frame
 * and builds its report in an extra page, which costs two to three seconds a check; the only
 * frames on our pages are third-party ones (map, payments) that tests block anyway.
 */
async function analyze(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { iframes: false }));
}

function describeViolations(violations: AxeResults["violations"]) {
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** One JavaScript-enabled page per browser, reused for every no-JavaScript check (a new context each time is slow). */
const mirrors = new WeakMap<Browser, Promise<Page>>();

function mirrorPage(browser: Browser): Promise<Page> {
  let mirror = mirrors.get(browser);
  if (!mirror) {
    mirror = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    mirrors.set(browser, mirror);
  }
  return mirror;
}

/**
 * axe-core needs timers, which a page without JavaScript does not run. So a no-JavaScript page is
 * checked by serving exactly its current DOM, scripts removed, to a JavaScript-enabled page at the
 * same address (stylesheets still come from the server) and running axe there.
 */
async function analyzeWithoutPageScripts(page: Page) {
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("No browser to run axe in");
  const mirror = await mirrorPage(browser);
  const viewport = page.viewportSize();
  if (viewport) await mirror.setViewportSize(viewport);
  const origin = new URL(url).origin;
  const handler = (route: Parameters<Parameters<Page["route"]>[1]>[0]) =>
    route.request().url() === url
      ? route.fulfill({ status: 200, contentType: "text/html", body: html })
      : new URL(route.request().url()).origin === origin
        ? route.continue()
        : route.abort();
  await mirror.route("**/*", handler);
  try {
    await mirror.goto(url);
    return await analyze(mirror);
  } finally {
    await mirror.unroute("**/*", handler);
  }
}

/**
 * The page states axe has passed in this run, in every worker (a file each in the folder
 * global-setup.ts makes): the same markup at the same address and size gives the same result,
 * and many tests pass through the same pages (home, booking form), so each state is checked once.
 * The markup leaves out the script preloads React Router adds as the page's code arrives: hints
 * to the browser that nothing reads, which would otherwise make one page many states.
 */
function passedRecord(state: string): string {
  return path.join(process.env.E2E_AXE_PASSED!, createHash("sha256").update(state).digest("hex"));
}

async function pageState(page: Page): Promise<string> {
  const markup = await page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const hint of copy.querySelectorAll('link[rel="modulepreload"], link[rel="prefetch"]')) hint.remove();
    return copy.outerHTML;
  });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  return `${test.info().project.name}|${width}x${height}|${page.url()}|${markup}`;
}

export async function expectNoAxeViolations(page: Page) {
  const record = passedRecord(await pageState(page));
  if (existsSync(record)) return;
  const scriptsOn = test.info().project.use.javaScriptEnabled !== false;
  const results = scriptsOn ? await analyze(page) : await analyzeWithoutPageScripts(page);
  expect(describeViolations(results.violations), `axe violations on ${page.url()}`).toEqual([]);
  writeFileSync(record, "");
}

/** Where a test's first try records that a crash of the local runtime failed it (the folder global-setup.ts makes). */
function crashRecord(testId: string): string {
  return path.join(process.env.E2E_CRASH_RECORDS!, createHash("sha256").update(testId).digest("hex"));
}

/**
 * Every test gets a page that cannot reach the internet (the map and payment frames are third
 * party and need not load), fails on any Content-Security-Policy violation, and the page it ends
 * on is checked with axe-core.
 */
export const test = base.extend<{ runtimeCrashes: void; blockThirdParty: void; axeAtEnd: void; noPolicyViolations: void }>({
  // A test that failed while workerd was down (it exited, and the supervisor was starting it again)
  // fails with RUNTIME_CRASHED and the exit, and is run once more; a second try of a test that failed
  // for any other reason fails at once, so retries never hide an ordinary flaky test.
  runtimeCrashes: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const record = crashRecord(testInfo.testId);
      if (testInfo.retry > 0 && !existsSync(record)) {
        throw new Error("Not run again: its first try failed for a reason of its own, not for a crash of the local runtime.");
      }
      if (testInfo.retry > 0) testInfo.annotations.push({ type: "retried", description: readFileSync(record, "utf8") });
      const started = new Date();
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const crashes = outagesDuring(started, new Date());
      if (!crashes.length) return;
      const said = crashes.map(({ exit }) => `workerd (pid ${exit.pid}) exited at ${exit.at}${exit.deliberate ? ", killed on purpose by the crash test" : ""}`).join("; ");
      writeFileSync(record, said);
      throw new Error(`${crashedMarker}: the local runtime was down during this test (${said}); it is run again once.`);
    },
    { auto: true },
  ],
  blockThirdParty: [
    async ({ page, baseURL }, use) => {
      const own = new URL(baseURL!).origin;
      // A frame's blocked page is answered "204 No Content", which leaves the frame as it is: an
      // aborted one commits an error page, and that commit closes any alert the page has open.
      await page.route(
        (url) => url.origin !== own,
        (route) => (route.request().resourceType() === "document" ? route.fulfill({ status: 204 }) : route.abort()),
      );
      await use();
    },
    { auto: true },
  ],
  // Anything our Content-Security-Policy blocks is a bug in the page or in the policy.
  noPolicyViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  axeAtEnd: [
    async ({ page }, use) => {
      await use();
      if (page.url().startsWith("http")) await expectNoAxeViolations(page);
    },
    { auto: true },
  ],
});

/** Opens a path, expects it to answer with the given status, and checks it with axe-core. */
export async function visit(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(status);
  if (test.info().project.use.javaScriptEnabled !== false) await hydrate(page);
  await expectNoAxeViolations(page);
  return response;
}

/**
 * Pages hydrate at the visitor's first sign of intent (workers/deferred-hydration.ts): the
 * pointer moving over the page is one. Resolves once React handles the page's events.
 */
export async function hydrate(page: Page) {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction((name) => document.documentElement.hasAttribute(name), hydratedAttribute);
}

/** Holds back the page's own scripts until released, as a slow phone network would. */
export async function holdScripts(page: Page) {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const requested: string[] = [];
  await page.route("**/build/**/*.js", async (route) => {
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { requested, release: () => letGo() };
}

export { expect };
