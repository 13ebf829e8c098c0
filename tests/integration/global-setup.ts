import { execFileSync } from "node:child_process";
import { bundleDir } from "./worker";

/**
 * Builds the app and bundles the Worker exactly as `wrangler deploy` would, once per run, so
 * every integration test talks to the real deployable script.
 */
export default function setup() {
  const env = { ...process.env, NODE_ENV: "production", WRANGLER_SEND_METRICS: "false", VITE_CJS_IGNORE_WARNING: "true" };
  execFileSync("npx", ["remix", "build"], { stdio: "inherit", env });
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", bundleDir], { stdio: "ignore", env });
}
