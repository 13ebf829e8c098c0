/**
 * The import rules hold: imports that break them, planted in a small tree of their own, make
 * `npm run lint`'s dependency-cruiser run fail, naming each rule, and the imports the layers allow
 * pass (docs/architecture.md, "Layers"). Taking a rule out of `.dependency-cruiser.cjs` fails this test.
 */
import { execFile } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, "../..");

/** A tree shaped like ours: an adapter, a shape, and the places that import them. */
const plantedTree: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] }, moduleResolution: "Bundler", module: "ESNext", jsx: "react-jsx" } }),
  "app/actions/adapter.server.ts": "export const adapter = 1;\n",
  "app/actions/other.server.ts": 'import { adapter } from "~/actions/adapter.server";\nexport const other = adapter;\n',
  "app/input/shape.ts": "export const shape = 1;\n",
  "app/bookings/record/booking.ts": 'import { shape } from "~/input/shape";\nexport const booking = shape;\n',
  "app/routes/booking.tsx": 'import { adapter } from "~/actions/adapter.server";\nimport { shape } from "~/input/shape";\nexport const route = adapter + shape;\n',
  // Each import below breaks a rule.
  "app/bookings/create.server.ts": 'import { adapter } from "~/actions/adapter.server";\nexport const create = adapter;\n',
  "app/components/Form.tsx": 'import type { adapter } from "~/actions/adapter.server";\nexport type Form = typeof adapter;\n',
  "app/input/schemas.ts": 'import { booking } from "~/bookings/record/booking";\nexport const schema = booking;\n',
  "app/input/quote.ts": 'import type { Quote } from "~/quotes/quote";\nexport type Shape = Quote;\n',
  "app/quotes/quote.ts": "export interface Quote { id: string }\n",
  "app/types/services.ts": 'import type { Quote } from "~/quotes/quote";\nexport interface Services { quotes: Quote }\n',
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

let tree: string;

beforeAll(async () => {
  tree = await mkdtemp(join(tmpdir(), "import-rules-"));
  for (const [path, text] of Object.entries(plantedTree)) {
    await mkdir(dirname(join(tree, path)), { recursive: true });
    await writeFile(join(tree, path), text);
  }
});

afterAll(async () => {
  await rm(tree, { recursive: true, force: true });
});

/** dependency-cruiser over the planted tree, with the configuration `npm run lint` uses. */
async function cruise(...output: string[]): Promise<{ exitCode: number; stdout: string }> {
  const args = ["app", "--config", join(repo, ".dependency-cruiser.cjs"), ...output];
  return run(join(repo, "node_modules/.bin/depcruise"), args, { cwd: tree, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout }) => ({ exitCode: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ exitCode: error.code, stdout: error.stdout }),
  );
}

const broken = [
  "input-is-below-the-domain: app/input/quote.ts -> app/quotes/quote.ts",
  "input-is-below-the-domain: app/input/schemas.ts -> app/bookings/record/booking.ts",
  "only-routes-call-actions: app/bookings/create.server.ts -> app/actions/adapter.server.ts",
  "only-routes-call-actions: app/components/Form.tsx -> app/actions/adapter.server.ts",
  "types-know-no-domain-room: app/types/services.ts -> app/quotes/quote.ts",
];

describe("the import rules of app/actions/, app/input/ and app/types/", () => {
  it("name every planted import that breaks them, and only those", { timeout: 60_000 }, async () => {
    const { stdout } = await cruise("--output-type", "json");
    const violations: Violation[] = JSON.parse(stdout).summary.violations;
    expect(violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`).sort()).toEqual(broken);
  });

  it("fail the lint run as it prints its errors", { timeout: 60_000 }, async () => {
    const { exitCode, stdout } = await cruise();
    expect(exitCode).toBe(broken.length);
    for (const rule of ["only-routes-call-actions", "input-is-below-the-domain", "types-know-no-domain-room"]) expect(stdout).toContain(`error ${rule}:`);
  });
});
