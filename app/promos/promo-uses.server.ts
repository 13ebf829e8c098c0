/**
 * Each promo code's uses, counted in a Durable Object (workers/promo-code-uses.ts explains why),
 * one object per code. A booking claims a use before its booth is held and gives it back if it is
 * then refused, or later declined, expired or withdrawn with nothing paid; a booking cancelled
 * after a payment keeps its use. Its ledger confirms the use once it has the booking.
 */
export interface PromoUses {
  /**
   * True when `bookingId` has one of the code's `limit` uses (null: no limit), now or already. The
   * use is provisional: given back at its deadline (`PROVISIONAL_HOLD_SECONDS`) unless confirmed
   * first or a booking stored with it on `eventDate` is found then.
   */
  claim(code: string, bookingId: string, limit: number | null, eventDate: string): Promise<boolean>;
  /** Makes `bookingId`'s use for good; one given back at its deadline is taken again within `limit`. False when it could not be. */
  confirm(code: string, bookingId: string, limit: number | null): Promise<boolean>;
  /** Gives `bookingId`'s use back; nothing when it had none. */
  release(code: string, bookingId: string): Promise<void>;
  /** The uses the code has now. */
  count(code: string): Promise<number>;
}

export function durablePromoUses(namespace: DurableObjectNamespace): PromoUses {
  async function call<T>(code: string, path: string, body?: unknown): Promise<T> {
    const stub = namespace.get(namespace.idFromName(code));
    const init = body === undefined ? undefined : { method: "POST", body: JSON.stringify(body) };
    const response = await stub.fetch(`https://promo-uses${path}`, init);
    if (!response.ok) throw new Error(`Promo code uses answered ${response.status} to ${path}`);
    return response.json<T>();
  }
  return {
    claim: async (code, bookingId, limit, eventDate) => (await call<{ claimed: boolean }>(code, "/claim", { bookingId, limit, eventDate })).claimed,
    confirm: async (code, bookingId, limit) => (await call<{ confirmed: boolean }>(code, "/confirm", { bookingId, limit })).confirmed,
    async release(code, bookingId) {
      await call(code, "/release", { bookingId });
    },
    count: async (code) => (await call<{ uses: number }>(code, "/uses")).uses,
  };
}

declare module "~/types/services" {
  interface Services {
    /** Each promo code's uses, never more than its limit. */
    promoUses: PromoUses;
  }
}
