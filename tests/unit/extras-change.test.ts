import { describe, expect, it } from "vitest";
import { changedExtras, extrasChangeClosed } from "~/bookings/changes/extras-change";
import { billingDocuments } from "~/bookings/invoice/billing-documents";
import type { BookingRecord } from "~/bookings/record/booking";
import { priceBooking } from "~/prices/booking-price";
import { noExtras, type Extras } from "~/prices/extras";
import type { PromoCode } from "~/prices/promo-codes";

const saturday = "2028-03-04";
const tuesday = "2028-03-07";
const at = new Date("2028-01-10T00:00:00Z");
const today = "2028-01-10";

function booked(eventDate: string, extras: Extras, promo: PromoCode | null = null, travelFee = 0): BookingRecord {
  const { lines, totalCents } = priceBooking({ boothType: "Open Booth", packageDuration: "3 Hours", extras, eventDate, promo, travelFee });
  return { status: "confirmed", eventDate, boothType: "Open Booth", packageDuration: "3 Hours", price: 535, travelFee, extras, priceLines: lines, totalCents } as BookingRecord;
}

const code = (off: PromoCode["off"]): PromoCode => ({ code: "TEST", off, weekdaysOnly: false, uses: null, createdAt: at.toISOString() });
const withAudio: Extras = { ...noExtras, addOns: ["audio-guest-book"] };

describe("changing a booking's add-ons", () => {
  it("keeps the first invoice of a booking changed before the invoice's lines were kept: the next change adds its own document and rewrites none", () => {
    // As stored before `issuedLines` was kept: booked without add-ons, the audio guest book added since.
    const first = booked(saturday, noExtras);
    const added = changedExtras(first, withAudio, new Date("2028-01-05T00:00:00Z"), "2028-01-05");
    if (added.kind !== "changed") throw new Error(added.kind);
    const { issuedLines: _notKeptThen, ...older } = added.record;
    const stored = { ...older, invoiceNumber: "PB-20271201-101", issuedOn: "2027-12-01", receivedAt: "2027-12-01T00:00:00.000Z", history: [{ status: "confirmed", at: "2027-12-01T00:00:00.000Z", by: "client" }], travel: null, service: "Photobooth" } as BookingRecord;
    const before = billingDocuments(stored);
    const result = changedExtras(stored, { ...withAudio, addOns: ["audio-guest-book", "online-gallery"] }, at, today);
    if (result.kind !== "changed") throw new Error(result.kind);
    const after = billingDocuments(result.record);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.map((document) => [document.number, document.totalCents])).toEqual([
      ["PB-20271201-101", 535_00],
      ["PB-20271201-101-A1", 149_00],
      ["PB-20271201-101-A2", 49_00],
    ]);
  });

  it("invoices an added add-on at its price on a date without a rule, travel unchanged", () => {
    const result = changedExtras(booked(saturday, noExtras, null, 20), withAudio, at, today);
    expect(result.kind).toBe("changed");
    if (result.kind !== "changed") return;
    expect(result.record.totalCents).toBe(535_00 + 149_00 + 20_00);
    expect(result.record.extrasChanges?.[0]).toMatchObject({ differenceCents: 149_00, toWords: "Audio guest book" });
    expect(result.record.priceLines?.map((line) => line.kind)).toEqual(["booth", "add-on", "travel"]);
  });

  it("takes the weekday discount off an added backdrop as it did off the booth", () => {
    const result = changedExtras(booked(tuesday, noExtras), { ...noExtras, backdrop: "Floral" }, at, today);
    if (result.kind !== "changed") throw new Error(result.kind);
    expect(result.record.totalCents).toBe(Math.round((535_00 + 50_00) * 0.9));
    expect(result.record.priceLines?.find((line) => line.kind === "rule")).toMatchObject({ percent: -10, cents: -58_50 });
  });

  it("applies a percent code to the new extras and keeps a dollars code at its dollars", () => {
    const percent = changedExtras(booked(saturday, noExtras, code({ percent: 10 })), { ...noExtras, addOns: ["usb"] }, at, today);
    if (percent.kind !== "changed") throw new Error(percent.kind);
    expect(percent.record.totalCents).toBe((535_00 + 39_00) * 0.9);
    const dollars = changedExtras(booked(saturday, noExtras, code({ dollars: 50 })), { ...noExtras, addOns: ["usb"] }, at, today);
    if (dollars.kind !== "changed") throw new Error(dollars.kind);
    expect(dollars.record.totalCents).toBe(535_00 + 39_00 - 50_00);
  });

  it("lowers the total when an add-on is removed, keeping the booth's price as it was booked", () => {
    const before = booked(saturday, withAudio);
    const bookedEarlier = { ...before, totalCents: 649_00, priceLines: before.priceLines!.map((line) => (line.kind === "booth" ? { ...line, cents: 500_00 } : line)) };
    const result = changedExtras(bookedEarlier, noExtras, at, today);
    if (result.kind !== "changed") throw new Error(result.kind);
    expect(result.record.totalCents).toBe(500_00);
    expect(result.record.extrasChanges?.[0]?.differenceCents).toBe(-149_00);
  });

  it("reprices a booking made before add-ons were sold from its booth and travel", () => {
    const old = { ...booked(saturday, noExtras, null, 30), priceLines: undefined, extras: undefined, totalCents: 565_00 } as BookingRecord;
    const result = changedExtras(old, withAudio, at, today);
    if (result.kind !== "changed") throw new Error(result.kind);
    expect(result.record.totalCents).toBe(535_00 + 149_00 + 30_00);
  });

  it("changes nothing when the same extras come back in another order", () => {
    const both: Extras = { ...noExtras, addOns: ["usb", "guest-book"] };
    expect(changedExtras(booked(saturday, both), { ...both, addOns: ["guest-book", "usb"] }, at, today).kind).toBe("same");
  });

  it("closes 14 days before the event and for a booking that holds no booth", () => {
    expect(extrasChangeClosed({ status: "confirmed", eventDate: "2028-01-25" }, today)).toBeNull();
    expect(extrasChangeClosed({ status: "confirmed", eventDate: "2028-01-24" }, today)).toMatch(/14 days away or less/);
    expect(extrasChangeClosed({ status: "cancelled", eventDate: saturday }, today)).toMatch(/cancelled/);
    expect(changedExtras({ ...booked(saturday, noExtras), status: "declined" }, withAudio, at, today).kind).toBe("refused");
  });
});
