import { componentScripts } from "../app/inline-scripts";
import { pageContentSecurityPolicy, siteScriptHashes, withSecurityHeaders } from "../app/security.server";
import { bootScript, deferHydration } from "./deferred-hydration";

/**
 * Public pages from Cloudflare's edge cache (the Workers Cache API, in a cache named "pages").
 *
 * A page is cached when it is the same for every visitor: a GET without a query string (query
 * strings carry search and availability results) answered 200 with HTML, and the route did not
 * opt out by sending `Cache-Control: private` or `no-store` (the invoice page does). Cached pages
 * live EDGE_CACHE_SECONDS, so a seasonal banner, the copyright year or anything about
 * availability is never more than a minute late, and the key holds the build's id, so a deploy
 * starts with an empty cache. Every other HTML response is `private, no-store`.
 *
 * Every page gets its Content-Security-Policy here, after rendering: the hashes of exactly the
 * site's own inline scripts on it, so a cached copy needs no per-response nonce, and a script
 * that found its way into the page by any other road does not run. Every answer gets the security
 * headers here too, a cached page with them, so a hit is sent as it was stored.
 *
 * A hit is looked for before anything else of the request is done (`render` builds the load
 * context and runs Remix), and answered from what this isolate rendered itself when it can
 * (`recentPages`), without a call to the cache: issue 59 measured a cached page at 0.83 of a
 * static file's rate.
 */
export const EDGE_CACHE_SECONDS = 60;

/** Says whether a page came from the edge cache (`HIT`), was stored in it (`MISS`) or never is (`BYPASS`). */
export const cacheStatusHeader = "X-Cache";

const privatePage = "private, no-store";

function isHtml(response: Response): boolean {
  return (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

function mayBeCached(request: Request): boolean {
  const url = new URL(request.url);
  return request.method === "GET" && !url.search && !request.headers.has("Authorization") && !request.headers.has("Cookie");
}

function routeOptedOut(response: Response): boolean {
  return /\b(private|no-store|no-cache)\b/.test(response.headers.get("Cache-Control") ?? "");
}

function cacheKey(request: Request, buildId: string): Request {
  const url = new URL(request.url);
  return new Request(`${url.origin}${url.pathname}?build=${encodeURIComponent(buildId)}`);
}

/** Buffers a rendered page, moves its hydration after first paint, and gives it the policy that allows exactly its own inline scripts. */
async function finishPage(response: Response): Promise<Response> {
  const html = deferHydration(await response.text());
  const page = new Response(html, response);
  // The site's own inline scripts: its components', the boot script, and Remix's.
  const hashes = await siteScriptHashes(html, [...componentScripts, bootScript]);
  page.headers.set("Content-Security-Policy", pageContentSecurityPolicy(hashes));
  return page;
}

export interface EdgeCacheOptions {
  /** Changes with every deploy (Remix's build version), so a deploy never serves an old page. */
  buildId: string;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Tests pass their own; the Worker uses the data centre's cache. */
  cache?: Cache;
}

let pagesCache: Promise<Cache> | undefined;

interface RecentPage {
  body: ArrayBuffer;
  init: ResponseInit;
  /** Until when it may be sent: never later than its copy in the cache. */
  until: number;
}
/** The pages this isolate rendered and stored, by cache key: the few public pages of the site. */
const recentPages = new Map<string, RecentPage>();
const mostRecentPages = 100;

function recentPage(key: Request): Response | undefined {
  const recent = recentPages.get(key.url);
  if (!recent) return undefined;
  if (recent.until <= Date.now()) {
    recentPages.delete(key.url);
    return undefined;
  }
  return new Response(recent.body, recent.init);
}

async function keepRecent(key: Request, page: Response): Promise<void> {
  const body = await page.arrayBuffer();
  const headers = new Headers(page.headers);
  headers.set(cacheStatusHeader, "HIT");
  if (recentPages.size >= mostRecentPages) recentPages.delete(recentPages.keys().next().value!);
  recentPages.set(key.url, { body, init: { status: page.status, headers }, until: Date.now() + EDGE_CACHE_SECONDS * 1000 });
}

export async function servePage(
  request: Request,
  render: () => Promise<Response>,
  { buildId, waitUntil, cache }: EdgeCacheOptions,
): Promise<Response> {
  const key = mayBeCached(request) ? cacheKey(request, buildId) : undefined;
  const pages = key ? (cache ?? (await (pagesCache ??= caches.open("pages")))) : undefined;
  if (key && pages) {
    const recent = cache ? undefined : recentPage(key);
    if (recent) return recent;
    const cached = await pages.match(key);
    if (cached) {
      const hit = new Response(cached.body, cached);
      hit.headers.set(cacheStatusHeader, "HIT");
      return hit;
    }
  }

  const response = await render();
  if (!isHtml(response)) return withSecurityHeaders(response);
  const page = withSecurityHeaders(await finishPage(response));
  if (key && pages && page.status === 200 && !routeOptedOut(page) && !page.headers.has("Set-Cookie")) {
    page.headers.set("Cache-Control", `public, max-age=${EDGE_CACHE_SECONDS}`);
    waitUntil(pages.put(key, page.clone()));
    if (!cache) waitUntil(keepRecent(key, page.clone()));
    page.headers.set(cacheStatusHeader, "MISS");
    return page;
  }
  page.headers.set("Cache-Control", privatePage);
  page.headers.set(cacheStatusHeader, "BYPASS");
  return page;
}
