import { describe, expect, it } from "vitest";
import { allocateInvoiceNumber } from "~/bookings/numbers/invoice-registry.server";

/** Enough of KV for the registry (get and put on a Map), and claims that remember what was taken. */
function memoryKv() {
  const store = new Map<string, string>();
  const kv = {
    get: async (key: string) => store.get(key) ?? null,
    put: async (key: string, value: string) => void store.set(key, value),
  };
  const taken = new Set<string>();
  const claims = { claim: async (n: string) => !taken.has(n) && Boolean(taken.add(n)) };
  return { kv: kv as unknown as KVNamespace, claims, store };
}

const now = new Date("2026-11-22T01:00:00Z");
const base = { eventDate: "2027-06-15", summary: "Jane", now };

describe("invoice number allocation", () => {
  it("keeps the browser's number when it is well-formed and unused, and records it as taken", async () => {
    const { store, ...services } = memoryKv();
    expect(await allocateInvoiceNumber(services, { ...base, requested: "PB-20261122-321" })).toBe("PB-20261122-321");
    expect(JSON.parse(store.get("invoice:PB-20261122-321")!)).toEqual({ eventDate: "2027-06-15" });
  });

  it("makes a fresh one for today when the browser's is taken or missing", async () => {
    const services = memoryKv();
    await allocateInvoiceNumber(services, { ...base, requested: "PB-20261122-321" });
    const draws = [0.221, 0.5];
    const second = await allocateInvoiceNumber(services, { ...base, requested: "PB-20261122-321", random: () => draws.shift()! });
    expect(second).toBe("PB-20261122-298");
    expect(await allocateInvoiceNumber(services, { ...base, random: () => 0 })).toBe("PB-20261122-100");
  });

  it("draws again when a fresh number is already taken", async () => {
    const services = memoryKv();
    await allocateInvoiceNumber(services, { ...base, random: () => 0 });
    const draws = [0, 0, 0.999];
    expect(await allocateInvoiceNumber(services, { ...base, random: () => draws.shift()! })).toBe("PB-20261122-999");
  });
});
