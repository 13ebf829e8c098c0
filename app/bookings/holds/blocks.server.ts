/**
 * The owner's blocked dates, written by hand with the wrangler CLI (README, "Blocking dates"):
 * `blocked:2026-12-25` blocks every booth, `blocked:2026-12-25:glam-booth` one type and
 * `blocked:2026-12-25:backdrop-floral` one stocked add-on or backdrop. The value is the owner's
 * reason and is never shown to visitors.
 */
import { boothFromSlug, noBlocks, type DayBlocks } from "~/bookings/holds/fleet";
import { itemFromSlug } from "~/bookings/holds/stock";
import { stockItemName } from "~/prices/extras";
import { blockedPrefix } from "~/storage-keys";
import { listKeys } from "~/utils/kv-keys.server";

/** Blocks per date from `from` to `to` (inclusive); dates without blocks are absent. */
export async function blocksBetween(kv: KVNamespace, from: string, to: string): Promise<Record<string, DayBlocks>> {
  const blocks: Record<string, { all: boolean; types: DayBlocks["types"][number][]; items: DayBlocks["items"][number][] }> = {};
  // The owner blocks a handful of dates; listing only the range's common prefix keeps it cheaper still.
  let shared = 0;
  while (shared < from.length && from[shared] === to[shared]) shared++;
  const prefix = `${blockedPrefix}${from.slice(0, shared)}`;
  for (const { name } of await listKeys(kv, prefix)) {
    const [date = "", slug] = name.slice(blockedPrefix.length).split(":");
    if (date < from || date > to) continue;
    const day = (blocks[date] ??= { all: false, types: [], items: [] });
    if (slug === undefined) {
      day.all = true;
      continue;
    }
    const type = boothFromSlug(slug);
    const item = itemFromSlug(slug);
    if (type) day.types.push(type);
    else if (item) day.items.push(item);
  }
  return blocks;
}

export async function blocksOn(kv: KVNamespace, date: string): Promise<DayBlocks> {
  return (await blocksBetween(kv, date, date))[date] ?? noBlocks;
}

/** One block as the owner's home lists it: its key (to lift it), date, what it blocks and the owner's reason. */
export interface BlockLine {
  key: string;
  date: string;
  what: string;
  reason: string;
}

/** What a block's slug stops: every booth, one booth type, or one add-on or backdrop. */
export function blockedThing(slug: string | undefined): string {
  if (slug === undefined) return "everything";
  return boothFromSlug(slug) ?? (itemFromSlug(slug) ? stockItemName(itemFromSlug(slug)!) : slug);
}

/** The blocks from `from` on, by date; the owner keeps a handful, so each one's reason is read too. */
export async function listBlocks(kv: KVNamespace, from: string): Promise<BlockLine[]> {
  const keys = (await listKeys(kv, blockedPrefix)).map(({ name }) => name).filter((name) => name.slice(blockedPrefix.length, blockedPrefix.length + 10) >= from);
  return Promise.all(
    keys.sort().map(async (key) => {
      const [date = "", slug] = key.slice(blockedPrefix.length).split(":");
      return { key, date, what: blockedThing(slug), reason: (await kv.get(key)) ?? "" };
    }),
  );
}

/** Whether `slug` names something a block can stop: a booth type or a stocked add-on or backdrop. */
export function isBlockSlug(slug: string): boolean {
  return boothFromSlug(slug) !== undefined || itemFromSlug(slug) !== undefined;
}
