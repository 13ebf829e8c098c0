/**
 * The generations of every kind of link, of each booking's owner links and of each attendant's link
 * and feed (app/links/generations.server.ts): one object, so a revocation is seen by the very next
 * check anywhere, where KV took up to a minute to reach another location and a stale read there
 * still accepted the links it took back.
 *
 * Each is stored under the key KV kept it under (`link-generation:{kind}` or
 * `link-generation:{kind}:{subject}`). When the object first starts it carries over whatever KV
 * holds, before it answers anything, so every link signed at a generation stored there keeps
 * working and none taken back there comes back; once carried over, KV is never read again.
 */
import type { Env } from "~/types/env";
import { keyPrefix } from "~/storage-keys";

/** Set once the generations KV held are carried over. */
const carriedOverKey = "carried-over-from-kv";

/** A generation as KV held it: the value (written with wrangler, a whole number as text), or a subject's metadata. */
function storedGeneration(value: string | null, metadata: unknown): number {
  const generation = (metadata as { generation?: unknown } | null)?.generation;
  if (typeof generation === "number" && Number.isInteger(generation) && generation >= 0) return generation;
  const text = value?.trim() ?? "";
  return /^\d+$/.test(text) ? Number(text) : 0;
}

export class LinkGenerations implements DurableObject {
  constructor(
    private readonly state: DurableObjectState,
    private readonly env: Env,
  ) {
    // Nothing is answered before KV's generations are carried over; should KV fail, the next request tries again.
    void state.blockConcurrencyWhile(() => this.carryOverFromKv());
  }

  private async carryOverFromKv(): Promise<void> {
    const storage = this.state.storage;
    if (await storage.get(carriedOverKey)) return;
    const carried: Record<string, number> = {};
    let cursor: string | undefined;
    do {
      const page = await this.env.BOOKINGS.list({ prefix: keyPrefix.linkGeneration, ...(cursor ? { cursor } : {}) });
      // A kind's own key was written with wrangler, with no metadata: its value is read.
      const read = await Promise.all(page.keys.map(async ({ name, metadata }) => [name, storedGeneration(metadata ? null : await this.env.BOOKINGS.get(name), metadata)] as const));
      for (const [name, generation] of read) if (generation > 0) carried[name] = generation;
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    const entries = Object.entries(carried);
    // The storage API takes at most 128 keys a put.
    for (let start = 0; start < entries.length; start += 128) await storage.put(Object.fromEntries(entries.slice(start, start + 128)));
    await storage.put(carriedOverKey, new Date().toISOString());
  }

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Bad request", { status: 400 });
    const body = await request.json<{ keys?: unknown; prefix?: unknown; key?: unknown; from?: unknown }>();
    switch (new URL(request.url).pathname) {
      case "/read":
        return Array.isArray(body.keys) ? Response.json(await this.read(body.keys.map(String))) : new Response("No keys", { status: 400 });
      case "/subjects":
        return typeof body.prefix === "string" && body.prefix.startsWith(keyPrefix.linkGeneration) ? Response.json(await this.subjects(body.prefix)) : new Response("No prefix", { status: 400 });
      case "/move":
        return typeof body.key === "string" && body.key.startsWith(keyPrefix.linkGeneration) ? Response.json(await this.move(body.key, typeof body.from === "number" ? body.from : undefined)) : new Response("No key", { status: 400 });
      default:
        return new Response("Unknown request", { status: 400 });
    }
  }

  private async read(keys: string[]): Promise<number[]> {
    const stored = keys.length ? await this.state.storage.get<number>(keys) : new Map<string, number>();
    return keys.map((key) => stored.get(key) ?? 0);
  }

  private async subjects(prefix: string): Promise<Record<string, number>> {
    const stored = await this.state.storage.list<number>({ prefix });
    return Object.fromEntries([...stored].map(([key, generation]) => [key.slice(prefix.length), generation]));
  }

  /** One step: read, compare with `from`, write, with no other request in between. */
  private async move(key: string, from: number | undefined): Promise<{ generation: number; moved: boolean }> {
    const [current = 0] = await this.read([key]);
    if (from !== undefined && from !== current) return { generation: current, moved: false };
    await this.state.storage.put(key, current + 1);
    return { generation: current + 1, moved: true };
  }
}
