import { describe, expect, it } from "vitest";
import { routeTitles } from "../support/routes";
import { workerForFile, testOrigin } from "./worker";

const worker = workerForFile();

function titleOf(html: string) {
  return html.match(/<title>([^<]*)<\/title>/)?.[1]?.replaceAll("&amp;", "&") ?? "";
}

describe("pages rendered by the Worker", () => {
  it.each(Object.entries(routeTitles))("%s answers 200 with its own title in the server HTML", async (path, title) => {
    const response = await worker.fetch(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(titleOf(html)).toMatch(title);
    expect(html).toContain(`<link rel="canonical" href="${testOrigin}${path === "/" ? "/" : path}"`);
  });

  it("gives every route a different title", async () => {
    const titles = await Promise.all(Object.keys(routeTitles).map(async (path) => titleOf(await (await worker.fetch(path)).text())));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("answers an unknown path with status 404 and the not-found page inside the layout", async () => {
    const response = await worker.fetch("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page not found");
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain("Terms and Conditions");
  });

  it("serves static files from public/ and caches fingerprinted build files for a year", async () => {
    const favicon = await worker.fetch("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");

    const html = await (await worker.fetch("/")).text();
    const script = html.match(/\/build\/[\w/.-]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const asset = await worker.fetch(script!);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
