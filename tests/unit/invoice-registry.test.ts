import { describe, expect, it } from "vitest";
import { claimInvoiceNumber, indexInvoiceNumber } from "~/bookings/numbers/invoice-registry.server";

/** Claims that remember what was taken. */
function memoryClaims() {
  const taken = new Set<string>();
  return { claim: async (n: string) => !taken.has(n) && Boolean(taken.add(n)) };
}

const now = new Date("2026-11-22T01:00:00Z");

describe("invoice number claims", () => {
  it("keeps the browser's number when it is well-formed and unused", async () => {
    expect(await claimInvoiceNumber(memoryClaims(), { requested: "PB-20261122-321", now })).toBe("PB-20261122-321");
  });

  it("makes a fresh one for today when the browser's is taken or missing", async () => {
    const claims = memoryClaims();
    await claimInvoiceNumber(claims, { requested: "PB-20261122-321", now });
    const draws = [0.221, 0.5];
    const second = await claimInvoiceNumber(claims, { requested: "PB-20261122-321", now, random: () => draws.shift()! });
    expect(second).toBe("PB-20261122-298");
    expect(await claimInvoiceNumber(claims, { now, random: () => 0 })).toBe("PB-20261122-100");
  });

  it("draws again when a fresh number is already taken", async () => {
    const claims = memoryClaims();
    await claimInvoiceNumber(claims, { now, random: () => 0 });
    const draws = [0, 0, 0.999];
    expect(await claimInvoiceNumber(claims, { now, random: () => draws.shift()! })).toBe("PB-20261122-999");
  });
});

describe("the index from an invoice number to its booking", () => {
  it("points the number at its booking's event date, with the summary for a key listing", async () => {
    const store = new Map<string, { value: string; metadata: unknown }>();
    const kv = { put: async (key: string, value: string, options: { metadata: unknown }) => void store.set(key, { value, metadata: options.metadata }) };
    await indexInvoiceNumber(kv as unknown as KVNamespace, "PB-20261122-321", { eventDate: "2027-06-15", summary: "Jane" });
    expect(JSON.parse(store.get("invoice:PB-20261122-321")!.value)).toEqual({ eventDate: "2027-06-15" });
    expect(store.get("invoice:PB-20261122-321")!.metadata).toMatchObject({ summary: "Jane" });
  });
});
