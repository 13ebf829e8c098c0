import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emailDeadLetterQueueName, emailQueueName } from "~/mail/delivery-policy";
import { autopayDeadLetterQueueName, autopayQueueName } from "../../workers/autopay-queue";
import { ledgerOpensDeadLetterQueueName, ledgerOpensQueueName } from "../../workers/ledger-open-queue";
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

  it("move the e-mails, the autopay tries and the ledger opens that run out of tries to a dead-letter queue rather than drop them", () => {
    const toml = read("wrangler.toml");
    const local = read("scripts/lib/local-worker.mjs");
    for (const [queue, deadLetters] of [
      [emailQueueName, emailDeadLetterQueueName],
      [autopayQueueName, autopayDeadLetterQueueName],
      [ledgerOpensQueueName, ledgerOpensDeadLetterQueueName],
    ]) {
      expect(toml).toMatch(new RegExp(`^queue = "${queue}"\\n(\\w+ = \\S+\\n)*dead_letter_queue = "${deadLetters}"$`, "m"));
      expect(local).toMatch(new RegExp(`"${queue}": \\{[^}]*deadLetterQueue: "${deadLetters}" \\}`));
    }
  });
});
