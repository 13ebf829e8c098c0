import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emailRetryDelaysSeconds } from "~/config.server";
import { emailDeadLetterQueueName, emailMaxRetries, emailQueueName, retryDelaySeconds } from "~/mail/delivery-policy";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

describe("the e-mail queue's settings", () => {
  it("try at least five times over at least an hour, the first retry within two minutes", () => {
    expect(emailMaxRetries + 1).toBeGreaterThanOrEqual(5);
    expect(emailRetryDelaysSeconds.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThanOrEqual(3600);
    expect(emailRetryDelaysSeconds[0]).toBeLessThanOrEqual(120);
    expect([...emailRetryDelaysSeconds]).toEqual([...emailRetryDelaysSeconds].sort((a, b) => a - b));
  });

  it("are the same in wrangler.toml, the local Worker of the tests and the app", () => {
    const toml = read("wrangler.toml");
    expect(toml).toContain(`queue = "${emailQueueName}"`);
    expect(toml).toContain(`dead_letter_queue = "${emailDeadLetterQueueName}"`);
    expect(toml).toContain(`max_retries = ${emailMaxRetries}\n`);
    const local = read("scripts/lib/local-worker.mjs");
    expect(local).toContain(`maxRetries: ${emailMaxRetries},`);
    expect(local).toContain(`deadLetterQueue: "${emailDeadLetterQueueName}"`);
  });

  it("wait longer after each failed try and keep the last wait for any try beyond the list", () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelaySeconds([60, 300, 900], attempt))).toEqual([60, 300, 900, 900, 900, 900]);
  });
});
