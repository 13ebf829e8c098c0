import { describe, expect, it } from "vitest";
import { bootScript, deferHydration } from "../../workers/deferred-hydration";

const remixScripts =
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/root.js"/>' +
  '<script>window.__remixContext = {};</script>' +
  '<script type="module" async="">import * as route0 from "/build/root.js";\nimport("/build/entry.client.js");</script>';

describe("hydration on the visitor's first intent", () => {
  it("holds back the module preloads and turns Remix's module script into an inert block, its text unchanged", () => {
    const html = deferHydration(remixScripts);
    expect(html).toContain('<link rel="modulepreload" media="not all" href="/build/entry.client.js"/>');
    expect(html).toContain('<link rel="modulepreload" media="not all" href="/build/root.js"/>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<script type="text/x-deferred-module">import * as route0 from "/build/root.js";\nimport("/build/entry.client.js");</script>',
    );
  });

  it("adds the boot script, which starts the module script, just before Remix's context script", () => {
    const html = deferHydration(remixScripts);
    expect(html).toContain(`<script>${bootScript}</script><script>window.__remixContext = {};</script>`);
    // Within one script: the boot script never closes it early.
    expect(bootScript).not.toContain("</script");
    expect(bootScript).toContain("text/x-deferred-module");
    // Everything the boot script needs arrives as its argument (the price sheet's functions too), so it runs on its own in the page.
    expect(() => new Function(bootScript)).not.toThrow();
  });

  it("leaves a page without Remix's scripts as it is", () => {
    const page = "<html><body><p>Hello</p></body></html>";
    expect(deferHydration(page)).toBe(page);
  });
});
