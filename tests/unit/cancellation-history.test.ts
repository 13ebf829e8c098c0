/**
 * What cancelling costs after the booking has changed (shared/spec/decisions.md, "What a booking
 * is billed, whatever happens to it"): never less than cancelling at the moment of each change
 * would have cost, for the total and the days before the event then.
 */
import { describe, expect, it } from "vitest";
import { movedRecord } from "~/bookings/changes/date-move.server";
import { changedExtras } from "~/bookings/changes/extras-change";
import { depositOf, type Payment } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import { cancellationOf, describeCancellation } from "~/bookings/record/cancellation";
import { priceBooking } from "~/prices/booking-price";
import { noExtras, type Extras } from "~/prices/extras";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";

// A Saturday with no rule: an Open Booth for 3 hours is $535.00, with everything the business sells beside it $1,171.00.
const saturday = "2028-03-04";
const everything: Extras = { extraHours: 2, addOns: ["audio-guest-book", "guest-book", "usb", "online-gallery"], backdrop: "Floral" };
const [allIn, boothOnly] = [117_100, 53_500];

/** Noon in Melbourne, `days` before `date`. */
const before = (date: string, days: number) => melbourneInstant(addDays(date, -days), "12:00");

function booked(extras: Extras, status: BookingRecord["status"] = "confirmed", paid: number[] = []): BookingRecord {
  const { lines, totalCents } = priceBooking({ boothType: "Open Booth", packageDuration: "3 Hours", extras, eventDate: saturday, promo: null, travelFee: 0 });
  const payments: Payment[] = paid.map((amountCents, index) => ({ sessionId: `cs_${index}`, kind: "deposit", amountCents, currency: "AUD", paidAt: "2028-01-02T00:00:00.000Z" }));
  return { status, history: [{ status, at: "2028-01-01T00:00:00.000Z", by: "client" }] as BookingRecord["history"], eventDate: saturday, issuedOn: "2028-01-01", boothType: "Open Booth", packageDuration: "3 Hours", price: 535, travelFee: 0, extras, priceLines: lines, totalCents, payments } as BookingRecord;
}

/** The booking with its extras changed to `extras` at `at`, as the booking page changes them. */
function withExtras(booking: BookingRecord, extras: Extras, at: Date): BookingRecord {
  const result = changedExtras(booking, extras, at, melbourneToday(at));
  if (result.kind !== "changed") throw new Error(result.kind);
  return result.record;
}

/** The booking moved to `to` at `at`, as the ledger moves it (price and extras unchanged). */
const movedTo = (booking: BookingRecord, to: string, at: Date) => movedRecord(booking, { to, at: at.toISOString() }, "hold-after-move");

const cancelled = (booking: BookingRecord, at: Date, by: "client" | "owner" = "client") => cancellationOf(booking, melbourneToday(at), by, at);

