/**
 * The one place that decides whether a booth, and the stocked add-ons and backdrop held with it,
 * are free on a date. KV is eventually consistent
 * across edge locations, so two bookings racing for the last booth could both see it free there;
 * a Durable Object handles its requests one at a time and its storage calls within one request
 * are not interleaved with another's, so counting the holds and taking one is a single step. A hold is one key holding the booth
 * and its items together, so they are taken and released as one (a change of a booking's extras takes a new hold
 * replacing its old one, then releases the old). A new booking from a quote takes the quote in the
 * same step (a `quote:{id}` key naming its hold), so two presses of one quote cannot both book and
 * the press waits on no other object first (docs/speed.md, issue 59).
 *
 * One object per month of event dates (`YYYY-MM`): a booking only ever touches its own date, a
 * month is what the calendar shows, and a month's holds (at most a few hundred keys) stay small;
 * unrelated months never queue behind each other. The owner's blocks live in KV and are passed in
 * with each request (eventual consistency is acceptable for what the owner writes by hand).
 *
 * A new booking's hold is provisional: the request takes it before the booking is stored, and a
 * Worker can stop at any moment, so the hold carries a deadline and the object's alarm gives back
 * each one still provisional then, unless a booking stored with it is found in KV (the request
 * stopped after storing it, or could not reach its ledger). The ledger confirms it right after
 * the booking reaches it (docs/product-decisions.md, "What the books must always say").
 */
import { noBlocks } from "~/bookings/holds/fleet";
import type { ConfirmRequest, HeldCounts, HoldAnswer, HoldRequest, ReleaseRequest } from "~/bookings/holds/holds.server";
import { countHolds, dayAvailability, goneItems, readHold, type DayHeld, type StoredHold } from "~/bookings/holds/stock";
import { storedWith } from "~/bookings/record/record.server";
import { stockedItems, type StockItem } from "~/prices/extras";
import { boothTypes } from "~/pricing";
import type { Env } from "~/types/env";
import { parseConfig } from "./load-context";
import { setAlarmBy } from "~/utils/durable-alarm";

/** The items asked for, refused outright when one is not a stocked item or comes twice (a caller's mistake, not a visitor's). */
function checkedItems(items: readonly StockItem[] = []): StockItem[] {
  if (items.some((item) => !stockedItems.includes(item)) || new Set(items).size !== items.length) throw new Error(`Unknown or repeated items ${items.join(", ")}`);
  return [...items];
}

/** What a hold request is answered: what is left that day, after the hold when it was taken. */
function answer(held: boolean, day: DayHeld, blocks: HoldRequest["blocks"], gone: StockItem[] = []): HoldAnswer {
  const { booths, items } = dayAvailability(day, blocks);
  return { held, free: booths, itemsLeft: items, gone };
}

/** Where the holds keep the hold that took a quote (its id), beside the holds' `{date}:{holdId}` keys. */
const quoteKey = (quote: string) => `quote:${quote}`;

/** A provisional hold whose deadline passed while KV could not be read is looked at again this much later. */
const alarmRetryMs = 60_000;

const isProvisional = (stored: StoredHold | undefined): stored is Exclude<StoredHold, string> & { provisionalUntil: number } =>
  typeof stored === "object" && stored.provisionalUntil !== undefined;

/** The hold kept for good: its booth and items, no deadline. */
function forGood(stored: StoredHold): StoredHold {
  const { booth, items } = readHold(stored);
  return { booth, items };
}

