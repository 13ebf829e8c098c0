import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { inlineScriptHashes, isCrossSiteWrite, pageContentSecurityPolicy } from "~/security.server";

const site = "https://photobooths.test";

function post(headers: Record<string, string>, url = `${site}/quickquote`) {
  return new Request(url, { method: "POST", headers });
}

describe("cross-site write check", () => {
  it("lets a post from the site's own pages through", () => {
    expect(isCrossSiteWrite(post({ Origin: site }), [site])).toBe(false);
  });

  it("lets a post from the site's own no-referrer page through (Origin null, but same-origin)", () => {
    expect(isCrossSiteWrite(post({ Origin: "null", "Sec-Fetch-Site": "same-origin" }), [site])).toBe(false);
  });

  it("trusts the configured public origin even when the Worker sees another host", () => {
    expect(isCrossSiteWrite(post({ Origin: site }, "http://127.0.0.1:8787/quickquote"), [site])).toBe(false);
  });

  it("refuses a post whose Origin is another site", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }), [site])).toBe(true);
  });

  it("refuses an opaque origin and a browser-reported cross-site request without Origin", () => {
    expect(isCrossSiteWrite(post({ Origin: "null" }), [site])).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "null", "Sec-Fetch-Site": "cross-site" }), [site])).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "cross-site" }), [site])).toBe(true);
  });

  it("lets clients that send no Origin, and every GET, through", () => {
    expect(isCrossSiteWrite(post({}), [site])).toBe(false);
    expect(isCrossSiteWrite(new Request(site, { headers: { Origin: "https://evil.example" } }), [site])).toBe(false);
  });

  it("lets Stripe's signed webhook through from anywhere, but no other address", () => {
    const fromStripe = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    expect(isCrossSiteWrite(post(fromStripe, `${site}/webhooks/stripe`), [site])).toBe(false);
    expect(isCrossSiteWrite(post(fromStripe, `${site}/webhooks/stripe/extra`), [site])).toBe(true);
    expect(isCrossSiteWrite(post(fromStripe, `${site}/invoice/PB-20270101-123/checkout`), [site])).toBe(true);
  });
});

describe("content security policy", () => {
  it("allows each inline script by the SHA-256 of its exact text, and nothing else inline", async () => {
    const html = '<script>window.a=1</script><script type="module" async>import("/x.js")</script>';
    const hashes = await inlineScriptHashes(html);
    expect(hashes).toEqual([
      `'sha256-${createHash("sha256").update("window.a=1").digest("base64")}'`,
      `'sha256-${createHash("sha256").update('import("/x.js")').digest("base64")}'`,
    ]);
    const policy = pageContentSecurityPolicy(hashes);
    expect(policy).toContain(`script-src 'self' ${hashes.join(" ")} https://js.stripe.com;`);
    expect(policy).not.toMatch(/script-src[^;]*('unsafe-inline'|'nonce-)/);
    expect(policy).toContain("form-action 'self' https://checkout.stripe.com;");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("needs no hash for scripts loaded from files or for JSON-LD data blocks", async () => {
    const html = '<script src="/build/entry.js"></script><script type="application/ld+json">{"@type":"Thing"}</script>';
    expect(await inlineScriptHashes(html)).toEqual([]);
  });
});
