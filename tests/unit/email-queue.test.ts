import { describe, expect, it } from "vitest";
import type { MailMessage } from "~/mail/message";
import { handleEmailQueue } from "../../workers/email-queue";
import { parseConfig } from "../../workers/load-context";
import { buildServices } from "../../workers/services";
import { fakeEnv } from "../support/fake-env";

const recordKey = "quote:2026-11-24T01:00:00.000Z:abcd1234";

/**
 * KV holding one record, each call taking a turn of the event loop as a real one takes a round
 * trip. It counts the times the record was read for an update while another update of it was
 * still between its read and its write: with no compare-and-swap, one of the two can be lost.
 */
function recordKv() {
  const store = new Map<string, { value: string; metadata?: unknown }>([[recordKey, { value: JSON.stringify({ kind: "quote", emailDelivery: {} }), metadata: { summary: "Jane" } }]]);
  const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
  const read = (key: string, type?: string) => {
    const value = store.get(key)?.value;
    return value === undefined ? null : type === "json" ? JSON.parse(value) : value;
  };
  let updating = 0;
  let overlaps = 0;
  const kv = {
    get: async (key: string, type?: string) => (await turn(), read(key, type)),
    getWithMetadata: async (key: string, type?: string) => {
      await turn();
      if (key === recordKey && updating++ > 0) overlaps++;
      return { value: read(key, type), metadata: store.get(key)?.metadata ?? null };
    },
    put: async (key: string, value: string, options?: { metadata?: unknown }) => {
      await turn();
      store.set(key, { value, metadata: options?.metadata });
      if (key === recordKey) updating = Math.max(0, updating - 1);
    },
  };
  return { kv, overlaps: () => overlaps, record: () => read(recordKey, "json") as { emailDelivery: Record<string, { status: string }> } };
}

function message(name: string) {
  const body: MailMessage = {
    id: `${recordKey}#${name}`,
    recordKey,
    name,
    mail: { to: { email: `${name}@example.com` }, replyTo: { email: "jane@example.com" }, subject: `To the ${name}`, text: "Hello", html: "<p>Hello</p>" },
  };
  const settled: string[] = [];
  return { body, attempts: 1, ack: () => settled.push("ack"), retry: () => settled.push("retry"), settled, id: body.id, timestamp: new Date() };
}

/** The consumer's services as the Worker builds them, over this KV. */
function services(kv: unknown) {
  const env = fakeEnv({ BOOKINGS: kv });
  return buildServices(env, parseConfig(env));
}

describe("the e-mail queue's consumer", () => {
  it("records both e-mails of one record from one batch, one update after the other", async () => {
    const { kv, overlaps, record } = recordKv();
    const messages = [message("owner"), message("visitor")];
    const batch = { queue: "photobooth-email", messages } as unknown as MessageBatch<MailMessage>;

    await handleEmailQueue(batch, services(kv));

    expect(overlaps()).toBe(0);
    expect(record().emailDelivery).toMatchObject({ owner: { status: "outbox" }, visitor: { status: "outbox" } });
    expect(messages.map((each) => each.settled)).toEqual([["ack"], ["ack"]]);
  });
});
