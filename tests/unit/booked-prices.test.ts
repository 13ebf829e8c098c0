/**
 * A change of add-ons keeps the prices of what was booked (shared/spec/decisions.md, "What a
 * booking is billed, whatever happens to it"): the booking is made at today's app/pricing.ts, the
 * prices then go up, and the change is priced by the modules loaded again with the new prices, as
 * after a deploy.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { priceBooking, type PriceLine } from "~/prices/booking-price";
import type { Extras } from "~/prices/extras";
import type { PromoCode } from "~/prices/promo-codes";
import type * as Pricing from "~/pricing";

const tuesday = "2028-03-07";
const at = new Date("2028-01-10T00:00:00Z");
const today = "2028-01-10";
const tenPercent: PromoCode = { code: "TEN", off: { percent: 10 }, weekdaysOnly: false, uses: null, createdAt: at.toISOString() };

function booked(extras: Extras, promo: PromoCode | null = null): BookingRecord {
  const { lines, totalCents } = priceBooking({ boothType: "Open Booth", packageDuration: "3 Hours", extras, eventDate: tuesday, promo, travelFee: 20 });
  return { status: "confirmed", eventDate: tuesday, boothType: "Open Booth", packageDuration: "3 Hours", price: 535, travelFee: 20, extras, priceLines: lines, totalCents } as BookingRecord;
}

/** `changedExtras` as the site runs it once app/pricing.ts reads as `changes` say. */
async function changedExtrasWith(changes: (actual: typeof Pricing) => Record<string, unknown>) {
  vi.resetModules();
  vi.doMock("~/pricing", async (importOriginal) => {
    const actual = await importOriginal<typeof Pricing>();
    return { ...actual, ...changes(actual) };
  });
  return (await import("~/bookings/changes/extras-change")).changedExtras;
}

/** Every price up: the booth by $100, an extra hour by $25, each add-on by $10, each backdrop by $20. */
const dearer = (actual: typeof Pricing): Partial<typeof Pricing> => ({
  bookingPrice: (booth, duration) => actual.bookingPrice(booth, duration) + 100,
  extraHourPrice: Object.fromEntries(Object.entries(actual.extraHourPrice).map(([booth, price]) => [booth, price + 25])) as typeof actual.extraHourPrice,
  addOns: Object.fromEntries(Object.entries(actual.addOns).map(([id, addOn]) => [id, { ...addOn, price: addOn.price + 10 }])) as typeof actual.addOns,
  backdropPrices: Object.fromEntries(Object.entries(actual.backdropPrices).map(([name, backdrop]) => [name, { ...backdrop, price: backdrop.price + 20 }])) as typeof actual.backdropPrices,
});

const sold = (lines: readonly PriceLine[]) => lines.filter((line) => !["rule", "promo", "travel"].includes(line.kind));
const cents = (lines: readonly PriceLine[]) => lines.reduce((sum, line) => sum + line.cents, 0);

/** The rule, the code and travel over `soldLines`, as `priceBooking` applies them: -10% on a Tuesday, then 10% off, then $20. */
function adjusted(soldLines: PriceLine[]) {
  const rule = Math.round((cents(soldLines) * -10) / 100);
  const code = -Math.round(((cents(soldLines) + rule) * 10) / 100);
  return { rule, code, total: cents(soldLines) + rule + code + 20_00 };
}

afterEach(() => {
  vi.doUnmock("~/pricing");
  vi.resetModules();
});

