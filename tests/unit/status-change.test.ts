import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { statusChanged } from "~/bookings/record/status-change.server";

const invoiceNumber = "PB-20261124-321";

describe("a status change decided by the booking's ledger", () => {
  it("does not expire a request whose payment arrived after the schedule looked, and changes nothing", () => {
    const payment = { sessionId: "cs_test", kind: "deposit", amountCents: 17_400, currency: "AUD", paidAt: "2026-11-24T01:00:00.000Z" } as const;
    const requested = { invoiceNumber, eventDate: "2027-03-06", status: "requested", history: [], payments: [payment] } as unknown as BookingRecord;

    const result = statusChanged(requested, { invoiceNumber, to: "expired", by: "schedule", at: "2026-12-01T16:00:00.000Z" });

    expect(result).toEqual({ kind: "refused", record: requested, reason: "A booking with a payment does not expire." });
  });

  it("expires a request with nothing paid", () => {
    const requested = { invoiceNumber, eventDate: "2027-03-06", status: "requested", history: [] } as unknown as BookingRecord;
    expect(statusChanged(requested, { invoiceNumber, to: "expired", by: "schedule", at: "2026-12-01T16:00:00.000Z" })).toMatchObject({ kind: "changed", record: { status: "expired" } });
  });
});
