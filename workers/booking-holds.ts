/**
 * The one place that decides whether a booth is free on a date. KV is eventually consistent
 * across edge locations, so two bookings racing for the last booth could both see it free there;
 * a Durable Object handles its requests one at a time and its storage calls within one request
 * are not interleaved with another's, so counting the holds and taking one is a single step.
 *
 * One object per month of event dates (`YYYY-MM`): a booking only ever touches its own date, a
 * month is what the calendar shows, and a month's holds (at most a few hundred keys) stay small;
 * unrelated months never queue behind each other. The owner's blocks live in KV and are passed in
 * with each request (eventual consistency is acceptable for what the owner writes by hand).
 */
import { freeBooths, type DayBlocks } from "~/bookings/holds/fleet";
import type { HeldCounts, HoldAnswer, HoldRequest, ReleaseRequest } from "~/bookings/holds/holds.server";
import { boothTypes, type BoothType } from "~/pricing";

export class BookingHolds implements DurableObject {
  constructor(private readonly state: DurableObjectState) {}

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/hold") return Response.json(await this.hold(await request.json<HoldRequest>()));
    if (request.method === "POST" && url.pathname === "/release") return Response.json(await this.release(await request.json<ReleaseRequest>()));
    if (request.method === "GET" && url.pathname === "/held") {
      return Response.json(await this.held(url.searchParams.get("from") ?? "", url.searchParams.get("to") ?? ""));
    }
    return new Response("Unknown request", { status: 400 });
  }

  /** Holds per booth type on each date from `from` to `to` (inclusive) that has any. */
  private async held(from: string, to: string): Promise<HeldCounts> {
    const counts: HeldCounts = {};
    // Keys are `{date}:{holdId}`, so a key range is a date range ("~" sorts after every id).
    const entries = await this.state.storage.list<BoothType>({ start: from, end: `${to}~` });
    for (const [key, boothType] of entries) {
      const date = key.slice(0, 10);
      const day = (counts[date] ??= {});
      day[boothType] = (day[boothType] ?? 0) + 1;
    }
    return counts;
  }

  private async hold({ eventDate, boothType, holdId, blocks }: HoldRequest): Promise<HoldAnswer> {
    if (!boothTypes.includes(boothType)) throw new Error(`Unknown booth type ${boothType}`);
    const free = freeBooths((await this.held(eventDate, eventDate))[eventDate] ?? {}, blocks satisfies DayBlocks);
    if (free[boothType] < 1) return { held: false, free };
    await this.state.storage.put(`${eventDate}:${holdId}`, boothType);
    return { held: true, free: { ...free, [boothType]: free[boothType] - 1 } };
  }

  private async release({ eventDate, holdId }: ReleaseRequest): Promise<{ released: boolean }> {
    return { released: await this.state.storage.delete(`${eventDate}:${holdId}`) };
  }
}
