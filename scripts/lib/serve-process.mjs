/**
 * Starts scripts/serve.mjs in a process group of its own, the way a script serves the site it
 * measures (the audit, the benchmark), and waits until it answers. Stopping it stops workerd too.
 */
import { spawn } from "node:child_process";
import { projectRoot } from "./local-worker.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ port: number, persistTo: string, vars?: Record<string, string>, build?: boolean }} options
 * @returns {Promise<{ origin: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function serveSite({ port, persistTo, vars = {}, build = true }) {
  const args = ["scripts/serve.mjs", "--quiet", "--fresh", "--port", String(port), "--persist-to", persistTo, ...(build ? [] : ["--no-build"])];
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const server = spawn(process.execPath, args, {
    cwd: projectRoot,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", VITE_CJS_IGNORE_WARNING: "true" },
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  let exited = false;
  const exit = new Promise((resolve) => server.on("exit", () => resolve((exited = true))));
  const signal = (name) => {
    try {
      process.kill(-server.pid, name);
    } catch {
      // already gone
    }
  };
  process.on("exit", () => signal("SIGKILL"));
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; !(await fetch(`${origin}/favicon.svg`).then((response) => response.ok, () => false)); tries++) {
    if (exited || tries > 480) {
      signal("SIGKILL");
      throw new Error(`The local server did not start:\n${output}`);
    }
    await sleep(250);
  }
  return {
    origin,
    output: () => output,
    async stop() {
      if (!exited) signal("SIGTERM");
      await Promise.race([exit, sleep(10_000)]);
      if (!exited) signal("SIGKILL");
    },
  };
}
