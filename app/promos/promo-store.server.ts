/**
 * Where the owner's promo codes live: one KV key per code (`promo:{CODE}`), written only by
 * `npm run promo` (scripts/promo.mjs), which checks every term before it writes. Their uses are
 * counted apart, in `services.promoUses`.
 */
import type { PromoCode } from "~/prices/promo-codes";
import { keyPrefix, promoKey } from "~/storage-keys";
import type { Services } from "~/types/services";

/** The code's terms, or null when there is no such code. `code` is normalised (`normaliseCode`). */
export function readPromo(kv: KVNamespace, code: string): Promise<PromoCode | null> {
  return kv.get<PromoCode>(promoKey(code), "json");
}

/** A code's terms and how many bookings have used it. */
export interface PromoWithUses extends PromoCode {
  used: number;
}

/** Every code, oldest first, with its uses so far: what `npm run promo -- list` prints. */
export async function listPromos(services: Pick<Services, "kv" | "promoUses">): Promise<PromoWithUses[]> {
  // The owner keeps a handful of codes: one page of a KV list (up to 1,000 keys) holds them all.
  const { keys } = await services.kv.list({ prefix: keyPrefix.promo });
  const promos = await Promise.all(keys.map(async ({ name }) => readPromo(services.kv, name.slice(keyPrefix.promo.length))));
  const found = promos.filter((promo): promo is PromoCode => promo !== null);
  const uses = await Promise.all(found.map((promo) => services.promoUses.count(promo.code)));
  return found.map((promo, i) => ({ ...promo, used: uses[i]! })).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
