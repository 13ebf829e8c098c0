import { describe, expect, it } from "vitest";
import { lifecycle } from "../../app/business";
import { lapsesUnpaid } from "../../app/bookings/lifecycle.server";
import type { Payment } from "../../app/bookings/record/amounts";
import type { BookingRecord } from "../../app/bookings/record/booking";
import { holdsBooth, requested, transition, type Actor, type BookingStatus } from "../../app/bookings/record/lifecycle";
import { ownerLinkPath, ownerLinkWorks } from "../../app/bookings/record/owner-links.server";
import { isLinkToken } from "../../app/links/signing.server";
import { atGenerations, firstGenerations } from "../support/links";

const at = new Date("2026-11-22T10:00:00Z");

function booking(status: BookingStatus) {
  return { invoiceNumber: "PB-20261122-123", status, history: requested(at).history };
}

describe("the booking lifecycle", () => {
  it.each<[BookingStatus, BookingStatus, Actor]>([
    ["requested", "confirmed", "owner"],
    ["requested", "confirmed", "client"],
    ["requested", "declined", "owner"],
    ["requested", "expired", "schedule"],
    ["confirmed", "cancelled", "owner"],
    ["requested", "cancelled", "client"],
    ["confirmed", "cancelled", "client"],
    // Nothing paid by the deposit's due date: the schedule lapses it (docs/product-decisions.md, "Dates are held by money or by the owner").
    ["confirmed", "expired", "schedule"],
    // Completed only because of a bank payment the owner then voided.
    ["completed", "expired", "owner"],
  ])("lets a %s booking become %s by the %s and records who and when", (from, to, by) => {
    const result = transition(booking(from), to, by, at);
    expect(result.kind).toBe("changed");
    expect(result.record.status).toBe(to);
    expect(result.record.history.at(-1)).toEqual({ status: to, at: at.toISOString(), by });
  });

  it.each<[BookingStatus, BookingStatus, Actor]>([
    ["requested", "cancelled", "owner"],
    ["requested", "expired", "owner"],
    ["requested", "confirmed", "schedule"],
    ["requested", "declined", "client"],
    ["confirmed", "declined", "owner"],
    ["confirmed", "expired", "owner"],
    ["completed", "expired", "schedule"],
    ["declined", "confirmed", "owner"],
    ["cancelled", "confirmed", "owner"],
    ["expired", "confirmed", "owner"],
  ])("refuses to turn a %s booking into %s by the %s", (from, to, by) => {
    const result = transition(booking(from), to, by, at);
    expect(result.kind).toBe("refused");
    expect(result.record.status).toBe(from);
  });

  it("treats acting twice as already done, changing nothing", () => {
    const once = transition(booking("requested"), "confirmed", "owner", at).record;
    const twice = transition(once, "confirmed", "owner", at);
    expect(twice.kind).toBe("already");
    expect(twice.record.history).toHaveLength(2);
  });

  it("holds a booth only while requested or confirmed", () => {
    expect(["requested", "confirmed", "declined", "cancelled", "expired"].filter((status) => holdsBooth(status as BookingStatus))).toEqual([
      "requested",
      "confirmed",
    ]);
  });
});

