/**
 * The scripts name the app's modules inside template strings (`importAppModules(\`export { … } from
 * "~/…"\`)`), which neither the type check nor the lint reads: a module moved or a name renamed
 * would break `npm run owner:links` and the rest only when the owner runs them. Each such source is
 * bundled here as the script bundles it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundleAppModules } from "../../scripts/lib/app-modules.mjs";

const scripts = fileURLToPath(new URL("../../scripts/", import.meta.url));

const sources = readdirSync(scripts, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".mjs"))
  .flatMap((file) => [...readFileSync(path.join(scripts, file), "utf8").matchAll(/importAppModules\(`([^`]*)`\)/g)].map((match): [string, string] => [file, match[1]!]));

describe("the app modules the scripts import", () => {
  it("are found in the scripts", () => {
    expect(new Set(sources.map(([file]) => file))).toEqual(new Set(["bench-scale.mjs", "build-gazetteer.mjs", "lib/owner-site.mjs", "lib/seed-private-pages.mjs", "owner-links.mjs", "promo.mjs", "reindex.mjs"]));
  });

  it.each(sources)("%s: each module resolves and exports each name", { timeout: 30_000 }, async (_file, source) => {
    await expect(bundleAppModules(source)).resolves.toContain("export");
  });

  it("fails on a module that moved", async () => {
    await expect(bundleAppModules(`export { isInvoiceNumber } from "~/bookings/numbers/invoice-number";`)).rejects.toThrow(/No matching export/);
  });
});
