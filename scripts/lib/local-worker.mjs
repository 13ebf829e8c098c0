/**
 * Builds the app, bundles the Worker as `wrangler deploy` would, and runs it in workerd
 * (miniflare) with in-memory KV and R2 and the static assets in front. Shared by the
 * integration tests, the load test and the benchmark.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
export const bundleDir = path.join(projectRoot, "build", "worker");

const quietEnv = {
  ...process.env,
  NODE_ENV: "production",
  WRANGLER_SEND_METRICS: "false",
  VITE_CJS_IGNORE_WARNING: "true",
};

export function buildWorker({ quiet = false } = {}) {
  execFileSync("npx", ["remix", "build"], { cwd: projectRoot, stdio: quiet ? "ignore" : "inherit", env: quietEnv });
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", bundleDir], {
    cwd: projectRoot,
    stdio: "ignore",
    env: quietEnv,
  });
}

/**
 * @param {{ vars?: Record<string, string>, outboundService?: unknown, assetsDirectory?: string, port?: number }} options
 */
export function createLocalWorker({ vars = {}, outboundService, assetsDirectory, port } = {}) {
  return new Miniflare({
    modules: [{ type: "ESModule", path: path.join(bundleDir, "index.js") }],
    modulesRoot: bundleDir,
    compatibilityDate: "2025-09-01",
    kvNamespaces: ["BOOKINGS"],
    r2Buckets: ["INVOICES"],
    durableObjects: { INVOICE_NUMBERS: { className: "InvoiceNumberClaims", useSQLite: true } },
    bindings: vars,
    assets: {
      directory: assetsDirectory ?? path.join(projectRoot, "public"),
      routerConfig: { has_user_worker: true },
    },
    outboundService,
    ...(port === undefined ? {} : { host: "127.0.0.1", port }),
  });
}
