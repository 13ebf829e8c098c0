/**
 * The one place that counts a promo code's uses. KV is eventually consistent, so fifty bookings
 * racing for a code's last use could all read the count as below its limit there; a Durable
 * Object handles one request at a time, and its storage calls within one request are not
 * interleaved with another's, so reading the count and taking a use is a single step.
 *
 * One object per code: only bookings with the same code queue behind each other. It keeps the
 * booking ids that hold a use, so claiming twice for one booking takes one use and giving it
 * back twice gives back one.
 *
 * A use is claimed by a new booking before it is stored, so it is provisional, as its booth's hold
 * is (workers/booking-holds.ts): the alarm gives it back at its deadline unless the booking's ledger
 * confirmed it first or a booking stored with it is found in KV then.
 */
import { storedWith } from "~/bookings/record/record.server";
import type { Env } from "~/types/env";
import { parseConfig } from "./load-context";
import { setAlarmBy } from "~/utils/durable-alarm";

interface UseRequest {
  bookingId: string;
  limit?: number | null;
  /** A claim's: the booking's event date, where a booking stored with the use is looked for at its deadline. */
  eventDate?: string;
}

/** A booking's use: when it was claimed (a use for good), or a new booking's, provisional until its deadline (milliseconds since the epoch). */
type StoredUse = string | { claimedAt: string; eventDate: string; provisionalUntil: number };

const usesKey = "uses";
const bookingPrefix = "booking:";
const bookingKey = (bookingId: string) => `${bookingPrefix}${bookingId}`;
/** A provisional use whose deadline passed while KV could not be read is looked at again this much later. */
const alarmRetryMs = 60_000;

const isProvisional = (use: StoredUse | undefined): use is Exclude<StoredUse, string> => typeof use === "object";

export class PromoCodeUses implements DurableObject {
  constructor(
    private readonly state: DurableObjectState,
    private readonly env: Env,
  ) {}

  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (request.method === "GET" && pathname === "/uses") return Response.json({ uses: await this.uses() });
    if (request.method !== "POST") return new Response("Unknown request", { status: 400 });
    const { bookingId, limit = null, eventDate } = await request.json<UseRequest>();
    if (!bookingId) return new Response("No booking id", { status: 400 });
    if (pathname === "/claim") {
      if (!eventDate) return new Response("No event date", { status: 400 });
      return Response.json({ claimed: await this.claim(bookingId, limit, eventDate) });
    }
    if (pathname === "/confirm") return Response.json({ confirmed: await this.confirm(bookingId, limit) });
    if (pathname === "/release") return Response.json({ released: await this.release(bookingId) });
    return new Response("Unknown request", { status: 400 });
  }

  private async uses(): Promise<number> {
    return (await this.state.storage.get<number>(usesKey)) ?? 0;
  }

  /** Takes a use for a new booking, provisional until its deadline. */
  private async claim(bookingId: string, limit: number | null, eventDate: string): Promise<boolean> {
    if (await this.state.storage.get(bookingKey(bookingId))) return true;
    const uses = await this.uses();
    if (limit !== null && uses >= limit) return false;
    const provisionalUntil = Date.now() + parseConfig(this.env).PROVISIONAL_HOLD_SECONDS * 1000;
    await this.state.storage.put({ [usesKey]: uses + 1, [bookingKey(bookingId)]: { claimedAt: new Date().toISOString(), eventDate, provisionalUntil } satisfies StoredUse });
    await setAlarmBy(this.state.storage, provisionalUntil);
    return true;
  }

  /** Makes a provisional use for good; one given back at its deadline is taken again within the limit (false when the code is used up). */
  private async confirm(bookingId: string, limit: number | null): Promise<boolean> {
    const use = await this.state.storage.get<StoredUse>(bookingKey(bookingId));
    if (use !== undefined) {
      if (isProvisional(use)) await this.state.storage.put(bookingKey(bookingId), use.claimedAt);
      return true;
    }
    const uses = await this.uses();
    if (limit !== null && uses >= limit) return false;
    await this.state.storage.put({ [usesKey]: uses + 1, [bookingKey(bookingId)]: new Date().toISOString() });
    return true;
  }

  private async release(bookingId: string): Promise<boolean> {
    if (!(await this.state.storage.delete(bookingKey(bookingId)))) return false;
    await this.state.storage.put(usesKey, (await this.uses()) - 1);
    return true;
  }

  /** Gives back each provisional use whose deadline has passed, unless a stored booking took it; then waits for the next deadline. */
  async alarm(): Promise<void> {
    const now = Date.now();
    let next = Infinity;
    for (const [key, use] of await this.state.storage.list<StoredUse>({ prefix: bookingPrefix })) {
      if (!isProvisional(use)) continue;
      if (use.provisionalUntil > now) {
        next = Math.min(next, use.provisionalUntil);
        continue;
      }
      const bookingId = key.slice(bookingPrefix.length);
      try {
        const booked = await storedWith(this.env.BOOKINGS, use.eventDate, bookingId);
        // Other requests came in while KV was read: a use confirmed or given back meanwhile stays as they left it.
        if (!isProvisional(await this.state.storage.get<StoredUse>(key))) continue;
        if (booked) await this.state.storage.put(key, use.claimedAt);
        else await this.release(bookingId);
      } catch (error) {
        console.error(`Promo code uses: the provisional use ${bookingId} is looked at again later:`, error);
        next = Math.min(next, now + alarmRetryMs);
      }
    }
    if (next < Infinity) await setAlarmBy(this.state.storage, next);
  }
}
