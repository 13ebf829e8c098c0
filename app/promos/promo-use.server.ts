/**
 * A booking's promo code: its terms checked, then one of its uses claimed for the booking, and
 * given back if the booking is refused after all.
 *
 * The use is claimed before the booth is held. A booking refused for its code then holds nothing
 * (its client sends it again without the code and keeps the booth), and a booking refused for its
 * booth, or failing to be stored, gives its use back. Under a race the only cost is that, for the
 * moment between such a claim and its release, the code may look used up to another booking: a
 * code is never used more often than its limit, and no use stays taken by a booking that was not
 * kept: a request that stops before giving it back leaves a provisional use, which the promo-uses
 * object gives back at its deadline unless the booking's ledger confirmed it. Once kept, its ledger
 * gives the use back if it is declined, expires or is withdrawn with nothing paid; a booking
 * cancelled after a payment keeps it (docs/operations.md, "Promo codes").
 */
import { promoRefusal, usedUpMessage, type PromoCode } from "~/prices/promo-codes";
import type { Services } from "~/types/services";
import { isoDate, melbourneDate } from "~/utils/melbourne-time";
import { readPromo } from "./promo-store.server";

/** The code cannot be used for this booking; the message is shown beside the code field. */
export class PromoRefused extends Error {}

export interface PromoUse {
  /** The code as typed, normalised (`normaliseCode`); absent: none. */
  code: string | undefined;
  eventDate: string;
  /** The booking's own id: its use is claimed and given back under it. */
  bookingId: string;
}

async function claimUse(services: Pick<Services, "kv" | "promoUses" | "now">, { code, eventDate, bookingId }: PromoUse & { code: string }): Promise<PromoCode> {
  const promo = await readPromo(services.kv, code);
  const refusal = promoRefusal(promo, eventDate, isoDate(melbourneDate(services.now())));
  // promoRefusal refuses a code that is not there, so `!promo` only tells TypeScript what it knows.
  if (refusal !== null || !promo) throw new PromoRefused(refusal ?? "");
  if (!(await services.promoUses.claim(promo.code, bookingId, promo.uses, eventDate))) throw new PromoRefused(usedUpMessage(promo.code));
  return promo;
}

/**
 * Runs `book` with the booking's promo code (null without one), a use of it claimed; when `book`
 * throws, the use is given back and the error passed on. Throws `PromoRefused` before `book` runs
 * when the code does not apply or is used up.
 */
export async function withPromoUse<T>(services: Pick<Services, "kv" | "promoUses" | "now">, use: PromoUse, book: (promo: PromoCode | null) => Promise<T>): Promise<T> {
  if (!use.code) return book(null);
  const promo = await claimUse(services, { ...use, code: use.code });
  try {
    return await book(promo);
  } catch (error) {
    await services.promoUses.release(promo.code, use.bookingId).catch((releaseError: unknown) => {
      console.error(`A use of ${promo.code} could not be given back for a booking that was not kept:`, releaseError);
    });
    throw error;
  }
}
