/**
 * What a booking adds to its booth: extra hours, add-ons and a backdrop (prices and stock in
 * app/pricing.ts). Stock is counted per item: each add-on with limited stock, and each backdrop.
 */
import { addOnIds, addOns, backdropNames, backdropPrices, maxExtraHours, type AddOnId, type BackdropName } from "~/pricing";

export interface Extras {
  /** 0 to `maxExtraHours`, after the package. */
  extraHours: number;
  /** Each chosen once, in catalogue order. */
  addOns: AddOnId[];
  backdrop: BackdropName | null;
}

export const noExtras: Extras = { extraHours: 0, addOns: [], backdrop: null };

/** Items the business owns a limited number of: the limited add-ons and every backdrop. */
export type StockItem = AddOnId | `backdrop:${BackdropName}`;

export const stockedItems: readonly StockItem[] = [
  ...addOnIds.filter((id) => addOns[id].stock !== null),
  ...backdropNames.map((name) => `backdrop:${name}` as const),
];

/** How many of a stocked item the business owns. */
export function stockOf(item: StockItem): number {
  if (item.startsWith("backdrop:")) return backdropPrices[item.slice("backdrop:".length) as BackdropName].stock;
  return addOns[item as AddOnId].stock ?? Infinity;
}

/** "Floral backdrop", "Audio guest book": how a stocked item is named to the client and the owner. */
export function stockItemName(item: StockItem): string {
  return item.startsWith("backdrop:") ? `${item.slice("backdrop:".length)} backdrop` : addOns[item as AddOnId].name;
}

/** The stocked items a booking's extras hold on its date (one of each). */
export function stockNeeded(extras: Extras): StockItem[] {
  const items: StockItem[] = extras.addOns.filter((id) => addOns[id].stock !== null);
  if (extras.backdrop) items.push(`backdrop:${extras.backdrop}`);
  return items;
}

/** Extras in their stored order with duplicates dropped and hours kept in range, whatever order they were chosen in. */
export function normaliseExtras(extras: Partial<Extras>): Extras {
  const chosen = new Set(extras.addOns ?? []);
  return {
    extraHours: Math.min(Math.max(Math.trunc(extras.extraHours ?? 0), 0), maxExtraHours),
    addOns: addOnIds.filter((id) => chosen.has(id)),
    backdrop: extras.backdrop ?? null,
  };
}

/** What to pack for a booking beyond its booth (the physical items: the owner's packing list). */
export function packingList(extras: Extras | undefined): string[] {
  return extras ? stockNeeded(extras).map(stockItemName) : [];
}

/** "2 extra hours, Audio guest book, Floral backdrop", or "none": extras in a sentence or a table cell. */
export function describeExtras(extras: Extras): string {
  const hours = extras.extraHours === 0 ? [] : [extras.extraHours === 1 ? "1 extra hour" : `${extras.extraHours} extra hours`];
  // A stored booking may have an add-on the catalogue has dropped since: it is named by its id, never a crash.
  const catalogue: Partial<Record<string, { name: string }>> = addOns;
  const words = [...hours, ...extras.addOns.map((id) => catalogue[id]?.name ?? id), ...(extras.backdrop ? [`${extras.backdrop} backdrop`] : [])];
  return words.length ? words.join(", ") : "none";
}