describe("cancelling after add-ons were removed", () => {
  it("costs half the total the booking had when they were removed 21 days out: $585.50, not half of what is left ($267.50)", () => {
    const at = before(saturday, 21);
    const removed = withExtras(booked(everything), noExtras, at);
    expect(removed.totalCents).toBe(boothOnly);
    const figures = cancelled(removed, at);
    expect(figures).toMatchObject({ stage: "half", daysBefore: 21, feeCents: allIn / 2, owedCents: allIn / 2 });
    expect(describeCancellation(figures)).toBe(
      "You have paid nothing yet. Cancelling today, 21 days before the event, costs what cancelling on Saturday 12 February 2028, when the add-ons were changed, would have: 50% of the total of $1,171.00 then, $585.50, is due: $585.50 is still owed.",
    );
  });

  it("keeps the deposit of the total they were removed from, more than 30 days out", () => {
    const deposit = depositOf(allIn);
    const removed = withExtras(booked(everything, "confirmed", [deposit]), noExtras, before(saturday, 40));
    const figures = cancelled(removed, before(saturday, 35));
    expect(depositOf(boothOnly)).toBeLessThan(deposit);
    expect(figures).toMatchObject({ stage: "deposit", feeCents: deposit, keptCents: deposit, refundCents: 0 });
    expect(describeCancellation(figures)).toBe(
      `You have paid $352.00. Cancelling today, 35 days before the event, costs what cancelling on Monday 24 January 2028, when the add-ons were changed, would have: the deposit of $352.00 is kept and nothing more is owed.`,
    );
  });

  it("still counts the removal after some add-ons are added back, until today's stage costs more", () => {
    const removed = withExtras(booked(everything), noExtras, before(saturday, 21));
    const some = withExtras(removed, { ...everything, extraHours: 0 }, before(saturday, 20));
    expect(some.totalCents).toBe(87_100);
    expect(cancelled(some, before(saturday, 20))).toMatchObject({ stage: "half", feeCents: allIn / 2, asOf: { change: "extras", totalCents: allIn } });
    // Fewer than 14 days out, the full total of today is more than half of the total then.
    const late = cancelled(some, before(saturday, 13));
    expect(late).toMatchObject({ stage: "full", feeCents: 87_100 });
    expect(late.asOf).toBeUndefined();
  });

  it("counts a removal against the date the booking had then, when it moved afterwards", () => {
    const later = addDays(saturday, 63);
    const removed = withExtras(booked(everything), noExtras, before(saturday, 21));
    const moved = movedTo(removed, later, before(saturday, 20));
    // Today is more than 30 days before the new date; the move, 20 days before the old one, had $535.00 left.
    expect(cancelled(moved, before(later, 50))).toMatchObject({ stage: "half", daysBefore: 50, feeCents: allIn / 2, asOf: { change: "extras" } });
  });

  it("counts a move with the total the booking had when it moved, before add-ons removed afterwards", () => {
    const later = addDays(saturday, 63);
    const moved = movedTo(booked(everything), later, before(saturday, 20));
    const removed = withExtras(moved, noExtras, before(later, 60));
    const figures = cancelled(removed, before(later, 50));
    expect(figures).toMatchObject({ stage: "half", daysBefore: 50, feeCents: allIn / 2, asOf: { change: "move", totalCents: allIn, daysBefore: 20 } });
    expect(describeCancellation(figures)).toContain("costs what cancelling on Sunday 13 February 2028, when the date was moved, would have: 50% of the total of $1,171.00 then, $585.50, is due");
  });

  it("still withdraws a request with nothing paid free of charge, and the owner's cancelling still owes back everything", () => {
    const removed = withExtras(booked(everything, "requested"), noExtras, before(saturday, 21));
    expect(cancelled(removed, before(saturday, 21))).toMatchObject({ stage: "withdrawn", feeCents: 0 });
    const paid = withExtras(booked(everything, "confirmed", [depositOf(allIn)]), noExtras, before(saturday, 21));
    expect(cancelled(paid, before(saturday, 21), "owner")).toMatchObject({ stage: "by-owner", feeCents: 0, refundCents: depositOf(allIn) });
  });
});

describe("a change made while the request could be withdrawn free", () => {
  // Requested with nothing paid 20 days before its event, moved 40 days later, the deposit paid
  // afterwards, then cancelled 35 days before the new date (shared/spec/decisions.md: "The fee
  // floor at each change counts withdrawal").
  const moveAt = before(saturday, 20);
  const newDate = addDays(saturday, 40);
  const deposit = depositOf(boothOnly);
  const bankPayment = (receivedOn: string): Payment => ({ sessionId: "bank-1", method: "bank", kind: "deposit", amountCents: deposit, currency: "AUD", paidAt: `${receivedOn}T02:00:00.000Z` });
  const movedThenPaid = (receivedOn: string, status: BookingRecord["status"] = "requested") => ({ ...movedTo(booked(noExtras, status), newDate, moveAt), payments: [bankPayment(receivedOn)] });

  it("floors the fee at nothing: the deposit paid later is kept, and not half the total ($161.00, not $267.50)", () => {
    expect(deposit).toBe(16_100);
    const figures = cancelled(movedThenPaid(addDays(melbourneToday(moveAt), 3)), before(newDate, 35));
    expect(figures).toMatchObject({ stage: "deposit", daysBefore: 35, feeCents: 16_100, keptCents: 16_100, owedCents: 0, refundCents: 0 });
    expect(figures.asOf).toBeUndefined();
  });

  it("counts a bank payment received the day of the move after the move, whenever it was recorded: it has a date, not a time, and the doubt is the client's", () => {
    const figures = cancelled(movedThenPaid(melbourneToday(moveAt)), before(newDate, 35));
    expect(figures).toMatchObject({ stage: "deposit", feeCents: deposit, keptCents: deposit, owedCents: 0 });
    expect(figures.asOf).toBeUndefined();
  });

  it("counts a card payment made the day of the move at the move: the floor is half the total then", () => {
    const card: Payment = { sessionId: "cs_1", kind: "deposit", amountCents: deposit, currency: "AUD", paidAt: moveAt.toISOString() };
    const figures = cancelled({ ...movedTo(booked(noExtras, "requested"), newDate, moveAt), payments: [card] }, before(newDate, 35));
    expect(figures).toMatchObject({ stage: "half", feeCents: boothOnly / 2, owedCents: boothOnly / 2 - deposit, asOf: { change: "move", daysBefore: 20 } });
  });

  it("does not apply once the owner had confirmed the booking: a confirmed booking is not withdrawn free", () => {
    const figures = cancelled(movedThenPaid(addDays(melbourneToday(moveAt), 3), "confirmed"), before(newDate, 35));
    expect(figures).toMatchObject({ stage: "half", feeCents: boothOnly / 2 });
  });
});
