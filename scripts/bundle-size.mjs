#!/usr/bin/env node
/**
 * Builds the Worker as it would be deployed and says how big it is and what it is made of; exits
 * non-zero over the budget, as every build of the Worker does (scripts/lib/local-worker.mjs).
 *
 *   npm run bundle-size
 */
import { describeBundle } from "./lib/bundle-budget.mjs";
import { buildWorker } from "./lib/local-worker.mjs";

try {
  console.log(describeBundle(buildWorker({ quiet: true })));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
