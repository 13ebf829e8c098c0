import { buildWorker } from "../../scripts/lib/local-worker.mjs";

/** Builds and bundles the Worker once per run, so every integration test talks to the real deployable script. */
export default function setup() {
  buildWorker();
}
