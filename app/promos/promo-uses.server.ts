/**
 * Each promo code's uses, counted in a Durable Object (workers/promo-code-uses.ts explains why),
 * one object per code. A booking claims a use before its booth is held and gives it back if it is
 * then refused, or later declined, expired or withdrawn with nothing paid; a booking cancelled
 * after a payment keeps its use.
 */
export interface PromoUses {
  /** True when `bookingId` has one of the code's `limit` uses (null: no limit), now or already. */
  claim(code: string, bookingId: string, limit: number | null): Promise<boolean>;
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
    claim: async (code, bookingId, limit) => (await call<{ claimed: boolean }>(code, "/claim", { bookingId, limit })).claimed,
    async release(code, bookingId) {
      await call(code, "/release", { bookingId });
    },
    count: async (code) => (await call<{ uses: number }>(code, "/uses")).uses,
  };
}
