/**
 * Counting booths: how many of each type are free on a date, from the fleet in the business
 * module, the holds taken on that date and the owner's blocks. Pure, so the Durable Object that
 * decides holds and the availability pages count the same way.
 */
import { fleet } from "~/business";
import type { StockItem } from "~/prices/extras";
import { boothTypes, type BoothType } from "~/pricing";

export type BoothCounts = Record<BoothType, number>;

/** The booth types as they appear in the owner's block keys and in page addresses. */
export const boothSlugs: Record<BoothType, string> = {
  "Open Booth": "open-booth",
  "Glam Booth": "glam-booth",
  "Enclosed Booth": "enclosed-booth",
};

export function boothFromSlug(slug: string | null | undefined): BoothType | undefined {
  return boothTypes.find((type) => boothSlugs[type] === slug);
}

/** The owner's blocks on one date: everything, or some booth types and stocked items. */
export interface DayBlocks {
  all: boolean;
  types: readonly BoothType[];
  items: readonly StockItem[];
}

export const noBlocks: DayBlocks = { all: false, types: [], items: [] };

/** Free booths of each type: the fleet less the holds, and none of a blocked type. */
export function freeBooths(held: Partial<Record<BoothType, number>>, blocks: DayBlocks = noBlocks): BoothCounts {
  return Object.fromEntries(
    boothTypes.map((type) => {
      const blocked = blocks.all || blocks.types.includes(type);
      return [type, blocked ? 0 : Math.max(0, fleet[type] - (held[type] ?? 0))];
    }),
  ) as BoothCounts;
}

/** The booth types with at least one booth free, in the site's usual order. */
export function freeTypes(free: BoothCounts): BoothType[] {
  return boothTypes.filter((type) => free[type] > 0);
}
