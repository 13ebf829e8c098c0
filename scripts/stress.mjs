#!/usr/bin/env node
/**
 * Runs a test suite several times in a row while busy loops keep every CPU core at full load,
 * and reports how long each run took. A suite that passes here does not depend on the machine
 * being fast or idle: tests that wait on wall-clock luck fail under this load.
 *
 *   npm run test:e2e:stress                 the end-to-end suite, 3 runs, one busy loop per core
 *   npm run test:integration:stress         the integration suite (Worker in miniflare), 3 runs
 *   STRESS_RUNS=1 npm run test:e2e:stress
 */
import { spawn } from "node:child_process";
import os from "node:os";
import { Worker } from "node:worker_threads";

const suites = {
  e2e: { command: ["npx", "playwright", "test"], needs: [["node", "scripts/find-chromium.mjs", "--install"]] },
  // The integration suite builds its Worker itself (tests/integration/global-setup.ts).
  integration: { command: ["npx", "vitest", "run", "--project", "integration"], needs: [] },
};
const name = process.argv[2] ?? "e2e";
const suite = suites[name];
if (!suite) {
  console.error(`Unknown suite "${name}": one of ${Object.keys(suites).join(", ")}`);
  process.exit(2);
}
const runs = Number(process.env.STRESS_RUNS ?? 3);
const cores = os.availableParallelism();

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, CI: process.env.CI ?? "1" } });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

for (const [command, ...args] of suite.needs) if ((await run(command, args)) !== 0) process.exit(1);

// One thread per core spinning until the runs are over: the machine the tests see is saturated.
const load = Array.from({ length: cores }, () => new Worker("for (;;) {}", { eval: true }));
console.log(`Keeping ${cores} cores busy; running the ${name} suite ${runs} times.`);

const results = [];
for (let i = 1; i <= runs; i++) {
  const started = Date.now();
  const code = await run(suite.command[0], suite.command.slice(1));
  results.push({ run: i, passed: code === 0, minutes: Number(((Date.now() - started) / 60_000).toFixed(1)) });
  console.log(`run ${i}: ${code === 0 ? "passed" : "FAILED"} in ${results.at(-1).minutes} min`);
}
await Promise.all(load.map((worker) => worker.terminate()));

console.table(results);
const failed = results.filter((result) => !result.passed).length;
console.log(failed ? `${name} stress: ${failed} of ${runs} runs failed` : `${name} stress: all ${runs} runs passed under full CPU load`);
process.exit(failed ? 1 : 0);
