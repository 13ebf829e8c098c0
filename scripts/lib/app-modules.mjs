/**
 * The Worker's own TypeScript, for a script: `source` (re-exports from `~/…` modules) is bundled
 * on the fly with esbuild and imported, so a script uses the app's code instead of restating it.
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The bundle's text; esbuild refuses a module that does not resolve or a name it does not export. */
export async function bundleAppModules(source) {
  const { outputFiles } = await build({
    // Plain re-exports: as JavaScript, a name the module does not export is an error, where TypeScript would take it for a type.
    stdin: { contents: source, resolveDir: root, loader: "js" },
    tsconfig: `${root}tsconfig.json`,
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    logLevel: "silent",
  });
  return outputFiles[0].text;
}

export async function importAppModules(source) {
  return import(`data:text/javascript;base64,${Buffer.from(await bundleAppModules(source)).toString("base64")}`);
}
