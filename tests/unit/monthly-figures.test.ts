/**
 * The owner's numbers (app/numbers/monthly-figures.ts): each figure counted in its Melbourne month,
 * what a booking is billed as its status says (docs/product-decisions.md, "What a booking is
 * billed, whatever happens to it"), and this year's months beside the year before's.
 */
import { describe, expect, it } from "vitest";
import type { Payment } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import { monthlyFigures, type MonthFigures } from "~/numbers/monthly-figures";
import { numbersCharts } from "~/numbers/numbers-page.server";

const today = "2026-11-27";
let count = 0;

function booking(overrides: Partial<BookingRecord>): BookingRecord {
  count += 1;
  return {
    kind: "booking",
    invoiceNumber: `PB-20261101-${100 + count}`,
    invoiceSecret: "s3cret",
    status: "confirmed",
    history: [{ status: "requested", at: "2026-11-02T01:00:00.000Z", by: "client" }],
    fullName: "Nguyễn Thị Hoa",
    email: "hoa@example.com",
    boothType: "Open Booth",
    packageDuration: "3 Hours",
    eventLocation: "Footscray",
    receivedAt: "2026-11-02T01:00:00.000Z",
    issuedOn: "2026-11-02",
    eventDate: "2026-11-21",
    totalCents: 60_000,
    payments: [],
    emailDelivery: {},
    ...overrides,
  } as BookingRecord;
}

const paid = (amountCents: number, paidAt: string, method: Payment["method"] = "card"): Payment => ({ sessionId: `cs_${paidAt}`, method, kind: "deposit", amountCents, currency: "aud", paidAt });

/** This year's figures of `month`, and the year before's beside it. */
function monthOf(figures: ReturnType<typeof monthlyFigures>, month: string): { current: MonthFigures; before: MonthFigures } {
  const pair = figures.find((entry) => entry.current.month === month);
  if (!pair) throw new Error(`${month} is not among the months shown`);
  return pair;
}