export class BookingHolds implements DurableObject {
  constructor(
    private readonly state: DurableObjectState,
    private readonly env: Env,
  ) {}

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/hold") return Response.json(await this.hold(await request.json<HoldRequest>()));
    if (request.method === "POST" && url.pathname === "/release") return Response.json(await this.release(await request.json<ReleaseRequest>()));
    if (request.method === "POST" && url.pathname === "/confirm") return Response.json({ confirmed: await this.confirm(await request.json<ConfirmRequest>()) });
    if (request.method === "GET" && url.pathname === "/held") {
      return Response.json(await this.held(url.searchParams.get("from") ?? "", url.searchParams.get("to") ?? ""));
    }
    return new Response("Unknown request", { status: 400 });
  }

  /** The stored holds on each date from `from` to `to` (inclusive), by key. */
  private async holds(from: string, to: string): Promise<Map<string, StoredHold>> {
    // Keys are `{date}:{holdId}`, so a key range is a date range ("~" sorts after every id).
    return this.state.storage.list<StoredHold>({ start: from, end: `${to}~` });
  }

  /** What the holds take on each date from `from` to `to` (inclusive) that has any. */
  private async held(from: string, to: string): Promise<HeldCounts> {
    const byDate = new Map<string, StoredHold[]>();
    for (const [key, stored] of await this.holds(from, to)) {
      const date = key.slice(0, 10);
      const holds = byDate.get(date);
      if (holds) holds.push(stored);
      else byDate.set(date, [stored]);
    }
    return Object.fromEntries([...byDate].map(([date, holds]) => [date, countHolds(holds)]));
  }

  /**
   * The booth and every item, or nothing: one listing and one put, with no other request in
   * between. A hold `replacing` another of the same booking (a change of its extras) does not
   * count that one, and asks only for what it does not hold already. A hold for a booking of a
   * quote takes the quote in the same put, and is refused first when a hold took the quote already
   * (a second press: its own booth may be the one the first press holds).
   */
  private async hold({ eventDate, boothType, holdId, blocks, items, replacing, provisional, quote }: HoldRequest): Promise<HoldAnswer> {
    if (!boothTypes.includes(boothType)) throw new Error(`Unknown booth type ${boothType}`);
    const provisionalUntil = provisional ? Date.now() + parseConfig(this.env).PROVISIONAL_HOLD_SECONDS * 1000 : undefined;
    const taken: StoredHold = { booth: boothType, items: checkedItems(items), ...(provisionalUntil === undefined ? {} : { provisionalUntil }), ...(quote === undefined ? {} : { quote }) };
    const holds = await this.holds(eventDate, eventDate);
    const replacedKey = replacing === undefined ? null : `${eventDate}:${replacing}`;
    const stored = replacedKey === null ? undefined : holds.get(replacedKey);
    const kept = stored === undefined ? null : readHold(stored);
    const others = [...holds].filter(([key]) => key !== replacedKey).map(([, hold]) => hold);
    const before = answer(false, countHolds(others), blocks);
    if (quote !== undefined && (await this.state.storage.get(quoteKey(quote))) !== undefined) return { ...before, quoteHeld: true };
    const gone = goneItems(
      taken.items.filter((item) => !kept?.items.includes(item)),
      before.itemsLeft,
    );
    if ((kept?.booth !== boothType && before.free[boothType] < 1) || gone.length) return { ...before, gone };
    await this.state.storage.put({ [`${eventDate}:${holdId}`]: taken, ...(quote === undefined ? {} : { [quoteKey(quote)]: holdId }) });
    if (provisionalUntil !== undefined) await setAlarmBy(this.state.storage, provisionalUntil);
    return answer(true, countHolds([...others, taken]), blocks);
  }

  /** A hold given back; the quote it took too, when its request names it (its booking was never stored). */
  private async release({ eventDate, holdId, quote }: ReleaseRequest): Promise<{ released: boolean }> {
    if (quote !== undefined && (await this.state.storage.get(quoteKey(quote))) === holdId) await this.state.storage.delete(quoteKey(quote));
    return { released: await this.state.storage.delete(`${eventDate}:${holdId}`) };
  }

  /**
   * Makes a provisional hold for good (one for good already stays so). One given back at its
   * deadline is taken again if its booth and items are still free, counting the other holds but
   * not the owner's blocks: the booking was made before them.
   */
  private async confirm({ eventDate, holdId, boothType, items }: ConfirmRequest): Promise<boolean> {
    const key = `${eventDate}:${holdId}`;
    const stored = await this.state.storage.get<StoredHold>(key);
    if (stored !== undefined) {
      if (isProvisional(stored)) await this.state.storage.put(key, forGood(stored));
      return true;
    }
    const taken = { booth: boothType, items: checkedItems(items) };
    const { booths, items: left } = dayAvailability(countHolds((await this.holds(eventDate, eventDate)).values()), noBlocks);
    if (booths[boothType] < 1 || goneItems(taken.items, left).length) return false;
    await this.state.storage.put(key, taken);
    return true;
  }

  /**
   * Gives back each provisional hold whose deadline has passed, with the quote it took, and confirms instead one that a
   * stored booking took (its ledger gives it back when the booking gives up its date); then waits
   * for the next deadline.
   */
  async alarm(): Promise<void> {
    const now = Date.now();
    let next = Infinity;
    for (const [key, stored] of await this.state.storage.list<StoredHold>()) {
      if (!isProvisional(stored)) continue;
      if (stored.provisionalUntil > now) {
        next = Math.min(next, stored.provisionalUntil);
        continue;
      }
      const [eventDate, holdId] = [key.slice(0, 10), key.slice(11)];
      try {
        const booked = await storedWith(this.env.BOOKINGS, eventDate, holdId);
        // Other requests came in while KV was read: a hold confirmed or released meanwhile stays as they left it.
        if (!isProvisional(await this.state.storage.get<StoredHold>(key))) continue;
        if (booked) await this.state.storage.put(key, forGood(stored));
        else await this.state.storage.delete(stored.quote === undefined ? [key] : [key, quoteKey(stored.quote)]);
      } catch (error) {
        console.error(`Booking holds: the provisional hold ${key} is looked at again later:`, error);
        next = Math.min(next, now + alarmRetryMs);
      }
    }
    if (next < Infinity) await setAlarmBy(this.state.storage, next);
  }
}
