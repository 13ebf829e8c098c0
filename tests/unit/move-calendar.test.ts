import { describe, expect, it } from "vitest";
import { moveCalendar, movedSchedule, movedSchedules, moveQuery } from "~/bookings/changes/move-calendar.server";
import { moveWindow } from "~/bookings/changes/date-move";
import { monthRange, type CalendarDay, type CalendarMonth } from "~/bookings/holds/calendar";
import { calendarMonth } from "~/bookings/holds/calendar-month";
import { noBlocks } from "~/bookings/holds/fleet";
import { dayAvailability, type DayAvailability } from "~/bookings/holds/stock";
import type { BookingRecord } from "~/bookings/record/booking";
import { formatDateInWords } from "~/utils/date-words";
import { addDays } from "~/utils/melbourne-time";

const today = "2026-11-24";
const at = new Date("2026-11-24T01:00:00.000Z");
// A Glam Booth on Sunday 20 December 2026, $754.00 in all: it may move from tomorrow to 20 June 2027.
const booking = {
  status: "confirmed",
  history: [{ status: "confirmed", at: "2026-10-01T00:00:00.000Z", by: "client" }],
  boothType: "Glam Booth",
  eventDate: "2026-12-20",
  holdId: "hold-1",
  totalCents: 75_400,
  issuedOn: "2026-10-01",
  payments: [],
} as unknown as BookingRecord;
const window = moveWindow(booking, today) as Extract<ReturnType<typeof moveWindow>, { open: true }>;

/** The month the move page shows for `search`, every booth free every day. */
function shown(search: string): CalendarMonth {
  const query = moveQuery(new URLSearchParams(search), booking, window, today);
  const { from, to } = monthRange(query.month);
  const free: Record<string, DayAvailability> = {};
  for (let date = from; date <= to; date = addDays(date, 1)) free[date] = dayAvailability({}, noBlocks);
  return moveCalendar(calendarMonth(query, free, today), booking, window, at);
}

const days = (month: CalendarMonth) => month.weeks.flat().filter((day): day is CalendarDay => day !== null);
const dayOf = (month: CalendarMonth, date: string) => days(month).find((day) => day.date === date)!;

describe("the move page's calendar", () => {
  it("opens on the booking's own month, for its booth, and keeps a month asked for inside the window", () => {
    expect(window).toMatchObject({ from: "2026-11-25", to: "2027-06-20" });
    expect(moveQuery(new URLSearchParams(""), booking, window, today)).toEqual({ month: "2026-12", booth: "Glam Booth", date: null, hours: null });
    expect(moveQuery(new URLSearchParams("month=2027-09&booth=open-booth&hours=5+Hours"), booking, window, today)).toMatchObject({ month: "2027-06", booth: "Glam Booth", hours: null });
    expect(moveQuery(new URLSearchParams("month=2026-10"), booking, window, today).month).toBe("2026-12");
  });

  it("marks every free day with the move's price difference, none, in place of the date's rule, and closes the booking's own date", () => {
    const december = shown("");
    // Monday 21 December would take 10% off a new booking, Christmas Day 20% more: a move keeps the price.
    for (const date of ["2026-12-19", "2026-12-21", "2026-12-25"]) {
      expect(dayOf(december, date)).toMatchObject({ state: "free", rule: { words: "price difference +$0.00, your total $754.00", mark: null } });
    }
    expect(dayOf(december, "2026-12-20")).toMatchObject({ state: "closed", why: "your booking's date now", rule: null });
    expect(december.previous).toBe("2026-11");
  });

  it("says when the deposit and balance fall due on each free day: the balance 14 days before the new date, the whole at once when that is under 14 days away", () => {
    // The deposit ($754.00 at 30%, rounded up to the dollar) is still due 7 days from the booking's issue.
    expect(movedSchedule(booking, "2027-03-20", at)).toEqual([
      { label: `Deposit, due by ${formatDateInWords("2026-10-08")}`, amount: "$227.00" },
      { label: `Balance, due by ${formatDateInWords("2027-03-06")}`, amount: "$527.00" },
    ]);
    expect(movedSchedule(booking, "2026-12-01", at)).toEqual([{ label: `Due in full by ${formatDateInWords(today)} (the event is under 14 days away)`, amount: "$754.00" }]);
    const schedules = movedSchedules(shown(""), booking, at);
    expect(schedules["2026-12-19"]).toEqual(movedSchedule(booking, "2026-12-19", at));
    expect(schedules["2026-12-20"]).toBeUndefined();
  });

  it("says what is paid already beside the dates, as the invoice does, so a paid deposit does not read as owing", () => {
    const deposit = { sessionId: "cs_1", kind: "deposit", amountCents: 22_700, currency: "AUD", paidAt: "2026-10-02T00:00:00.000Z", paymentIntent: "pi_1" };
    expect(movedSchedule({ ...booking, payments: [deposit] } as BookingRecord, "2027-03-20", at)).toEqual([
      { label: `Deposit, due by ${formatDateInWords("2026-10-08")}`, amount: "$227.00" },
      { label: `Balance, due by ${formatDateInWords("2027-03-06")}`, amount: "$527.00" },
      { label: "Paid so far", amount: "$227.00" },
    ]);
  });

  it("closes the days past the window and offers no month after its last", () => {
    const june = shown("month=2027-06");
    expect(dayOf(june, "2027-06-20").state).toBe("free");
    expect(dayOf(june, "2027-06-21")).toMatchObject({ state: "closed", why: "not open for a move" });
    expect(june.next).toBeNull();
    expect(shown("month=2026-11").previous).toBeNull();
  });

  it("keeps a day from the address only when the booking can move to it", () => {
    expect(shown("month=2026-12&date=2026-12-27").date).toBe("2026-12-27");
    expect(shown("month=2026-12&date=2026-12-20").date).toBeNull();
  });
});
