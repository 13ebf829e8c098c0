/** A booking's autopay consent as its record keeps it (issue 58): a record stored before autopay reads as off; on, off and on again once each. */
import { describe, expect, it } from "vitest";
import { autopayChanged, autopayOf, customerOf, type AutopayConsent, type WithAutopay } from "~/bookings/record/autopay";

// The autopay fields of a booking stored before autopay: it has none.
const storedBefore: WithAutopay & { invoiceNumber: string } = JSON.parse('{"invoiceNumber":"BPB-2026-0042"}');

const card: AutopayConsent = { customer: "cus_1", saved: { kind: "card", paymentMethod: "pm_1", brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 }, since: "2026-12-05T01:00:00.000Z" };

describe("autopay's consent on a booking", () => {
  it("reads as off on a record stored before autopay", () => {
    expect(autopayOf(storedBefore)).toBeNull();
    expect(autopayChanged(storedBefore, { kind: "off", why: "client", at: "2026-12-05T02:00:00.000Z" })).toBeNull();
  });

  it("is on with the method saved, once; off once, with why; a late mandate's end for another method changes nothing", () => {
    const on = autopayChanged(storedBefore, { kind: "on", ...card })!;
    expect(autopayOf(on)).toEqual(card);
    expect(on.invoiceNumber).toBe("BPB-2026-0042");
    expect(autopayChanged(on, { kind: "on", ...card })).toBeNull();
    expect(autopayChanged(on, { kind: "off", why: "mandate-inactive", at: "2026-12-06T00:00:00.000Z", paymentMethod: "pm_other" })).toBeNull();
    const off = autopayChanged(on, { kind: "off", why: "client", at: "2026-12-06T00:00:00.000Z" })!;
    expect(autopayOf(off)).toBeNull();
    expect(off.autopayStopped).toEqual({ why: "client", at: "2026-12-06T00:00:00.000Z" });
    expect(autopayChanged(off, { kind: "off", why: "client", at: "2026-12-07T00:00:00.000Z" })).toBeNull();
    expect(autopayChanged(off, { kind: "on", ...card })?.autopayStopped).toBeUndefined();
  });

  it("keeps the agreement the client read; a change of card keeps it; a consent kept before agreements reads as none", () => {
    const agreement = { sha256: "a".repeat(64), copy: `autopay/BPB-2026-0042/${"a".repeat(64)}.txt` };
    // A consent as it was stored before the agreement was kept: no `agreement`.
    const before: WithAutopay = JSON.parse(JSON.stringify({ autopay: card }));
    expect(autopayOf(before)?.agreement).toBeUndefined();
    const on = autopayChanged(storedBefore, { kind: "on", ...card, agreement })!;
    expect(autopayOf(on)?.agreement).toEqual(agreement);
    const mastercard = { ...card, saved: { ...card.saved, paymentMethod: "pm_2", brand: "mastercard", last4: "4444" } };
    expect(autopayOf(autopayChanged(on, { kind: "on", ...mastercard })!)?.agreement).toEqual(agreement);
  });

  it("keeps the booking's Stripe Customer once, through autopay turned off; a record stored before autopay has none", () => {
    expect(customerOf(storedBefore)).toBeNull();
    const made = autopayChanged(storedBefore, { kind: "customer", customer: "cus_1" })!;
    expect(customerOf(made)).toBe("cus_1");
    expect(autopayChanged(made, { kind: "customer", customer: "cus_2" })).toBeNull();
    const off = autopayChanged(autopayChanged(made, { kind: "on", ...card })!, { kind: "off", why: "client", at: "2026-12-06T00:00:00.000Z" })!;
    expect(customerOf(off)).toBe("cus_1");
  });
});
