/**
 * A monthly plan laid out again after a change (docs/product-decisions.md, "Payment plans and
 * autopay": a change spreads the difference over the instalments still to come; a move re-dates
 * them by the new balance due date, too near: the rest due at once). Figures by hand from the
 * terms: the deposit 30% rounded up to the whole dollar, the balance due 14 days before the event,
 * instalments on the balance due date's day of each month from 30 days after booking.
 */
import { describe, expect, it } from "vitest";
import type { Payment } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import { instalmentsPaid, replanned } from "~/bookings/record/payment-plan";
import { billableOf } from "~/bookings/record/billable";
import { movedSchedule } from "~/bookings/changes/move-calendar.server";
import { melbourneInstant } from "~/utils/melbourne-time";

// $1,000.00 booked 10 January 2027 for 14 June 2027: $300.00 deposit, the $700.00 balance due 31 May in four.
const planned = [
  { dueOn: "2027-02-28", amountCents: 17_500 },
  { dueOn: "2027-03-31", amountCents: 17_500 },
  { dueOn: "2027-04-30", amountCents: 17_500 },
  { dueOn: "2027-05-31", amountCents: 17_500 },
];

function booking(paid: number[], overrides: Partial<BookingRecord> = {}): BookingRecord {
  const payments: Payment[] = paid.map((amountCents, index) => ({ sessionId: `bank-${index}`, method: "bank", kind: index ? "instalment" : "deposit", amountCents, currency: "AUD", paidAt: "2027-01-12T00:00:00.000Z" }));
  return {
    status: "confirmed",
    issuedOn: "2027-01-10",
    receivedAt: "2027-01-10T01:00:00.000Z",
    eventDate: "2027-06-14",
    totalCents: 100_000,
    payments,
    paymentPlan: { option: "monthly", instalments: planned, depositCents: 30_000, chosenAt: "2027-01-10T01:00:00.000Z" },
    ...overrides,
  } as BookingRecord;
}

