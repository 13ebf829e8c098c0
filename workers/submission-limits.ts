/**
 * The one place that counts a visitor's submissions (app/rate-limit.server.ts). Counted in KV, ten
 * requests sent at once all read the count before any wrote it, and all went through; a Durable
 * Object handles one request at a time, and its storage calls within one request are not
 * interleaved with another's, so reading a count and adding one is a single step. Cloudflare's
 * rate limiting binding would count per location and only over 10 or 60 seconds, where the site's
 * window is 10 minutes (docs/product-decisions.md, "Bad input").
 *
 * One object per visitor (an IPv4 address or an IPv6 /64): only one visitor's requests queue
 * behind each other, and an object never holds more than a count per form. Each count is kept until
 * its window ends; then the alarm forgets it, and an object with nothing left stores nothing.
 */
import { setAlarmBy } from "~/utils/durable-alarm";

interface TakeRequest {
  form: string;
  /** When the window being counted ends, milliseconds since the epoch. */
  windowEnd: number;
  max: number;
}

interface Count {
  windowEnd: number;
  used: number;
}

const countPrefix = "form:";

export class SubmissionLimits implements DurableObject {
  constructor(private readonly state: DurableObjectState) {}

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST" || new URL(request.url).pathname !== "/take") return new Response("Unknown request", { status: 400 });
    const { form, windowEnd, max } = await request.json<TakeRequest>();
    if (!form || !Number.isSafeInteger(windowEnd) || !Number.isSafeInteger(max)) return new Response("No form, window or limit", { status: 400 });
    return Response.json({ taken: await this.take(form, windowEnd, max) });
  }

  private async take(form: string, windowEnd: number, max: number): Promise<boolean> {
    const key = `${countPrefix}${form}`;
    const count = await this.state.storage.get<Count>(key);
    // A count from an earlier window is over: this window starts from nothing.
    const used = count?.windowEnd === windowEnd ? count.used : 0;
    if (used >= max) return false;
    await this.state.storage.put(key, { windowEnd, used: used + 1 } satisfies Count);
    await setAlarmBy(this.state.storage, windowEnd);
    return true;
  }

  /** Forgets the counts whose window has ended; then waits for the next one to end. */
  async alarm(): Promise<void> {
    const counts = [...(await this.state.storage.list<Count>({ prefix: countPrefix }))];
    const now = Date.now();
    const running = counts.filter(([, count]) => count.windowEnd > now);
    if (!running.length) {
      await this.state.storage.deleteAll();
      return;
    }
    await this.state.storage.delete(counts.filter(([, count]) => count.windowEnd <= now).map(([key]) => key));
    await this.state.storage.setAlarm(Math.min(...running.map(([, count]) => count.windowEnd)));
  }
}