describe("the owner's monthly figures", () => {
  it("bills a declined booking nothing, a cancelled one its fee and a kept one its total, by event month", () => {
    const figures = monthlyFigures(
      [
        booking({ totalCents: 60_000 }),
        booking({ status: "declined", totalCents: 80_000 }),
        booking({ status: "expired", totalCents: 90_000 }),
        booking({ status: "cancelled", totalCents: 70_000, cancellation: { by: "client", at: "2026-11-10T00:00:00.000Z", stage: "deposit", daysBefore: 11, paidCents: 0, feeCents: 21_000, keptCents: 0, refundCents: 0, owedCents: 21_000 } }),
        booking({ eventDate: "2026-12-05", totalCents: 55_000 }),
      ],
      [],
      today,
    );
    const november = monthOf(figures, "2026-11").current;
    expect(november.bookedCents).toBe(60_000 + 21_000);
    // Every booking received counts as made, whatever became of it.
    expect(november.bookings).toBe(5);
    // The average is over the events that bill anything: the kept one and the cancelled one.
    expect(november.averageBookingCents).toBe(40_500);
    // An event next month is not among the months shown yet.
    expect(figures.map((pair) => pair.current.month)).not.toContain("2026-12");
    expect(monthOf(figures, "2026-10").current.averageBookingCents).toBeNull();
  });

  it("counts money in the Melbourne month it moved: a refund lowers its month, a voided bank payment never counts", () => {
    const figures = monthlyFigures(
      [
        booking({
          payments: [paid(20_000, "2026-09-03T02:00:00.000Z"), paid(40_000, "2026-10-12T02:00:00.000Z", "bank")],
          refunds: [{ id: "re_1", amountCents: 15_000, method: "card", at: "2026-10-20T05:00:00.000Z" }],
          voidedPayments: [{ ...paid(9_900, "2026-10-13T02:00:00.000Z", "bank"), voidedAt: "2026-10-14T00:00:00.000Z", reason: "mistyped" }],
        }),
      ],
      [],
      today,
    );
    expect(monthOf(figures, "2026-09").current.paidCents).toBe(20_000);
    expect(monthOf(figures, "2026-10").current.paidCents).toBe(40_000 - 15_000);
  });

  it("puts a payment made at 23:30 UTC on the last day of a month in the next Melbourne month", () => {
    // 23:30 UTC on 31 August is 09:30 on 1 September in Melbourne (AEST); on 30 November, 10:30 on 1 December (AEDT).
    const figures = monthlyFigures([booking({ payments: [paid(12_300, "2026-08-31T23:30:00.000Z")] }), booking({ payments: [paid(4_500, "2026-10-31T23:30:00.000Z")] })], [], today);
    expect(monthOf(figures, "2026-08").current.paidCents).toBe(0);
    expect(monthOf(figures, "2026-09").current.paidCents).toBe(12_300);
    expect(monthOf(figures, "2026-10").current.paidCents).toBe(0);
    expect(monthOf(figures, "2026-11").current.paidCents).toBe(4_500);
  });

  it("lines each month up with the same month a year before, across a year boundary", () => {
    const figures = monthlyFigures(
      [
        booking({ receivedAt: "2025-12-10T01:00:00.000Z", issuedOn: "2025-12-10", eventDate: "2026-01-17" }),
        booking({ receivedAt: "2024-12-10T01:00:00.000Z", issuedOn: "2024-12-10", eventDate: "2025-01-18", totalCents: 45_000 }),
        // Received late on 31 December UTC: New Year's Day in Melbourne.
        booking({ receivedAt: "2025-12-31T14:00:00.000Z", issuedOn: "2026-01-01", eventDate: "2026-03-01" }),
        // Before the 24 months shown.
        booking({ receivedAt: "2024-11-30T01:00:00.000Z", issuedOn: "2024-11-30", eventDate: "2024-11-30" }),
      ],
      [],
      "2026-11-27",
    );
    expect(figures).toHaveLength(12);
    expect(figures[0]!.current.month).toBe("2025-12");
    expect(figures[0]!.before.month).toBe("2024-12");
    expect(figures.at(-1)!.current.month).toBe("2026-11");
    expect(figures.at(-1)!.before.month).toBe("2025-11");
    for (const { current, before } of figures) expect(Number(current.month.slice(0, 4)) * 12 + Number(current.month.slice(5))).toBe(Number(before.month.slice(0, 4)) * 12 + Number(before.month.slice(5)) + 12);
    expect(monthOf(figures, "2025-12")).toMatchObject({ current: { bookings: 1 }, before: { bookings: 1 } });
    expect(monthOf(figures, "2026-01")).toMatchObject({ current: { bookings: 1, bookedCents: 60_000 }, before: { bookings: 0, bookedCents: 45_000 } });
    expect(figures.reduce((sum, pair) => sum + pair.current.bookings + pair.before.bookings, 0)).toBe(3);
  });

  it("counts the add-ons of bookings that hold or held their date, by the month they were booked", () => {
    const extras = (addOns: NonNullable<BookingRecord["extras"]>["addOns"]) => ({ extraHours: 0, addOns, backdrop: null });
    const figures = monthlyFigures(
      [
        booking({ extras: extras(["audio-guest-book", "usb"]) }),
        booking({ status: "cancelled", extras: extras(["usb"]) }),
        booking({ status: "declined", extras: extras(["usb", "online-gallery"]) }),
        booking({ status: "expired", extras: extras(["guest-book"]) }),
        booking({}),
      ],
      [],
      today,
    );
    expect(monthOf(figures, "2026-11").current.addOns).toEqual({ "audio-guest-book": 1, "guest-book": 0, usb: 2, "online-gallery": 0 });
  });

  it("takes the quotes' months as given: how many, how many booked, and the median and mean days to book", () => {
    const figures = monthlyFigures(
      [],
      [
        { month: "2026-10", quotes: 9, booked: 4, daysToBook: [1, 2, 6, 10] },
        { month: "2025-10", quotes: 5, booked: 3, daysToBook: [0, 3, 4] },
        { month: "2023-01", quotes: 7, booked: 0, daysToBook: [] },
      ],
      today,
    );
    expect(monthOf(figures, "2026-10")).toMatchObject({
      current: { quotes: 9, quotesBooked: 4, medianDaysToBook: 4, meanDaysToBook: 4.8 },
      before: { quotes: 5, quotesBooked: 3, medianDaysToBook: 3, meanDaysToBook: 2.3 },
    });
    expect(monthOf(figures, "2026-09").current).toMatchObject({ quotes: 0, medianDaysToBook: null, meanDaysToBook: null });
  });

  it("shows money in whole dollars in the tables beneath the charts", () => {
    const view = numbersCharts([booking({ totalCents: 123_450, payments: [paid(37_100, "2026-11-03T02:00:00.000Z")] })], [], today);
    const table = (id: string) => view.charts.find((chart) => chart.id === id)!.table;
    expect(view.current).toBe("December 2025 to November 2026");
    expect(table("revenue-booked").rows.at(-1)).toEqual({ head: "Nov 2026", cells: ["$1,235", "$0 (Nov 2025)"] });
    expect(table("revenue-paid").rows.at(-1)!.cells[0]).toBe("$371");
    expect(table("bookings").rows.at(-1)!.cells[0]).toBe("1");
  });
});