describe("a plan laid out again", () => {
  it("add-ons of $150.00 on 15 March: the instalments to come take the difference, never the deposit nor the instalment already paid", () => {
    // $1,150.00: the $300.00 deposit paid stays, $175.00 paid on 28 February stays, $675.00 over the three to come.
    const changed = replanned(booking([30_000, 17_500], { totalCents: 115_000 }), "2027-03-15");
    expect(changed.paymentPlan?.instalments).toEqual([
      { dueOn: "2027-02-28", amountCents: 17_500 },
      { dueOn: "2027-03-31", amountCents: 22_500 },
      { dueOn: "2027-04-30", amountCents: 22_500 },
      { dueOn: "2027-05-31", amountCents: 22_500 },
    ]);
    expect(changed.paymentPlan?.depositCents).toBe(30_000);
    // Short: the three to come, $675.00, what is owing; the first stays paid.
    expect(instalmentsPaid(billableOf(changed)).map((instalment) => instalment.shortCents)).toEqual([0, 22_500, 22_500, 22_500]);
  });

  it("add-ons before the deposit is paid: the deposit is the terms' share of the new total, the balance beyond it spread", () => {
    // $1,150.00, nothing paid: a $345.00 deposit, $805.00 over the four instalments after 15 March's day.
    const changed = replanned(booking([], { totalCents: 115_000 }), "2027-02-01");
    expect(changed.paymentPlan?.depositCents).toBe(34_500);
    expect(changed.paymentPlan?.instalments?.reduce((sum, instalment) => sum + instalment.amountCents, 0)).toBe(80_500);
  });

  it("a plan laid out before its deposit was kept reads the deposit of the total as it stands", () => {
    // $1,150.00: a $345.00 deposit, $805.00 of balance; $175.00 paid on 28 February stays, $630.00 over the three to come.
    const stored = booking([30_000, 17_500], { totalCents: 115_000 });
    const { depositCents: _notKept, ...plan } = stored.paymentPlan!;
    const changed = replanned({ ...stored, paymentPlan: plan }, "2027-03-15");
    expect(changed.paymentPlan?.instalments).toEqual([
      { dueOn: "2027-02-28", amountCents: 17_500 },
      { dueOn: "2027-03-31", amountCents: 21_000 },
      { dueOn: "2027-04-30", amountCents: 21_000 },
      { dueOn: "2027-05-31", amountCents: 21_000 },
    ]);
  });

  it("add-ons removed: the decrease comes off the instalments to come; one already due and unpaid stays as it was", () => {
    // $900.00: the $300.00 deposit paid stays, $600.00 of balance; 28 February's $175.00 is overdue and stays; $425.00 over 31 March, 30 April and 31 May.
    const changed = replanned(booking([30_000], { totalCents: 90_000 }), "2027-03-15");
    expect(changed.paymentPlan?.instalments).toEqual([
      { dueOn: "2027-02-28", amountCents: 17_500 },
      { dueOn: "2027-03-31", amountCents: 14_166 },
      { dueOn: "2027-04-30", amountCents: 14_166 },
      { dueOn: "2027-05-31", amountCents: 14_168 },
    ]);
  });

  it("a move on 15 March to 20 May: the instalments to come fall on the new balance due date's day, 6 April and 6 May", () => {
    const changed = replanned(booking([30_000], { eventDate: "2027-05-20", movedOn: "2027-03-15" }), "2027-03-15");
    expect(changed.paymentPlan?.instalments).toEqual([
      { dueOn: "2027-02-28", amountCents: 17_500 },
      { dueOn: "2027-04-06", amountCents: 26_250 },
      { dueOn: "2027-05-06", amountCents: 26_250 },
    ]);
  });

  it("a move too near for a month's instalment: the rest is due at once, on the day of the move", () => {
    const changed = replanned(booking([30_000, 17_500], { eventDate: "2027-03-25", movedOn: "2027-03-15" }), "2027-03-15");
    expect(changed.paymentPlan?.instalments).toEqual([
      { dueOn: "2027-02-28", amountCents: 17_500 },
      { dueOn: "2027-03-15", amountCents: 52_500 },
    ]);
  });

  it("moved under 14 days away: the instalments paid stay paid, and only the rest is short (the model of the books found it charged again)", () => {
    // Paid: the $300.00 deposit and the first two; moved on 1 April to 10 April, everything is due at once: only the $350.00 of the last two is short.
    const moved = booking([30_000, 17_500, 17_500], { eventDate: "2027-04-10", movedOn: "2027-04-01" });
    expect(instalmentsPaid(billableOf(moved)).map(({ shortCents }) => shortCents)).toEqual([0, 0, 17_500, 17_500]);
  });

  it("cancelled, declined or lapsed: nothing more falls due by the plan", () => {
    for (const overrides of [{ status: "cancelled" as const, cancellation: { feeCents: 30_000 } as BookingRecord["cancellation"] }, { status: "declined" as const }, { status: "expired" as const }]) {
      expect(instalmentsPaid(billableOf(booking([30_000], overrides)))).toEqual([]);
    }
  });
});

describe("the move page, before the client confirms", () => {
  const at = melbourneInstant("2027-02-01", "10:00");

  it("shows the instalments re-dated by the new balance due date", () => {
    // To 20 May: the balance due 6 May; from 9 February (30 days after booking): 6 March, 6 April, 6 May, $700.00 in three.
    expect(movedSchedule(booking([30_000]), "2027-05-20", at)).toEqual([
      { label: "Deposit, due by Sunday 17 January 2027", amount: "$300.00" },
      { label: "Balance, due by Thursday 6 May 2027", amount: "$700.00" },
      { label: "Instalment, due by Saturday 6 March 2027", amount: "$233.33" },
      { label: "Instalment, due by Tuesday 6 April 2027", amount: "$233.33" },
      { label: "Instalment, due by Thursday 6 May 2027", amount: "$233.34" },
      { label: "Paid so far", amount: "$300.00" },
    ]);
  });

  it("says the rest is due at once when the new date is too near", () => {
    expect(movedSchedule(booking([30_000]), "2027-02-10", at)).toEqual([
      { label: "Due in full by Monday 1 February 2027 (the event is under 14 days away)", amount: "$1,000.00" },
      { label: "Instalment, due by Monday 1 February 2027", amount: "$700.00" },
      { label: "Paid so far", amount: "$300.00" },
    ]);
  });
});
