/**
 * The calendar of the client's "Change the date" page (docs/product-decisions.md, "Changes,
 * cancellations and refunds" and "Booking on a phone"): the month of their booth's availability,
 * with only the dates the booking can move to open, each marked with what the move does to the
 * price. Server-only (it works the move out as the ledger stores it), and pure, so the page and the tests agree.
 */
import { movedRecord } from "~/bookings/changes/date-move.server";
import type { MoveWindow } from "~/bookings/changes/date-move";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { instalmentLines, paidLine, paymentSchedule, type StatementLine } from "~/bookings/invoice/invoice-statement";
import type { BookingRecord } from "~/bookings/record/booking";
import { calendarQuery, type CalendarDay, type CalendarMonth, type CalendarQuery } from "~/bookings/holds/calendar";
import type { BoothType } from "~/pricing";

type OpenWindow = Extract<MoveWindow, { open: true }>;

/**
 * The month the page's address asks for (`?key=…&month=…&date=…`; without one, the booking's own
 * month), kept inside the window, for the booking's own booth; a month link carries nothing else.
 */
export function moveQuery(params: URLSearchParams, booking: Pick<BookingRecord, "boothType" | "eventDate">, window: OpenWindow, today: string): CalendarQuery {
  const { month, date } = calendarQuery(params, today, booking.eventDate);
  const first = window.from.slice(0, 7);
  const last = window.to.slice(0, 7);
  return { month: month < first ? first : month > last ? last : month, booth: booking.boothType as BoothType, date, hours: null };
}

/**
 * What moving to `to` does to the booking's total, in cents: the total of the record the ledger
 * would store (`movedRecord`) less today's. A move keeps the price and travel, so it is nothing.
 */
export function moveDifferenceCents(booking: BookingRecord, to: string, at: Date): number {
  return movedRecord(booking, { to, at: at.toISOString() }, booking.holdId).totalCents - booking.totalCents;
}

/**
 * The deposit and balance with the dates they fall due once moved to `to`, as the invoice would
 * print them: the figures of the record the ledger would store (`amountsDue` of `movedRecord`),
 * whose due dates follow the new date; and what is paid already, when anything is, so a deposit
 * paid does not read as owing.
 */
export function movedSchedule(booking: BookingRecord, to: string, at: Date): StatementLine[] {
  const moved = movedRecord(booking, { to, at: at.toISOString() }, booking.holdId);
  const due = amountsDue(billableOf(moved));
  // A monthly plan's instalments re-dated by the new balance due date, before the client confirms (too near: the rest due today).
  return [...paymentSchedule(due), ...instalmentLines(moved), ...(due.paidCents ? [paidLine(due)] : [])];
}

/** The moved schedule of every free day of the month, by date: what the page says once a day is chosen. */
export function movedSchedules(month: CalendarMonth, booking: BookingRecord, at: Date): Record<string, StatementLine[]> {
  return Object.fromEntries(month.weeks.flat().flatMap((day) => (day?.state === "free" ? [[day.date, movedSchedule(booking, day.date, at)]] : [])));
}

function signed(cents: number, format: (cents: number) => string): string {
  return `${cents < 0 ? "−" : "+"}${format(Math.abs(cents))}`;
}

/**
 * The booth's month with the move's rules: a day outside the window, or the booking's own date, is
 * closed; a free day carries its price difference where the booking form's calendar has the date's
 * price rule (a move does not take it). A date in the address is kept only if it is open and free.
 */
export function moveCalendar(month: CalendarMonth, booking: BookingRecord, window: OpenWindow, at: Date): CalendarMonth {
  const dayOf = (day: CalendarDay): CalendarDay => {
    if (day.state === "past") return day;
    if (day.date === booking.eventDate) return { ...day, state: "closed", why: "your booking's date now", rule: null, gone: [] };
    if (day.date < window.from || day.date > window.to) return { ...day, state: "closed", why: "not open for a move", rule: null, gone: [] };
    if (day.state === "booked") return { ...day, rule: null };
    const cents = moveDifferenceCents(booking, day.date, at);
    const words = `price difference ${signed(cents, formatCents)}, your total ${formatCents(booking.totalCents + cents)}`;
    // Every day would read +$0 while a move keeps the price: a mark only where a day differs; the words are read out always.
    return { ...day, rule: { words, mark: cents ? signed(cents, (value) => `$${Math.round(value / 100)}`) : null } };
  };
  const weeks = month.weeks.map((week) => week.map((day) => day && dayOf(day)));
  const open = weeks.flat().some((day) => day?.date === month.date && day.state === "free");
  return {
    ...month,
    weeks,
    date: open ? month.date : null,
    previous: month.month > window.from.slice(0, 7) ? month.previous : null,
    next: month.month < window.to.slice(0, 7) ? month.next : null,
  };
}
