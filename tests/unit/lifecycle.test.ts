import { describe, expect, it } from "vitest";
import { holdsBooth, requested, transition, type Actor, type BookingStatus } from "../../app/bookings/record/lifecycle";
import { ownerLinkPath, verifyOwnerLink } from "../../app/bookings/record/owner-links.server";

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
    ["confirmed", "expired", "schedule"],
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
  const now = new Date("2026-11-22T10:00:00Z");

  async function linkParts(action: "confirm" | "decline" | "cancel" = "confirm") {
    const url = new URL(await ownerLinkPath(secret, "PB-20261122-123", action, now), "https://site.test");
    const [, , invoiceNumber, linkAction] = url.pathname.split("/");
    return { invoiceNumber, action: linkAction, expires: url.searchParams.get("expires"), sig: url.searchParams.get("sig") };
  }

  it("verifies a link it signed, for 30 days", async () => {
    const parts = await linkParts();
    expect(await verifyOwnerLink(secret, parts, now)).toMatchObject({ invoiceNumber: "PB-20261122-123", action: "confirm" });
    expect(await verifyOwnerLink(secret, parts, new Date(now.getTime() + 29 * 86_400_000))).not.toBeNull();
    expect(await verifyOwnerLink(secret, parts, new Date(now.getTime() + 30 * 86_400_000))).toBeNull();
  });

  it("refuses a tampered signature, expiry or invoice number, another action and another secret", async () => {
    const parts = await linkParts();
    const flipped = `${parts.sig!.slice(0, -1)}${parts.sig!.endsWith("0") ? "1" : "0"}`;
    expect(await verifyOwnerLink(secret, { ...parts, sig: flipped }, now)).toBeNull();
    expect(await verifyOwnerLink(secret, { ...parts, expires: String(Number(parts.expires) + 86_400) }, now)).toBeNull();
    expect(await verifyOwnerLink(secret, { ...parts, invoiceNumber: "PB-20261122-124" }, now)).toBeNull();
    expect(await verifyOwnerLink(secret, { ...parts, action: "cancel" }, now)).toBeNull();
    expect(await verifyOwnerLink(secret, { ...parts, action: "delete" }, now)).toBeNull();
    expect(await verifyOwnerLink(`${secret}x`, parts, now)).toBeNull();
    expect(await verifyOwnerLink(secret, { ...parts, sig: null }, now)).toBeNull();
  });
});
