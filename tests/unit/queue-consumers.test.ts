import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { queueConsumers } from "../../workers/queue-consumers";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

/** The queues wrangler.toml has this Worker consume, in its order. */
const consumedInToml = () => [...read("wrangler.toml").matchAll(/^\[\[queues\.consumers\]\]\nqueue = "([^"]+)"$/gm)].map((match) => match[1]!);

describe("the Worker's queue consumers", () => {
  it("handle exactly the queues wrangler.toml and the local Worker of the tests have it consume", () => {
    const table = Object.keys(queueConsumers).sort();
    expect(consumedInToml().sort()).toEqual(table);
    const local = read("scripts/lib/local-worker.mjs");
    for (const name of table) expect(local).toMatch(new RegExp(`^\\s+"${name}": \\{ maxBatchSize`, "m"));
  });
});
