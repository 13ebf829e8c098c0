import { describe, expect, it } from "vitest";
import { deferHydration } from "../../workers/deferred-hydration";

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

  it("adds the boot script, which starts the module script, to Remix's context script", () => {
    const html = deferHydration(remixScripts);
    // Within one script: the boot script never closes it early.
    const inScript = "(?:(?!</script>)[\\s\\S])*?";
    expect(html).toMatch(new RegExp(`<script>\\(function\\(__name\\)\\{${inScript}text/x-deferred-module${inScript}window\\.__remixContext = \\{\\};</script>`));
    // Everything the boot script needs arrives as its argument (the price sheet's functions too), so it runs on its own in the page.
    expect(() => new Function(html.match(new RegExp(`<script>(\\(function\\(__name\\)${inScript})window\\.__remixContext`))![1]!)).not.toThrow();
  });

  it("leaves a page without Remix's scripts as it is", () => {
    const page = "<html><body><p>Hello</p></body></html>";
    expect(deferHydration(page)).toBe(page);
  });
});
