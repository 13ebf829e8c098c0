import { expect } from "vitest";
import type { EmailDelivery } from "~/mail/deliveries.server";
import type { Mail } from "~/mail/message";
import type { TestWorker } from "./worker";

type ListedKey = { name: string; metadata?: unknown };

async function listAll(worker: TestWorker, prefix?: string): Promise<ListedKey[]> {
  const kv = await worker.kv();
  const listed: ListedKey[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix, cursor });
    listed.push(...page.keys);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return listed;
}

/** An outbox e-mail's id, `{recordKey}#{name}`. */
const messageIdOf = (key: ListedKey) => (key.metadata as { messageId?: string } | undefined)?.messageId ?? "";

/** Every key stored in KV and R2. */
export async function storedKeys(worker: TestWorker): Promise<string[]> {
  const names = (await listAll(worker)).map((key) => key.name);
  const objects = (await worker.r2Keys()).map((key) => `r2:${key}`);
  return [...names, ...objects].sort();
}

/** When the record asked for the outbox e-mail to be sent, from the record's `emailDelivery`. */
async function queuedAtOf(worker: TestWorker, outboxKey: ListedKey): Promise<number> {
  const [recordKey, name] = messageIdOf(outboxKey).split("#");
  const record = await (await worker.kv()).get<WithDelivery>(recordKey!, "json");
  return Date.parse(record?.emailDelivery[name!]?.queuedAt ?? "");
}

/**
 * Waits until every stored booking's ledger has done what follows its answer (its PDF, then its
 * first e-mails marked on the record), so that nothing an earlier booking does later is taken for
 * something `action` stored.
 */
export async function bookingsSettled(worker: TestWorker, only?: (key: string) => boolean): Promise<void> {
  const bookings = (await listAll(worker, "booking:")).map((key) => key.name).filter((key) => !only || only(key));
  if (!bookings.length) return;
  await expect
    .poll(async () => {
      const records = await Promise.all(bookings.map((key) => getJson<WithDelivery>(worker, key).catch(() => null)));
      return records.every((record) => !record || Object.keys(record.emailDelivery ?? {}).length > 0);
    }, { timeout: 20_000 })
    .toBe(true);
}

/**
 * The keys that appeared while `action` ran, and what follows its answer. An e-mail queued before it
 * began is left out: the queue may deliver an earlier request's e-mails to the outbox at any moment.
 */
export async function newKeys(worker: TestWorker, action: () => Promise<unknown>): Promise<string[]> {
  await bookingsSettled(worker);
  const startedAt = Date.now();
  const before = new Set(await storedKeys(worker));
  await action();
  // A booking the action made has stored its PDF and marked its e-mails by then, as it will.
  await bookingsSettled(worker, (key) => !before.has(key));
  const newOutbox = (await listAll(worker, "outbox:")).filter((key) => !before.has(key.name));
  const queuedBefore = await Promise.all(newOutbox.map(async (key) => ((await queuedAtOf(worker, key)) <= startedAt ? [key.name] : [])));
  const earlierMail = new Set(queuedBefore.flat());
  return (await storedKeys(worker)).filter((key) => !before.has(key) && !earlierMail.has(key));
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
  const keys = await listAll(worker, "outbox:");
  const ours = keys.filter((key) => messageIdOf(key).startsWith(`${recordKey}#`));
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
