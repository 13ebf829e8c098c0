import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./tests/integration/longest-first";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          // Plain functions: each file in a fresh module graph took 49 s of a CI run's wall time, one
          // graph per worker 13 s. A test that stubs a global or the environment restores it after.
          isolate: false,
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          // Each file starts its own Workers in workerd; the test code around them needs no fresh module
          // graph. Isolated, the files' imports took 75 s of a CI run (10 s now), and the suite 563 s of
          // wall time there (458 and 540 s in two runs here since, 478 and 494 s in two clean-clone CI runs).
          isolate: false,
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "conformance",
          environment: "node",
          include: ["tests/conformance/**/*.test.ts"],
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
