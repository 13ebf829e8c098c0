/**
 * The one place that counts a promo code's uses. KV is eventually consistent, so fifty bookings
 * racing for a code's last use could all read the count as below its limit there; a Durable
 * Object handles one request at a time, and its storage calls within one request are not
 * interleaved with another's, so reading the count and taking a use is a single step.
 *
 * One object per code: only bookings with the same code queue behind each other. It keeps the
 * booking ids that hold a use, so claiming twice for one booking takes one use and giving it
 * back twice gives back one.
 */
interface UseRequest {
  bookingId: string;
  limit?: number | null;
}

const usesKey = "uses";
const bookingKey = (bookingId: string) => `booking:${bookingId}`;

export class PromoCodeUses implements DurableObject {
  constructor(private readonly state: DurableObjectState) {}

  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (request.method === "GET" && pathname === "/uses") return Response.json({ uses: await this.uses() });
    if (request.method !== "POST") return new Response("Unknown request", { status: 400 });
    const { bookingId, limit = null } = await request.json<UseRequest>();
    if (!bookingId) return new Response("No booking id", { status: 400 });
    if (pathname === "/claim") return Response.json({ claimed: await this.claim(bookingId, limit) });
    if (pathname === "/release") return Response.json({ released: await this.release(bookingId) });
    return new Response("Unknown request", { status: 400 });
  }

  private async uses(): Promise<number> {
    return (await this.state.storage.get<number>(usesKey)) ?? 0;
  }

  private async claim(bookingId: string, limit: number | null): Promise<boolean> {
    if (await this.state.storage.get(bookingKey(bookingId))) return true;
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
}
