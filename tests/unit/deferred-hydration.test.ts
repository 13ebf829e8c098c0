import { describe, expect, it } from "vitest";
import { deferHydration } from "../../workers/deferred-hydration";

const remixScripts =
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/root.js"/>' +
  '<script>window.__remixContext = {};</script>' +
  '<script type="module" async="">import * as route0 from "/build/root.js";\nimport("/build/entry.client.js");</script>';

describe("hydration after first paint", () => {
  it("holds back the module preloads and turns Remix's module script into an inert block, its text unchanged", () => {
    const html = deferHydration(remixScripts);
    expect(html).toContain('<link rel="modulepreload" media="not all" href="/build/entry.client.js"/>');
    expect(html).toContain('<link rel="modulepreload" media="not all" href="/build/root.js"/>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<script type="text/x-deferred-module">import * as route0 from "/build/root.js";\nimport("/build/entry.client.js");</script>',
    );
  });

  it("starts the module script from Remix's context script once the page has loaded", () => {
    const html = deferHydration(remixScripts);
    expect(html).toMatch(/<script>addEventListener\("load",[^<]*text\/x-deferred-module[^<]*window\.__remixContext = \{\};<\/script>/);
  });

  it("leaves a page without Remix's scripts as it is", () => {
    const page = "<html><body><p>Hello</p></body></html>";
    expect(deferHydration(page)).toBe(page);
  });
});
