import { describe, expect, it } from "vitest";
import { applyStatusChange } from "~/bookings/record/status-change.server";

const invoiceNumber = "PB-20261124-321";
const bookingKey = `booking:2027-03-06:${invoiceNumber}`;

/** KV holding one booking and its invoice index; `puts` lists what was written. */
function kvWith(booking: Record<string, unknown>) {
  const store = new Map<string, string>([
    [`invoice:${invoiceNumber}`, JSON.stringify({ eventDate: "2027-03-06" })],
    [bookingKey, JSON.stringify(booking)],
  ]);
  const puts: string[] = [];
  const kv = {
    get: async (key: string) => JSON.parse(store.get(key) ?? "null"),
    getWithMetadata: async (key: string) => ({ value: JSON.parse(store.get(key) ?? "null"), metadata: { notes: "" } }),
    put: async (key: string) => void puts.push(key),
  };
  return { kv: kv as unknown as KVNamespace, puts };
}

describe("a status change made in the booking's ledger", () => {
  it("does not expire a request whose payment arrived after the schedule looked, and stores nothing", async () => {
    const payment = { sessionId: "cs_test", kind: "deposit", amountCents: 17_400, currency: "AUD", paidAt: "2026-11-24T01:00:00.000Z" };
    const requested = { invoiceNumber, eventDate: "2027-03-06", status: "requested", history: [], payments: [payment] };
    const { kv, puts } = kvWith(requested);

    const result = await applyStatusChange(kv, { invoiceNumber, to: "expired", by: "schedule", at: "2026-12-01T16:00:00.000Z" });

    expect(result).toMatchObject({ kind: "refused", reason: "A booking with a payment does not expire." });
    expect(puts).toEqual([]);
  });
});
