/**
 * The owner's numbers (docs/operations.md, "Your numbers"): for each of the last 12 Melbourne
 * months, ending with the current one, and the same month a year before, what the books say.
 * Pure: the page reads the bookings through the index of dates and the quotes' figures through
 * their own index, and hands both in.
 *
 * Each figure is counted by the month it belongs to: a booking made by the month it was received,
 * revenue booked by its event's month (what the booking is billed as things stand, docs/product-decisions.md,
 * "What a booking is billed, whatever happens to it"), revenue paid by the Melbourne day the money
 * moved, add-ons sold by the month they were booked.
 */
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { addOnIds, type AddOnId } from "~/pricing";
import { melbourneToday } from "~/utils/melbourne-time";

import type { QuoteMonth } from "~/quotes/quote-book";

export type { QuoteMonth };

export interface MonthFigures {
  /** `YYYY-MM`, Melbourne's month. */
  month: string;
  quotes: number;
  /** Bookings received in the month, whatever became of them. */
  bookings: number;
  quotesBooked: number;
  medianDaysToBook: number | null;
  /** To one decimal. */
  meanDaysToBook: number | null;
  /** What the bookings with events in the month are billed. */
  bookedCents: number;
  /** Payments received less refunds given, by the day the money moved. */
  paidCents: number;
  /** Billed ÷ the month's events that bill anything. */
  averageBookingCents: number | null;
  addOns: Record<AddOnId, number>;
}

/** A month of the last 12 and the same month the year before. */
export interface MonthPair {
  current: MonthFigures;
  before: MonthFigures;
}

/** `YYYY-MM`, `months` calendar months after `month` (negative: before). */
function addMonths(month: string, months: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + number - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The last day of a `YYYY-MM` month. */
export function lastDayOf(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}

/** The 24 months the numbers show, oldest first: the 12 before, then the 12 ending with `today`'s month. */
export function numbersMonths(today: string): string[] {
  const current = today.slice(0, 7);
  return Array.from({ length: 24 }, (_, index) => addMonths(current, index - 23));
}

const monthOf = (instant: string) => melbourneToday(new Date(instant)).slice(0, 7);

function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function emptyMonth(month: string): MonthFigures {
  return {
    month,
    quotes: 0,
    bookings: 0,
    quotesBooked: 0,
    medianDaysToBook: null,
    meanDaysToBook: null,
    bookedCents: 0,
    paidCents: 0,
    averageBookingCents: null,
    addOns: Object.fromEntries(addOnIds.map((id) => [id, 0])) as Record<AddOnId, number>,
  };
}

/** The 12 months to `today`'s (Melbourne), each beside the same month a year before, oldest first. */
export function monthlyFigures(bookings: readonly BookingRecord[], quoteMonths: readonly QuoteMonth[], today: string): MonthPair[] {
  const months = new Map(numbersMonths(today).map((month) => [month, emptyMonth(month)]));
  // Bookings that bill something, per event month, for the average booking.
  const billing = new Map<string, number>();
  const days = new Map<string, number[]>();

  for (const quotes of quoteMonths) {
    const figures = months.get(quotes.month);
    if (!figures) continue;
    figures.quotes += quotes.quotes;
    figures.quotesBooked += quotes.booked;
    days.set(quotes.month, [...(days.get(quotes.month) ?? []), ...quotes.daysToBook]);
  }

  for (const booking of bookings) {
    const received = months.get(monthOf(booking.receivedAt));
    if (received) {
      received.bookings += 1;
      // A declined or expired booking never held its date: nothing was sold.
      if (booking.status !== "declined" && booking.status !== "expired") for (const id of booking.extras?.addOns ?? []) received.addOns[id] += 1;
    }
    const event = months.get(booking.eventDate.slice(0, 7));
    const billed = amountsDue(billableOf(booking)).billedCents;
    if (event && billed > 0) {
      event.bookedCents += billed;
      billing.set(event.month, (billing.get(event.month) ?? 0) + 1);
    }
    // Voided bank payments are kept apart from `payments`, and a failed card refund is taken out of `refunds`: neither counts.
    const moved = [
      ...(booking.payments ?? []).filter((payment) => payment.currency.toUpperCase() === "AUD").map((payment) => ({ at: payment.paidAt, cents: payment.amountCents })),
      ...(booking.refunds ?? []).map((refund) => ({ at: refund.at, cents: -refund.amountCents })),
    ];
    for (const { at, cents } of moved) {
      const paid = months.get(monthOf(at));
      if (paid) paid.paidCents += cents;
    }
  }

  for (const figures of months.values()) {
    const count = billing.get(figures.month) ?? 0;
    figures.averageBookingCents = count ? Math.round(figures.bookedCents / count) : null;
    const taken = days.get(figures.month) ?? [];
    figures.medianDaysToBook = median(taken);
    figures.meanDaysToBook = taken.length ? Math.round((taken.reduce((sum, value) => sum + value, 0) / taken.length) * 10) / 10 : null;
  }

  const ordered = [...months.values()];
  return ordered.slice(12).map((current, index) => ({ current, before: ordered[index]! }));
}
