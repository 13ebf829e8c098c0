/**
 * The Worker a cold start loads: the gzip size of the bundle `wrangler deploy` uploads, what it is
 * made of (the largest packages and app folders, from the esbuild metafile Remix's server build
 * writes), and the budget it must stay under (issue 59: it had grown to 1.21 MB gzipped in one turn).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Bytes, gzipped. Cloudflare's limit is 3 MB (Free) or 10 MB (Paid); this one is ours, for cold starts. */
export const bundleBudgetGzipBytes = 1_100_000;

/** A module's share of the bundle, grouped by package (node_modules) or by the app's top folders. */
function groupOf(input) {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return dependency ? dependency[1] : input.split("/").slice(0, 2).join("/");
}

export function bundleReport({ bundleFile, metafile }) {
  const code = readFileSync(bundleFile);
  const { outputs } = JSON.parse(readFileSync(metafile, "utf8"));
  const server = Object.values(outputs).sort((a, b) => b.bytes - a.bytes)[0];
  const groups = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(server.inputs)) groups.set(groupOf(input), (groups.get(groupOf(input)) ?? 0) + bytesInOutput);
  const largest = [...groups].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return { bytes: code.length, gzipBytes: gzipSync(code).length, largest };
}

export function describeBundle({ bytes, gzipBytes, largest }) {
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  return [
    `Worker bundle: ${(bytes / 1e6).toFixed(2)} MB, ${(gzipBytes / 1e6).toFixed(3)} MB gzipped (budget ${(bundleBudgetGzipBytes / 1e6).toFixed(2)} MB)`,
    "Largest parts (before wrangler's pass, minified):",
    ...largest.map(([group, size]) => `  ${group.padEnd(28)} ${kib(size)}`),
  ].join("\n");
}

/** Throws, naming what the bundle is made of, when it is over its budget. */
export function holdBundleToBudget({ projectRoot, bundleDir }) {
  const report = bundleReport({ bundleFile: path.join(bundleDir, "index.js"), metafile: path.join(projectRoot, "build", "metafile.server.json") });
  if (report.gzipBytes > bundleBudgetGzipBytes) throw new Error(`The Worker's bundle is over its budget.\n${describeBundle(report)}`);
  return report;
}
