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

export interface OutboxMail {
  to: { email: string };
  subject: string;
  text: string;
  html: string;
}

/** Every e-mail in the local outbox, oldest first. */
export async function outbox(worker: TestWorker): Promise<OutboxMail[]> {
  const kv = await worker.kv();
  const keys = (await kv.list({ prefix: "outbox:" })).keys.map((key) => key.name).sort();
  return Promise.all(keys.map((key) => kv.get<OutboxMail>(key, "json").then((mail) => mail!)));
}

/** Free booths per type on one date, from the public endpoint. */
export async function freeOn(worker: TestWorker, date: string): Promise<Record<string, number>> {
  const response = await worker.fetch(`/api/availability?from=${date}&to=${date}`);
  if (!response.ok) throw new Error(`availability answered ${response.status}`);
  return ((await response.json()) as { dates: Record<string, Record<string, number>> }).dates[date]!;
}
