/**
 * The Worker's own TypeScript, for a script: `source` (re-exports from `~/…` modules) is bundled
 * on the fly with esbuild and imported, so a script uses the app's code instead of restating it.
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../..", import.meta.url));

export async function importAppModules(source) {
  const { outputFiles } = await build({
    stdin: { contents: source, resolveDir: root, loader: "ts" },
    tsconfig: `${root}tsconfig.json`,
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString("base64")}`);
}
