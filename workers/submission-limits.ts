/**
 * The one place that counts a visitor's submissions (app/rate-limit.server.ts). Counted in KV, ten
 * requests sent at once all read the count before any wrote it, and all went through; a Durable
 * Object handles one request at a time, and its storage calls within one request are not
 * interleaved with another's, so reading a count and adding one is a single step. Cloudflare's
 * rate limiting binding would count per location and only over 10 or 60 seconds, where the site's
 * spans are 10 minutes, an hour and a day (docs/product-decisions.md, "Bad input").
 *
 * A limit is "at most `max` in any `spanMs`" (docs/product-decisions.md, "Links and what each may
 * do"): each count keeps the times of its last takes, and a take is refused while `max` of them
 * fall within the span before it. Counted in windows of the clock instead, "once an hour" let two
 * through at 08:50 and 09:00. One request may check several limits (one booking's link: an hour's
 * and a day's), taken together or not at all, so a refusal by one spends nothing of another.
 *
 * One object per visitor (an IPv4 address or an IPv6 /64, an e-mail address, a booking): only one
 * visitor's requests queue behind each other, and an object never holds more than a few times per
 * form. Each count is kept until its last take leaves its span; then the alarm forgets it, and an
 * object with nothing left stores nothing.
 */
import type { SpanLimit } from "~/rate-limit.server";
import { setAlarmBy } from "~/utils/durable-alarm";

interface TakeRequest {
  /** When the take is made, milliseconds since the epoch: the caller's clock (a test's, in tests). */
  at: number;
  limits: SpanLimit[];
}

/** A form's count: the times of its last takes, oldest first, and when the newest leaves its span. */
interface Count {
  takes: number[];
  until: number;
}

/**
 * A count as the fixed-window code stored it (before issue 57): `used` takes in the window of the
 * clock that ends at `windowEnd`, its length not kept.
 */
interface WindowCount {
  windowEnd: number;
  used: number;
}

const countPrefix = "form:";
const dayMs = 24 * 3_600_000;

/**
 * A stored count, either shape. A window's takes are read as made at its last moment, the latest
 * they can have been, so no limit lets a take through sooner after the deploy than it promises
 * (at worst one window later than it would have), and kept for a day, the longest span of the
 * site's limits.
 */
export function countOf(stored: Count | WindowCount | undefined): Count {
  if (!stored) return { takes: [], until: 0 };
  if ("takes" in stored) return stored;
  const last = stored.windowEnd - 1;
  return { takes: Array<number>(stored.used).fill(last), until: last + dayMs };
}

/** The counts after a take at `at` under `limits`, or null when one of them has had its `max` in its span. */
export function taken(counts: Count[], at: number, limits: SpanLimit[]): Count[] | null {
  const full = limits.some((limit, i) => counts[i]!.takes.filter((time) => time > at - limit.spanMs).length >= limit.max);
  if (full) return null;
  return limits.map((limit, i) => {
    // Only the last `max` takes within the span can ever refuse one.
    const takes = [...counts[i]!.takes.filter((time) => time > at - limit.spanMs), at].sort((a, b) => a - b).slice(-limit.max);
    return { takes, until: takes.at(-1)! + limit.spanMs };
  });
}

function validLimit(limit: SpanLimit): boolean {
  return Boolean(limit?.form) && Number.isSafeInteger(limit.max) && limit.max > 0 && Number.isSafeInteger(limit.spanMs) && limit.spanMs > 0;
}

export class SubmissionLimits implements DurableObject {
  constructor(private readonly state: DurableObjectState) {}

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST" || new URL(request.url).pathname !== "/take") return new Response("Unknown request", { status: 400 });
    const { at, limits } = await request.json<TakeRequest>();
    if (!Number.isSafeInteger(at) || !Array.isArray(limits) || !limits.length || !limits.every(validLimit)) return new Response("No time or limits", { status: 400 });
    return Response.json({ taken: await this.take(at, limits) });
  }

  private async take(at: number, limits: SpanLimit[]): Promise<boolean> {
    const keys = limits.map((limit) => `${countPrefix}${limit.form}`);
    const stored = await this.state.storage.get<Count | WindowCount>(keys);
    const counts = taken(
      keys.map((key) => countOf(stored.get(key))),
      at,
      limits,
    );
    if (!counts) return false;
    await this.state.storage.put(Object.fromEntries(keys.map((key, i) => [key, counts[i]!])));
    await setAlarmBy(this.state.storage, Math.min(...counts.map((count) => count.until)));
    return true;
  }

  /** Forgets the counts whose takes have all left their span; then waits for the next one to. */
  async alarm(): Promise<void> {
    const counts = [...(await this.state.storage.list<Count | WindowCount>({ prefix: countPrefix }))].map(([key, stored]) => [key, countOf(stored)] as const);
    const now = Date.now();
    const running = counts.filter(([, count]) => count.until > now);
    if (!running.length) {
      await this.state.storage.deleteAll();
      return;
    }
    await this.state.storage.delete(counts.filter(([, count]) => count.until <= now).map(([key]) => key));
    await this.state.storage.setAlarm(Math.min(...running.map(([, count]) => count.until)));
  }
}
