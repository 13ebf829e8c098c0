/**
 * Counting stocked add-ons and backdrops: how many of each are left on a date, from the stock in
 * app/pricing.ts, the holds taken that day and the owner's blocks. Pure, like fleet.ts, so the
 * holds object and the availability pages count the same way.
 */
import { freeBooths, type BoothCounts, type DayBlocks } from "~/bookings/holds/fleet";
import { stockedItems, stockOf, type StockItem } from "~/prices/extras";
import type { BoothType } from "~/pricing";

/** Items left of each stocked kind; an item absent is not stocked (unlimited). */
export type ItemCounts = Partial<Record<StockItem, number>>;


/** What the holds of one date take: booths per type and stocked items, in one map (their names never clash). */
export type DayHeld = Partial<Record<BoothType | StockItem, number>>;

/**
 * A hold as the holds object stores it under `{date}:{holdId}`. Holds taken before add-ons were
 * held are the booth type alone, and still count. `provisionalUntil` (milliseconds since the
 * epoch): a new booking's hold not confirmed yet, given back then; a hold without it (every hold
 * stored before there were provisional ones included) is for good. `quote`: while provisional, the
 * quote it took, freed with it should it be given back at its deadline.
 */
export type StoredHold = BoothType | { booth: BoothType; items: StockItem[]; provisionalUntil?: number; quote?: string };

export function readHold(stored: StoredHold): { booth: BoothType; items: StockItem[] } {
  return typeof stored === "string" ? { booth: stored, items: [] } : stored;
}

/** Adds up what the given holds take. */
export function countHolds(holds: Iterable<StoredHold>): DayHeld {
  const day: DayHeld = {};
  for (const stored of holds) {
    const { booth, items } = readHold(stored);
    for (const name of [booth, ...items]) day[name] = (day[name] ?? 0) + 1;
  }
  return day;
}

/** The owner's block keys name an item as `backdrop-floral` or `audio-guest-book`. */
export function itemSlug(item: StockItem): string {
  return item.replace(":", "-").toLowerCase();
}

export function itemFromSlug(slug: string): StockItem | undefined {
  return stockedItems.find((item) => itemSlug(item) === slug);
}

/** Items left of each kind: the stock less the holds, and none of a blocked item (or on a date blocked whole). */
export function itemsLeft(held: DayHeld, blocks: DayBlocks): ItemCounts {
  return Object.fromEntries(
    stockedItems.map((item) => [item, blocks.all || blocks.items.includes(item) ? 0 : Math.max(0, stockOf(item) - (held[item] ?? 0))]),
  ) as ItemCounts;
}

/** The items asked for that none is left of (an item not stocked is never gone). */
export function goneItems(items: readonly StockItem[], left: ItemCounts): StockItem[] {
  return items.filter((item) => (left[item] ?? Infinity) < 1);
}

/** What is free on a date: booths of each type and each stocked item. */
export interface DayAvailability {
  booths: BoothCounts;
  items: ItemCounts;
}

export function dayAvailability(held: DayHeld, blocks: DayBlocks): DayAvailability {
  return { booths: freeBooths(held, blocks), items: itemsLeft(held, blocks) };
}
