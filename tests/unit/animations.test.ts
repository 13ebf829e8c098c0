import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const stylesDirectory = path.join(import.meta.dirname, "../../app/styles");

/** Each `@keyframes` block of a stylesheet: its name and its text. */
function keyframesOf(css: string): { name: string; text: string }[] {
  return [...css.matchAll(/@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*[^{}]*)\}/g)].map(([, name = "", text = ""]) => ({ name, text }));
}

describe("the site's animations", () => {
  it("read no custom property in their keyframes, which Chrome animates on the main thread, a style pass every frame while a page loads (issue 59)", () => {
    const files = readdirSync(stylesDirectory).filter((name) => name.endsWith(".css"));
    const keyframes = files.flatMap((name) => keyframesOf(readFileSync(path.join(stylesDirectory, name), "utf8")).map((block) => ({ ...block, file: name })));
    expect(keyframes.length).toBeGreaterThan(0);
    expect(keyframes.filter(({ text }) => text.includes("var(")).map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
  });
});
