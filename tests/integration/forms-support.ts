import { expect } from "vitest";
import type { EmailDelivery } from "~/mail/deliveries.server";
import type { Mail } from "~/mail/send.server";
import type { TestWorker } from "./worker";

/** Every stored key except the rate limiter's counters. */
export async function storedKeys(worker: TestWorker): Promise<string[]> {
  const kv = await worker.kv();
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list({ cursor });
    names.push(...page.keys.map((key) => key.name).filter((name) => !name.startsWith("ratelimit:")));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  const r2 = await worker.r2();
  const objects = (await r2.list()).objects.map((object) => `r2:${object.key}`);
  return [...names, ...objects].sort();
}

/** The keys that appeared while `action` ran. */
export async function newKeys(worker: TestWorker, action: () => Promise<unknown>): Promise<string[]> {
  const before = new Set(await storedKeys(worker));
  await action();
  return (await storedKeys(worker)).filter((key) => !before.has(key));
}

export function postJson(worker: TestWorker, path: string, body: unknown, headers: Record<string, string> = {}) {
  return worker.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function postForm(worker: TestWorker, path: string, fields: Record<string, string | number>) {
  const body = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));
  return worker.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
    redirect: "manual",
  });
}

export async function getJson<T>(worker: TestWorker, key: string): Promise<T> {
  const value = await (await worker.kv()).get<T>(key, "json");
  if (value === null) throw new Error(`No KV value at ${key}`);
  return value;
}

/** A stored record with its e-mails' state. */
export type WithDelivery<T = Record<string, unknown>> = T & { emailDelivery: EmailDelivery };

const settled = new Set(["sent", "outbox", "failed"]);

/** Waits until the e-mail queue has finished with every e-mail of the record (sent, in the outbox, or failed for good). */
export async function settledRecord<T = Record<string, unknown>>(worker: TestWorker, key: string): Promise<WithDelivery<T>> {
  await expect
    .poll(async () => {
      const deliveries = Object.values((await getJson<WithDelivery>(worker, key)).emailDelivery);
      return deliveries.length > 0 && deliveries.every((delivery) => settled.has(delivery.status));
    }, { timeout: 20_000 })
    .toBe(true);
  return getJson<WithDelivery<T>>(worker, key);
}

export type OutboxMail = Mail & { messageId: string };

/** The e-mails the queue wrote to the outbox for one record. */
export async function outboxMailsOf(worker: TestWorker, recordKey: string): Promise<OutboxMail[]> {
  const kv = await worker.kv();
  const { keys } = await kv.list<{ messageId: string }>({ prefix: "outbox:" });
  const ours = keys.filter((key) => key.metadata?.messageId.startsWith(`${recordKey}#`));
  return Promise.all(ours.map((key) => getJson<OutboxMail>(worker, key.name)));
}

/** The one-line summary in a key's metadata. */
export async function summaryOf(worker: TestWorker, key: string): Promise<string | undefined> {
  const { keys } = await (await worker.kv()).list({ prefix: key });
  return (keys.find((listed) => listed.name === key)?.metadata as { summary?: string } | undefined)?.summary;
}

/** A record's e-mails once the queue has finished with all of them: they reach the outbox after the answer. */
export async function settledMailsOf(worker: TestWorker, recordKey: string): Promise<OutboxMail[]> {
  await settledRecord(worker, recordKey);
  return outboxMailsOf(worker, recordKey);
}

/** Free booths per type on one date, from the public endpoint. */
export async function freeOn(worker: TestWorker, date: string): Promise<Record<string, number>> {
  const response = await worker.fetch(`/api/availability?from=${date}&to=${date}`);
  if (!response.ok) throw new Error(`availability answered ${response.status}`);
  return ((await response.json()) as { dates: Record<string, Record<string, number>> }).dates[date]!;
}
