/** Response headers and request checks that protect every page and endpoint. */

const mapFrames = ["https://maps.google.com", "https://www.google.com"];
const paymentScripts = ["https://js.stripe.com"];
const checkoutPages = ["https://checkout.stripe.com"];
const paymentFrames = ["https://js.stripe.com", "https://hooks.stripe.com", "https://buy.stripe.com"];

const hashOf = async (text: string) =>
  `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))))}'`;

/** Whether `text` is a JSON value (a literal when read as JavaScript: it runs nothing), or, with `kind`, one of that type. */
function isJson(text: string, kind?: "string"): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return kind === undefined || typeof value === kind;
  } catch {
    return false;
  }
}

/** A module of the site's own build, as Remix's module script names it (a JSON string). */
const isBuildModule = (literal: string) => isJson(literal, "string") && (JSON.parse(literal) as string).startsWith("/build/");

/** Remix's hydration context (`<Scripts>`, with single fetch's stream), whose one variable part is a JSON value. */
const remixContext =
  /^window\.__remixContext = ([\s\S]*);window\.__remixContext\.stream = new ReadableStream\(\{start\(controller\)\{window\.__remixContext\.streamController = controller;\}\}\)\.pipeThrough\(new TextEncoderStream\(\)\);$/;
/** One piece of single fetch's loader data: a JSON string. */
const remixStreamPiece = /^window\.__remixContext\.streamController\.enqueue\(([\s\S]*)\);$/;
const remixStreamEnd = "window.__remixContext.streamController.close();";
/** Remix's module script (`<Scripts>`, with lazy route discovery): the page's route modules, its partial manifest (JSON), the entry. */
const remixModules =
  /^(?:import ("[^"]*"))?;\n((?:import \* as route\d+ from "[^"]*";\n)*)(?:window\.__remixManifest = ([\s\S]*);)?\nwindow\.__remixRouteModules = \{((?:"[^"]*":route\d+,?)*)\};\n\nimport\(("[^"]*")\);$/;

function isRemixModules(text: string): boolean {
  const [, manifestModule, imports = "", manifest, routes = "", entry = ""] = remixModules.exec(text) ?? [];
  if (!entry) return false;
  const imported = [...imports.matchAll(/from ("[^"]*");/g)].map(([, module = ""]) => module);
  const routeIds = [...routes.matchAll(/("[^"]*"):route\d+/g)].map(([, id = ""]) => id);
  return (
    [...(manifestModule ? [manifestModule] : []), ...imported, entry].every(isBuildModule) &&
    (manifest === undefined || isJson(manifest)) &&
    routeIds.every((id) => isJson(id, "string"))
  );
}

/**
 * Whether an inline script is one the site wrote: one of `ownScripts` exactly, or one of Remix's,
 * whose variable parts (the page's data, the modules it loads) are checked to be data and modules
 * of the site's own build, so that a script of that shape runs nothing the site did not write.
 */
function isSiteScript(text: string, ownScripts: ReadonlySet<string>): boolean {
  if (ownScripts.has(text) || text === remixStreamEnd) return true;
  const context = remixContext.exec(text)?.[1];
  if (context !== undefined) return isJson(context);
  const piece = remixStreamPiece.exec(text)?.[1];
  if (piece !== undefined) return isJson(piece, "string");
  return isRemixModules(text);
}

/**
 * The site's own inline scripts on a rendered page (its components' and boot script, `ownScripts`,
 * and Remix's hydration scripts), as CSP source expressions. Pages are identical for every visitor
 * so they can be cached at the edge, which rules out a per-response nonce; a hash allows exactly
 * the script it was taken from. Any other inline script (one injected into the page) gets no hash,
 * so the browser does not run it. Data blocks (JSON-LD) are not run, so they need no hash.
 */
export async function siteScriptHashes(html: string, ownScripts: readonly string[]): Promise<string[]> {
  const own = new Set(ownScripts);
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/i.test(attributes) || /\btype="application\/(ld\+)?json"/i.test(attributes)) continue;
    if (isSiteScript(text, own)) hashes.add(await hashOf(text));
  }
  return [...hashes];
}

/** The policy for HTML pages: only our own scripts (inline ones by hash) and the payment provider. */
export function pageContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...paymentScripts].join(" ")}`,
    // React sets inline style attributes (e.g. animation timings); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self' https://api.stripe.com",
    `frame-src ${[...mapFrames, ...paymentFrames].join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    // The invoice page's pay button posts here and is redirected to Stripe's hosted checkout.
    `form-action 'self' ${checkoutPages.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For responses that are not pages (JSON, PDF, XML): nothing may run or embed them. */
export const resourceContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const baseSecurityHeaders: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")',
  "X-Frame-Options": "DENY",
};

export function withSecurityHeaders(response: Response): Response {
  const secured = new Response(response.body, response);
  // A route may be stricter (the invoice pages send no referrer at all); keep what it chose.
  for (const [name, value] of Object.entries(baseSecurityHeaders)) {
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  }
  if (!secured.headers.has("Content-Security-Policy")) {
    secured.headers.set("Content-Security-Policy", resourceContentSecurityPolicy);
  }
  return secured;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Endpoints another site's server posts to, which prove who sent them by a signature over the body
 * (Stripe's webhook) rather than by where the request came from. Only the origin check skips them.
 */
export const signedWebhookPaths: ReadonlySet<string> = new Set(["/webhooks/stripe"]);

/**
 * A state-changing request sent from another site's page. Browsers name the sender in Origin
 * (and Sec-Fetch-Site); requests with neither, such as server-to-server clients, are let through.
 */
/**
 * RFC 8058's one-click unsubscribe: a mail client posts it, from wherever it runs, to the signed
 * address the e-mail's List-Unsubscribe header gave; the signature is the proof, as for a webhook.
 */
export const oneClickPrefix = "/unsubscribe/";

export function isCrossSiteWrite(request: Request, trustedOrigins: readonly string[]): boolean {
  const { pathname } = new URL(request.url);
  if (safeMethods.has(request.method) || signedWebhookPaths.has(pathname) || pathname.startsWith(oneClickPrefix)) return false;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    const own = new URL(request.url).origin;
    return origin !== own && !trustedOrigins.includes(origin);
  }
  // Browsers also send "null" from the site's own pages when they forbid referrers (the invoice page
  // does, to keep its secret address private), but then still say the post is same-origin.
  if (origin === "null") return request.headers.get("Sec-Fetch-Site") !== "same-origin";
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

export function crossSiteRefusal(): Response {
  return new Response("Forbidden: forms on this site can only be sent from this site.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
