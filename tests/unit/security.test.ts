import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { isCrossSiteWrite, pageContentSecurityPolicy, siteScriptHashes } from "~/security.server";

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

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const script = (text: string, attributes = "") => `<script${attributes}>${text}</script>`;

// Remix's scripts as it writes them (@remix-run/react's <Scripts> and single fetch's stream), the page's data escaped.
const remixContext =
  'window.__remixContext = {"basename":"/","future":{"v3_singleFetch":true},"isSpaMode":false,"note":"\\u003c/script\\u003e"};' +
  "window.__remixContext.stream = new ReadableStream({start(controller){window.__remixContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());";
const remixModules =
  ';\nimport * as route0 from "/build/root-ROEXQYUO.js";\nimport * as route1 from "/build/routes/_index-G553ZXWU.js";\n' +
  'window.__remixManifest = {\n  "entry": {\n    "module": "/build/entry.client-PHPX2TLL.js"\n  },\n  "url": "/build/manifest-E787FDA2.js"\n};\n' +
  'window.__remixRouteModules = {"root":route0,"routes/_index":route1};\n\nimport("/build/entry.client-PHPX2TLL.js");';
const remixData = 'window.__remixContext.streamController.enqueue("[{\\"_1\\":2},\\"loaderData\\",\\"\\u003cb\\u003e\\"]\\n");';
const remixEnd = "window.__remixContext.streamController.close();";
const ownScript = "window.site=1";

describe("content security policy", () => {
  it("allows the site's own inline scripts by the SHA-256 of their exact text, Remix's among them", async () => {
    const html = [script(ownScript), script(remixContext), script(remixModules, ' type="text/x-deferred-module"'), script(remixData), script(remixEnd)].join("");
    const hashes = await siteScriptHashes(html, [ownScript]);
    expect(hashes).toEqual([ownScript, remixContext, remixModules, remixData, remixEnd].map(hash));
    const policy = pageContentSecurityPolicy(hashes);
    expect(policy).toContain(`script-src 'self' ${hashes.join(" ")} https://js.stripe.com;`);
    expect(policy).not.toMatch(/script-src[^;]*('unsafe-inline'|'nonce-)/);
    expect(policy).toContain("form-action 'self' https://checkout.stripe.com;");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("allows no script injected into the page, even one dressed as Remix's", async () => {
    const injected = [
      "alert(document.cookie)",
      `${ownScript};alert(1)`,
      remixContext.replace('"isSpaMode":false', '"isSpaMode":alert(1)'),
      remixContext.replace("window.__remixContext = {", "alert(1);window.__remixContext = {"),
      'window.__remixContext.streamController.enqueue("x");alert(1);//");',
      "window.__remixContext.streamController.enqueue(alert(1));",
      remixModules.replace('import("/build/entry.client-PHPX2TLL.js");', 'import("https://evil.example/x.js");'),
      remixModules.replace('"routes/_index":route1', '"routes/_index":alert(1)'),
      remixModules.replace('"url": "/build/manifest-E787FDA2.js"\n}', '"url": alert(1)\n}'),
      remixModules.replace("import * as route0", "alert(1);\nimport * as route0"),
    ];
    const html = [script(ownScript), ...injected.map((text) => script(text))].join("");
    expect(await siteScriptHashes(html, [ownScript])).toEqual([hash(ownScript)]);
  });

  it("needs no hash for scripts loaded from files or for JSON-LD data blocks", async () => {
    const html = '<script src="/build/entry.js"></script><script type="application/ld+json">{"@type":"Thing"}</script>';
    expect(await siteScriptHashes(html, [])).toEqual([]);
  });
});
