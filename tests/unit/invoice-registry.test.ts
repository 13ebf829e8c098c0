import { describe, expect, it } from "vitest";
import { allocateInvoiceNumber } from "~/invoice-registry.server";

/** Enough of KV for the registry: get and put on a Map. */
function memoryKv() {
  const store = new Map<string, string>();
  const kv = {
    get: async (key: string) => store.get(key) ?? null,
    put: async (key: string, value: string) => void store.set(key, value),
  };
  return { kv: kv as unknown as KVNamespace, store };
}

const now = new Date("2026-11-22T01:00:00Z");
const base = { eventDate: "2027-06-15", summary: "Jane", now };

describe("invoice number allocation", () => {
  it("keeps the browser's number when it is well-formed and unused, and records it as taken", async () => {
    const { kv, store } = memoryKv();
    expect(await allocateInvoiceNumber(kv, { ...base, requested: "PB-20261122-321" })).toBe("PB-20261122-321");
    expect(JSON.parse(store.get("invoice:PB-20261122-321")!)).toEqual({ eventDate: "2027-06-15" });
  });

  it("makes a fresh one for today when the browser's is taken or missing", async () => {
    const { kv } = memoryKv();
    await allocateInvoiceNumber(kv, { ...base, requested: "PB-20261122-321" });
    const draws = [0.221, 0.5];
    const second = await allocateInvoiceNumber(kv, { ...base, requested: "PB-20261122-321", random: () => draws.shift()! });
    expect(second).toBe("PB-20261122-298");
    expect(await allocateInvoiceNumber(kv, { ...base, random: () => 0 })).toBe("PB-20261122-100");
  });

  it("draws again when a fresh number is already taken", async () => {
    const { kv } = memoryKv();
    await allocateInvoiceNumber(kv, { ...base, random: () => 0 });
    const draws = [0, 0, 0.999];
    expect(await allocateInvoiceNumber(kv, { ...base, random: () => draws.shift()! })).toBe("PB-20261122-999");
  });
});
