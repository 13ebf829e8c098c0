import { describe, expect, it } from "vitest";
import { amountsDue, type Payment } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import { cancellationOf, describeCancellation } from "~/bookings/record/cancellation";
import { addMonths, moveWindow, refuseMoveTo } from "~/bookings/changes/date-move";
import { addDays } from "~/utils/melbourne-time";

const today = "2026-11-24";
const at = new Date("2026-11-24T01:00:00.000Z");
// $754.00 in all: a $227.00 deposit (30%, rounded up to the dollar) and a $527.00 balance.
const totalCents = 75_400;
const depositCents = 22_700;

function booking(daysAway: number, paidCents: number[] = [], status: BookingRecord["status"] = "confirmed"): BookingRecord {
  const payments: Payment[] = paidCents.map((amountCents, index) => ({ sessionId: `cs_${index}`, kind: index ? "balance" : "deposit", amountCents, currency: "AUD", paidAt: "2026-11-01T00:00:00.000Z" }));
  return { status, history: [{ status, at: "2026-10-01T00:00:00.000Z", by: "client" }] as BookingRecord["history"], totalCents, issuedOn: "2026-10-01", eventDate: addDays(today, daysAway), payments } as BookingRecord;
}

const nothing: number[] = [];
const deposit = [depositCents];
const everything = [depositCents, totalCents - depositCents];

describe("what cancelling costs", () => {
  it.each([
    [31, nothing, { stage: "deposit", feeCents: 0, refundCents: 0, owedCents: 0 }],
    [31, deposit, { stage: "deposit", feeCents: depositCents, keptCents: depositCents, refundCents: 0, owedCents: 0 }],
    [31, everything, { stage: "deposit", feeCents: depositCents, keptCents: depositCents, refundCents: totalCents - depositCents, owedCents: 0 }],
    [30, nothing, { stage: "half", feeCents: 37_700, refundCents: 0, owedCents: 37_700 }],
    [30, deposit, { stage: "half", feeCents: 37_700, keptCents: depositCents, refundCents: 0, owedCents: 37_700 - depositCents }],
    [30, everything, { stage: "half", feeCents: 37_700, keptCents: 37_700, refundCents: totalCents - 37_700, owedCents: 0 }],
    [14, deposit, { stage: "half", feeCents: 37_700, owedCents: 37_700 - depositCents }],
    [13, nothing, { stage: "full", feeCents: totalCents, refundCents: 0, owedCents: totalCents }],
    [13, deposit, { stage: "full", feeCents: totalCents, keptCents: depositCents, refundCents: 0, owedCents: totalCents - depositCents }],
    [13, everything, { stage: "full", feeCents: totalCents, keptCents: totalCents, refundCents: 0, owedCents: 0 }],
  ] as const)("%i days before the event, having paid %j, by the client: %j", (daysAway, paid, figures) => {
    expect(cancellationOf(booking(daysAway, [...paid]), today, "client", at)).toMatchObject({ daysBefore: daysAway, ...figures });
  });

  it("keeps the clock of the date it moved from: moved 20 days out to six weeks later, cancelling still costs half", () => {
    const moved = { ...booking(62, deposit), moves: [{ from: addDays(today, 20), to: addDays(today, 62), at: at.toISOString() }], movedOn: today };
    expect(cancellationOf(booking(62, deposit), today, "client", at)).toMatchObject({ stage: "deposit", feeCents: depositCents });
    expect(cancellationOf(moved, today, "client", at)).toMatchObject({ stage: "half", daysBefore: 62, feeCents: 37_700, owedCents: 37_700 - depositCents });
    const laterStill = addDays(today, 50);
    // Fewer than 14 days before the new date, today's stage is the stricter one.
    expect(cancellationOf(moved, addDays(today, 50), "client", new Date(`${laterStill}T01:00:00Z`))).toMatchObject({ stage: "full", feeCents: totalCents });
  });

  it("keeps the deposit stage after a move made more than 30 days out", () => {
    const moved = { ...booking(90, deposit), moves: [{ from: addDays(today, 45), to: addDays(today, 90), at: at.toISOString() }], movedOn: today };
    expect(cancellationOf(moved, today, "client", at)).toMatchObject({ stage: "deposit", feeCents: depositCents });
  });

  it("withdraws a request with nothing paid free of charge, however close the event", () => {
    expect(cancellationOf(booking(5, [], "requested"), today, "client", at)).toMatchObject({ stage: "withdrawn", feeCents: 0, owedCents: 0 });
  });

  it.each([[nothing], [deposit], [everything]])("owes back everything paid (%j) when the owner cancels", (paid) => {
    const total = paid.reduce((sum, cents) => sum + cents, 0);
    expect(cancellationOf(booking(13, [...paid]), today, "owner", at)).toMatchObject({ stage: "by-owner", feeCents: 0, refundCents: total, owedCents: 0 });
  });

  it("says it in dollars, as the client reads it before deciding", () => {
    expect(describeCancellation(cancellationOf(booking(45, deposit), today, "client", at))).toBe(
      "You have paid $227.00. Cancelling today, 45 days before the event, the deposit of $227.00 is kept and nothing more is owed.",
    );
    expect(describeCancellation(cancellationOf(booking(20, deposit), today, "client", at))).toBe(
      "You have paid $227.00. Cancelling today, 20 days before the event, 50% of the total, $377.00, is due: $150.00 is still owed.",
    );
    expect(describeCancellation(cancellationOf(booking(20, everything), today, "client", at))).toBe(
      "You have paid $754.00. Cancelling today, 20 days before the event, 50% of the total, $377.00, is due: $377.00 is refunded to you.",
    );
  });

  it("leaves what the cancellation owes payable, or what it owes back refundable", () => {
    const halfOwed = booking(20, deposit);
    const cancelled = { ...halfOwed, cancellationFeeCents: cancellationOf(halfOwed, today, "client", at).feeCents };
    expect(amountsDue(cancelled).owingNow).toEqual({ kind: "cancellation", amountCents: 15_000 });
    const overpaid = booking(20, everything);
    const refundable = { ...overpaid, cancellationFeeCents: 37_700 };
    expect(amountsDue(refundable)).toMatchObject({ owingNow: null, refundOwedCents: 37_700 });
    expect(amountsDue({ ...refundable, refunds: [{ amountCents: 37_700 }] })).toMatchObject({ refundOwedCents: 0, state: "partly-refunded" });
  });
});

