/** Response headers and request checks that protect every page and endpoint. */

const mapFrames = ["https://maps.google.com", "https://www.google.com"];
const paymentScripts = ["https://js.stripe.com"];
const checkoutPages = ["https://checkout.stripe.com"];
const paymentFrames = ["https://js.stripe.com", "https://hooks.stripe.com", "https://buy.stripe.com"];

/** A fresh, unguessable value per response that marks the inline scripts we wrote ourselves. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The policy for HTML pages: only our own scripts (inline ones need the nonce) and the payment provider. */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${paymentScripts.join(" ")}`,
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
export function isCrossSiteWrite(request: Request, trustedOrigins: readonly string[]): boolean {
  if (safeMethods.has(request.method) || signedWebhookPaths.has(new URL(request.url).pathname)) return false;
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
