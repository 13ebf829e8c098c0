import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Agent } from "node:http";
import path from "node:path";
import { test as base, expect, type Browser, type Page, type Route } from "@playwright/test";
import axe, { type AxeResults } from "axe-core";
import { hydratedAttribute } from "../../app/hydration";
import { crashedMarker, outagesDuring } from "./runtime-crashes";

/**
 * `page.request` and `request` never reuse a connection. workerd closes a connection idle for 5 s
 * and sends no Keep-Alive hint; Playwright's agent keeps connections without a limit, so a request
 * sent as workerd closes it fails with "socket hang up" (ECONNRESET): a CI run lost the card payment
 * test so, its webhook sent 5 s after its booking. Playwright runs its requests in this process,
 * with Node's agent; a browser's own requests are not affected.
 */
Agent.prototype.keepSocketAlive = () => false;

function describeViolations(violations: AxeResults["violations"]) {
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** The address of the copy's page: fulfilled by the route below, never asked of the site. */
const copyPath = "/__axe-copy";

/**
 * axe-core runs in one JavaScript-enabled page per browser (a worker) and origin, loaded once, on a
 * copy of the checked page. Loaded in each test's own page, it cost about a second of CPU a check to
 * compile (every test's context has a renderer of its own, so nothing is reused); and a page without
 * JavaScript cannot run it at all (axe needs timers). The copy keeps the page's address, size and
 * styles; axe-check.spec.ts holds its results to the page's own (docs/testing.md, "Accessibility
 * checks"). Its page routes nothing once open: a route turns the browser's cache off, and each copy
 * would fetch its stylesheets, fonts and images again.
 */
const copies = new WeakMap<Browser, Map<string, Promise<Page>>>();

function copyPage(browser: Browser, origin: string): Promise<Page> {
  const byOrigin = copies.get(browser) ?? new Map<string, Promise<Page>>();
  copies.set(browser, byOrigin);
  let copy = byOrigin.get(origin);
  if (!copy) {
    copy = (async () => {
      const page = await (await browser.newContext({ javaScriptEnabled: true })).newPage();
      const blank = (route: Route) => route.fulfill({ contentType: "text/html", body: "<!DOCTYPE html><title>axe</title>" });
      await page.route(origin + copyPath, blank);
      await page.goto(origin + copyPath);
      await page.unroute(origin + copyPath, blank);
      await page.evaluate(axe.source);
      return page;
    })();
    byOrigin.set(origin, copy);
  }
  return copy;
}

/**
 * The page's document as markup, without its scripts (a copy must not run them) nor the script
 * preloads React Router adds as the page's code arrives: hints to the browser that nothing reads,
 * which would otherwise make one page many states. A third party's frame (the map, payments) is
 * copied empty: axe reads the frame's element, not its page, and tests never reach the internet.
 */
function markupOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const left of copy.querySelectorAll('script, link[rel="modulepreload"], link[rel="prefetch"]')) left.remove();
    for (const frame of copy.querySelectorAll("iframe[src]")) {
      if (new URL(frame.getAttribute("src")!, location.href).origin !== location.origin) frame.setAttribute("src", "about:blank");
    }
    return `<!DOCTYPE html>${copy.outerHTML}`;
  });
}

/** axe's results for a copy of `page` as it stands (its `markup`, read once by the caller that keys on it). */
export async function analyzeCopy(page: Page, markup?: string): Promise<AxeResults> {
  markup ??= await markupOf(page);
  const browser = page.context().browser();
  if (!browser) throw new Error("No browser to run axe in");
  const url = page.url();
  const copy = await copyPage(browser, new URL(url).origin);
  const viewport = page.viewportSize();
  if (viewport) await copy.setViewportSize(viewport);
  // document.open() keeps the window, and with it the axe already loaded; the address is the page's
  // own, so its relative links and stylesheets resolve as they did there.
  await copy.evaluate(
    ({ markup, url }) =>
      new Promise<void>((loaded) => {
        history.replaceState(null, "", url);
        document.open();
        document.write(markup);
        document.close();
        if (document.readyState === "complete") loaded();
        else addEventListener("load", () => loaded(), { once: true });
      }),
    { markup, url },
  );
  return copy.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { iframes: false }));
}

/**
 * The page states axe has passed in this run, in every worker (a file each in the folder
 * global-setup.ts makes): the same markup at the same address and size gives the same result,
 * and many tests pass through the same pages (home, booking form), so each state is checked once.
 */
function passedRecord(state: string): string {
  return path.join(process.env.E2E_AXE_PASSED!, createHash("sha256").update(state).digest("hex"));
}

export async function expectNoAxeViolations(page: Page) {
  const markup = await markupOf(page);
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const record = passedRecord(`${test.info().project.name}|${width}x${height}|${page.url()}|${markup}`);
  if (existsSync(record)) return;
  const results = await analyzeCopy(page, markup);
  expect(describeViolations(results.violations), `axe violations on ${page.url()}`).toEqual([]);
  writeFileSync(record, "");
}

/** Where a test's first try records that a crash of the local runtime failed it (the folder global-setup.ts makes). */
function crashRecord(testId: string): string {
  return path.join(process.env.E2E_CRASH_RECORDS!, createHash("sha256").update(testId).digest("hex"));
}

/**
 * Every test's page fails on any Content-Security-Policy violation, and the page it ends on is
 * checked with axe-core. None reaches the internet: the browser sends other sites to a local
 * stand-in (third-parties.ts, playwright.config.ts's host rules).
 */
export const test = base.extend<{ runtimeCrashes: void; axeAtEnd: void; noPolicyViolations: void }>({
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
  await untilHydrated(page);
}

/** Whether React handles the page's events now. */
export const isHydrated = (page: Page) => page.evaluate((name) => document.documentElement.hasAttribute(name), hydratedAttribute);

/**
 * Resolves once React handles the page's events, however long a busy machine takes to fetch and run
 * its scripts: a test of what a tap before hydration does waits on this state, not on a timeout.
 */
export async function untilHydrated(page: Page) {
  await page.waitForFunction((name) => document.documentElement.hasAttribute(name), hydratedAttribute, { timeout: 0 });
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