describe("moving the date", () => {
  it("is open while the event is more than 14 days away, from tomorrow to 6 months after the original date", () => {
    expect(moveWindow(booking(15), today)).toEqual({ open: true, from: "2026-11-25", to: addMonths(addDays(today, 15), 6) });
    expect(moveWindow(booking(14), today)).toMatchObject({ open: false, reason: expect.stringContaining("14 days away or less") });
    expect(moveWindow(booking(40, [], "cancelled"), today)).toMatchObject({ open: false, reason: expect.stringContaining("cancelled") });
  });

  it("counts the 6 months from the original date after earlier moves, and ends on a month's last day when the day has none", () => {
    const moved = { ...booking(60), moves: [{ from: "2026-08-31", to: addDays(today, 60), at: "2026-08-01T00:00:00Z" }] };
    expect(moveWindow(moved, today)).toMatchObject({ to: "2027-02-28" });
  });

  it("refuses the same date, a date outside the window, and takes one inside it", () => {
    const current = booking(40);
    expect(refuseMoveTo(current, today, current.eventDate)).toBe("That is already the booking's date.");
    expect(refuseMoveTo(current, today, today)).toMatch(/^Please choose a date from Wednesday 25 November 2026/);
    expect(refuseMoveTo(current, today, addDays(today, 100))).toBeNull();
  });

  it("works the due dates out again from the new date, everything at once when the balance is now under 14 days away", () => {
    const moved = { ...booking(60), eventDate: addDays(today, 90), rescheduledOn: today };
    expect(amountsDue(moved)).toMatchObject({ balanceDueOn: addDays(today, 76), dueInFull: false });
    const soon = { ...booking(60), eventDate: addDays(today, 10), rescheduledOn: today };
    expect(amountsDue(soon)).toMatchObject({ balanceDueOn: today, dueInFull: true, owingNow: { kind: "full", amountCents: totalCents } });
  });
});