describe("changing add-ons after the prices went up", () => {
  const withSome: Extras = { extraHours: 1, addOns: ["audio-guest-book"], backdrop: "Floral" };

  it("keeps every booked line at its booked cents and prices an added add-on at today's price, with the booking's rule and code", async () => {
    const before = booked(withSome, tenPercent);
    const changedExtras = await changedExtrasWith(dearer);
    const result = changedExtras(before, { ...withSome, addOns: ["audio-guest-book", "usb"] }, at, today);
    if (result.kind !== "changed") throw new Error(result.kind);
    const lines = result.record.priceLines!;
    // USB of every photo is $49 now.
    const expectedSold = [...sold(before.priceLines!).slice(0, 3), { kind: "add-on", label: "USB of every photo", cents: 49_00 }, sold(before.priceLines!)[3]!] as PriceLine[];
    expect(sold(lines)).toEqual(expectedSold);
    const { rule, code, total } = adjusted(expectedSold);
    expect(lines.find((line) => line.kind === "rule")).toMatchObject({ percent: -10, cents: rule });
    expect(lines.find((line) => line.kind === "promo")).toMatchObject({ percent: 10, cents: code });
    expect(lines.at(-1)).toEqual({ kind: "travel", label: "Travel", cents: 20_00 });
    expect(result.record.totalCents).toBe(total);
  });

  it("removes a booked add-on's own line, the rest at their booked cents", async () => {
    const before = booked(withSome, tenPercent);
    const changedExtras = await changedExtrasWith(dearer);
    const result = changedExtras(before, { ...withSome, addOns: [] }, at, today);
    if (result.kind !== "changed") throw new Error(result.kind);
    const kept = sold(before.priceLines!).filter((line) => line.kind !== "add-on");
    expect(sold(result.record.priceLines!)).toEqual(kept);
    expect(result.record.totalCents).toBe(adjusted(kept).total);
  });

  it("keeps a booked extra hour at its booked price and charges today's for one more; removing one takes off a booked one", async () => {
    const before = booked(withSome);
    const changedExtras = await changedExtrasWith(dearer);
    const more = changedExtras(before, { ...withSome, extraHours: 2 }, at, today);
    if (more.kind !== "changed") throw new Error(more.kind);
    // The booked hour at $150, the new one at today's $175.
    expect(more.record.priceLines?.find((line) => line.kind === "extra-hours")).toEqual({ kind: "extra-hours", label: "2 extra hours", cents: 150_00 + 175_00 });
    const fewer = changedExtras(booked({ ...withSome, extraHours: 2 }), { ...withSome, extraHours: 1 }, at, today);
    if (fewer.kind !== "changed") throw new Error(fewer.kind);
    expect(fewer.record.priceLines?.find((line) => line.kind === "extra-hours")).toEqual({ kind: "extra-hours", label: "1 extra hour", cents: 150_00 });
  });

  it("prices a newly chosen backdrop at today's price, the rest as booked", async () => {
    const before = booked(withSome);
    const changedExtras = await changedExtrasWith(dearer);
    const result = changedExtras(before, { ...withSome, backdrop: "Graduation" }, at, today);
    if (result.kind !== "changed") throw new Error(result.kind);
    expect(sold(result.record.priceLines!)).toEqual([...sold(before.priceLines!).slice(0, 3), { kind: "backdrop", label: "Graduation backdrop", cents: 70_00 }]);
  });
});

describe("a booking stored before rule lines carried their percentage", () => {
  /** The lines as such a booking stored them: the rule's cents and label, no percentage. */
  function storedOld(extras: Extras): BookingRecord {
    const booking = booked(extras);
    return { ...booking, priceLines: booking.priceLines!.map(({ percent: _percent, ...line }) => line) };
  }

  it("keeps its weekday rule on an added add-on, at the percentage its stored cents were worked out with, whatever the rule is today", async () => {
    const before = storedOld({ extraHours: 0, addOns: [], backdrop: null });
    expect(before.priceLines?.find((line) => line.kind === "rule")).toEqual({ kind: "rule", label: "Weekday (Monday to Thursday) -10%", cents: -53_50 });
    // The weekday discount has since become 15%: the booking keeps the 10% it was made with.
    const changedExtras = await changedExtrasWith((actual) => ({ priceRulePercents: { ...actual.priceRulePercents, weekday: -15 } }));
    const result = changedExtras(before, { extraHours: 0, addOns: ["usb"], backdrop: null }, at, today);
    if (result.kind !== "changed") throw new Error(result.kind);
    expect(result.record.priceLines).toEqual([
      { kind: "booth", label: "Open Booth, 3 Hours", cents: 535_00 },
      { kind: "add-on", label: "USB of every photo", cents: 39_00 },
      { kind: "rule", label: "Weekday (Monday to Thursday) -10%", percent: -10, cents: -57_40 },
      { kind: "travel", label: "Travel", cents: 20_00 },
    ]);
    expect(result.record.totalCents).toBe(535_00 + 39_00 - 57_40 + 20_00);
    expect(result.record.extrasChanges?.at(-1)?.differenceCents).toBe(39_00 - 3_90);
  });
});
