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

describe("a booking waiting for its client's address (docs/product-decisions.md, \"A booking proves its address\")", () => {
  const at = "2026-11-26T10:00:00.000Z";
  const waiting = { invoiceNumber, eventDate: "2027-03-06", status: "confirmed", history: [], receivedAt: "2026-11-24T10:00:00.000Z", addressProof: { sha256: "ab" } } as unknown as BookingRecord;

  it("expires at the end of its hold though the client confirmed it by the terms", () => {
    expect(statusChanged(waiting, { invoiceNumber, to: "expired", by: "schedule", at })).toMatchObject({ kind: "changed", from: "confirmed", record: { status: "expired", history: [{ status: "expired", at, by: "schedule" }] } });
  });

  it("is kept by the owner's Confirm, once, the proof spent", () => {
    const kept = statusChanged(waiting, { invoiceNumber, to: "confirmed", by: "owner", at });
    expect(kept).toMatchObject({ kind: "changed", record: { status: "confirmed", addressProof: { provedAt: at, by: "owner" } } });
    expect(statusChanged(kept.record, { invoiceNumber, to: "confirmed", by: "owner", at }).kind).toBe("already");
    expect(statusChanged(kept.record, { invoiceNumber, to: "expired", by: "schedule", at }).kind).toBe("refused");
  });

  it("is one made before addresses were proved only if it carries a proof: an older confirmed booking never expires", () => {
    const older = { ...waiting, addressProof: undefined } as BookingRecord;
    expect(statusChanged(older, { invoiceNumber, to: "expired", by: "schedule", at }).kind).toBe("refused");
  });
});

describe("a confirmed booking with nothing paid (docs/product-decisions.md, \"Dates are held by money or by the owner\")", () => {
  const at = "2026-12-09T20:00:00.000Z";
  const accepted = { invoiceNumber, eventDate: "2027-03-06", status: "confirmed", receivedAt: "2026-12-01T01:00:00.000Z", history: [{ status: "requested", at: "2026-12-01T01:00:00.000Z", by: "client" }, { status: "confirmed", at: "2026-12-01T02:00:00.000Z", by: "client" }], addressProof: { sha256: "ab", provedAt: "2026-12-01T01:30:00.000Z" } } as unknown as BookingRecord;

  it("lapses when the schedule finds its deposit unpaid past its due date", () => {
    expect(statusChanged(accepted, { invoiceNumber, to: "expired", by: "schedule", at })).toMatchObject({ kind: "changed", record: { status: "expired" } });
  });

  it("is held until its event by the owner's Confirm pressed after the client's, once", () => {
    const held = statusChanged(accepted, { invoiceNumber, to: "confirmed", by: "owner", at: "2026-12-02T00:00:00.000Z" });
    expect(held).toMatchObject({ kind: "changed", record: { status: "confirmed" } });
    expect(held.record.history.at(-1)).toEqual({ status: "confirmed", at: "2026-12-02T00:00:00.000Z", by: "owner" });
    expect(statusChanged(held.record, { invoiceNumber, to: "confirmed", by: "owner", at }).kind).toBe("already");
    expect(statusChanged(held.record, { invoiceNumber, to: "expired", by: "schedule", at }).kind).toBe("refused");
  });

  it("holds when the owner confirmed it by hand", () => {
    const byOwner = { ...accepted, history: [...accepted.history.slice(0, 1), { status: "confirmed", at: "2026-12-01T02:00:00.000Z", by: "owner" }] } as BookingRecord;
    expect(statusChanged(byOwner, { invoiceNumber, to: "expired", by: "schedule", at }).kind).toBe("refused");
  });
});