describe("signed owner links", () => {
  const secret = "unit-test-owner-link-secret-0123456789";
  const number = "PB-20261122-123";
  const keys = { config: { OWNER_LINK_SECRET: secret }, generations: firstGenerations };

  async function signature(action: "confirm" | "decline" | "cancel" = "confirm") {
    const url = new URL((await ownerLinkPath(keys, number, action))!, "https://site.test");
    expect(url.pathname).toBe(`/owner/${number}/${action}`);
    return url.searchParams.get("sig");
  }

  it("verifies a link it signed, at its kind's current generation", async () => {
    expect(await isLinkToken(keys, "confirm", number, await signature())).toBe(true);
  });

  const event = { status: "confirmed" as const, totalCents: 74_000, issuedOn: "2026-11-01", eventDate: "2026-12-05" };

  it("works until 30 days after the booking's event, whenever it was sent", () => {
    expect(ownerLinkWorks(event, "confirm", "2026-11-01")).toBe(true);
    expect(ownerLinkWorks(event, "confirm", "2027-01-04")).toBe(true);
    expect(ownerLinkWorks(event, "confirm", "2027-01-05")).toBe(false);
    expect(ownerLinkWorks(event, "refund", "2027-01-05")).toBe(false);
  });

  it("keeps a Refund link working after that while money is owed back, and no other link", () => {
    const declinedPaid = { ...event, status: "declined" as const, payments: [{ sessionId: "cs_1", kind: "deposit" as const, amountCents: 25_000, currency: "aud", paidAt: "2026-11-02T00:00:00Z" }] };
    expect(ownerLinkWorks(declinedPaid, "refund", "2027-06-01")).toBe(true);
    expect(ownerLinkWorks(declinedPaid, "cancel", "2027-06-01")).toBe(false);
    const refunded = { ...declinedPaid, refunds: [{ id: "bank-1", amountCents: 25_000, method: "bank" as const, at: "2026-11-03T00:00:00Z" }] };
    expect(ownerLinkWorks(refunded, "refund", "2027-06-01")).toBe(false);
  });

  it("refuses a tampered signature or invoice number, another action, another secret and another generation", async () => {
    const sig = await signature();
    const flipped = `${sig!.slice(0, -1)}${sig!.endsWith("0") ? "1" : "0"}`;
    expect(await isLinkToken(keys, "confirm", number, flipped)).toBe(false);
    expect(await isLinkToken(keys, "confirm", "PB-20261122-124", sig)).toBe(false);
    expect(await isLinkToken(keys, "cancel", number, sig)).toBe(false);
    expect(await isLinkToken({ ...keys, config: { OWNER_LINK_SECRET: `${secret}x` } }, "confirm", number, sig)).toBe(false);
    expect(await isLinkToken({ ...keys, generations: atGenerations({ confirm: 1 }) }, "confirm", number, sig)).toBe(false);
    expect(await isLinkToken({ ...keys, generations: atGenerations({ cancel: 1 }) }, "confirm", number, sig)).toBe(true);
    expect(await isLinkToken(keys, "confirm", number, null)).toBe(false);
    expect(await isLinkToken({ ...keys, config: {} }, "confirm", number, sig)).toBe(false);
  });
});

describe("a date held by money or by the owner", () => {
  // Made on 2026-12-01 for 2027-03-06, $535.00 in all: its deposit is due by 2026-12-08 (7 days on).
  const made = new Date("2026-12-01T01:00:00Z");
  const held = (status: BookingStatus, extra: Partial<BookingRecord> = {}) =>
    ({ status, receivedAt: made.toISOString(), issuedOn: "2026-12-01", eventDate: "2027-03-06", totalCents: 53_500, history: [...requested(made).history, ...(status === "confirmed" ? [{ status, at: made.toISOString(), by: "client" as const }] : [])], ...extra }) as BookingRecord;
  /** 7 am in Melbourne (summer time) the day after `day`. */
  const morningAfter = (day: string) => new Date(`${day}T20:00:00Z`);

  it("lapses one with nothing paid the morning after its deposit's due date, whatever its status", () => {
    for (const status of ["requested", "confirmed"] as const) {
      // The due date's own morning: not yet; the morning after it: lapsed.
      expect(lapsesUnpaid(held(status), morningAfter("2026-12-07"))).toBe(false);
      expect(lapsesUnpaid(held(status), morningAfter("2026-12-08"))).toBe(true);
    }
  });

  it("keeps one paid, one the owner confirmed by hand, and one that gave its date up already", () => {
    const paid: Payment = { sessionId: "bank-1", method: "bank", kind: "deposit", amountCents: 16_100, currency: "AUD", paidAt: "2026-12-02T02:00:00.000Z" };
    expect(lapsesUnpaid(held("confirmed", { payments: [paid] }), morningAfter("2026-12-08"))).toBe(false);
    const byOwner = held("confirmed", { history: [...requested(made).history, { status: "confirmed", at: made.toISOString(), by: "owner" }] });
    expect(lapsesUnpaid(byOwner, morningAfter("2027-03-05"))).toBe(false);
    expect(lapsesUnpaid(held("cancelled"), morningAfter("2026-12-08"))).toBe(false);
  });

  it("leaves a booking made before the rule under the rule it was made under: a confirmed one holds, a request expires after 7 days", () => {
    const before = new Date(Date.parse(lifecycle.unpaidLapseFrom) - 86_400_000);
    const old = (status: BookingStatus) => held(status, { receivedAt: before.toISOString(), history: [{ status: "requested", at: before.toISOString(), by: "client" }] });
    expect(lapsesUnpaid(old("confirmed"), new Date(before.getTime() + 60 * 86_400_000))).toBe(false);
    expect(lapsesUnpaid(old("requested"), new Date(before.getTime() + 6 * 86_400_000))).toBe(false);
    expect(lapsesUnpaid(old("requested"), new Date(before.getTime() + 7 * 86_400_000))).toBe(true);
  });
});
