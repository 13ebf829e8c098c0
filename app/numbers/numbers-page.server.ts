/**
 * The owner's numbers page (docs/operations.md, "Your numbers"): `/owner/numbers?token=…`, its
 * own read-only kind of token (`numbers`). The bookings of the 24 months it shows are read through
 * the index of dates in two calls (events in those months; bookings issued, paid or refunded in
 * them), whatever the number of bookings ever stored (docs/product-decisions.md, "Years of
 * bookings"); the quotes' figures from the quote book, the quotes' own index by month (one call).
 */
import { isOwnerToken } from "~/agenda/tokens.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { lastDayOf, monthlyFigures, numbersMonths, type MonthFigures, type MonthPair, type QuoteMonth } from "~/numbers/monthly-figures";
import { addOnIds, addOns, formatAud } from "~/pricing";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

/** Whether the query's token opens the owner's numbers. */
export function isNumbersToken(services: Pick<Services, "config" | "generations">, query: URLSearchParams): Promise<boolean> {
  return isOwnerToken(services, "numbers", query.get("token"));
}

export type ChartUnit = "count" | "money" | "days";

/** One figure: a bar chart of this year beside the year before, and the same figures as a table. */
export interface NumbersChart {
  id: string;
  title: string;
  /** What the figure counts, in a sentence. */
  says: string;
  unit: ChartUnit;
  /** One group of two bars each: a month ("Dec"), or an add-on. */
  groups: { label: string; current: number; before: number }[];
  table: { headings: string[]; rows: { head: string; cells: string[] }[] };
}

export interface NumbersView {
  /** "December 2025 to November 2026". */
  current: string;
  before: string;
  charts: NumbersChart[];
}

const monthName = (month: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-AU", { ...options, timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
const monthWords = (month: string, style: "short" | "long") => monthName(month, { month: style, year: "numeric" });
/** "Sep": three letters, which fit under a month's bars on a phone (en-AU writes "Sept"). */
const shortMonth = (month: string) => monthName(month, { month: "short" }).slice(0, 3);

/** "$1,234": the owner's figures are read in whole dollars. */
const formatDollars = (cents: number) => formatAud(cents / 100);

const shown: Record<ChartUnit, (value: number | null) => string> = {
  count: (value) => String(value ?? 0),
  money: (value) => (value === null ? "none" : formatDollars(value)),
  days: (value) => (value === null ? "none" : `${value} ${value === 1 ? "day" : "days"}`),
};

/** A chart of one figure per month, with its table: the month, this year's figure and the year before's. */
function monthChart(pairs: readonly MonthPair[], id: string, title: string, says: string, unit: ChartUnit, figure: (month: MonthFigures) => number | null): NumbersChart {
  return {
    id,
    title,
    says,
    unit,
    groups: pairs.map(({ current, before }) => ({ label: shortMonth(current.month), current: figure(current) ?? 0, before: figure(before) ?? 0 })),
    table: {
      headings: ["Month", "These 12 months", "The year before"],
      rows: pairs.map(({ current, before }) => ({ head: monthWords(current.month, "short"), cells: [shown[unit](figure(current)), `${shown[unit](figure(before))} (${monthWords(before.month, "short")})`] })),
    },
  };
}

/** The figures of the page, from the bookings and the quotes' months, as of Melbourne's `today`. */
export function numbersCharts(bookings: readonly BookingRecord[], quoteMonths: readonly QuoteMonth[], today: string): NumbersView {
  const pairs = monthlyFigures(bookings, quoteMonths, today);
  const span = (which: "current" | "before") => `${monthWords(pairs[0]![which].month, "long")} to ${monthWords(pairs.at(-1)![which].month, "long")}`;
  const days = (month: MonthFigures) => `${shown.days(month.medianDaysToBook)} / ${shown.days(month.meanDaysToBook)}`;
  const conversionTable: NumbersChart["table"] = {
    headings: ["Month", "Quotes booked", "Days to book (median / mean)", "The year before", "Days to book the year before (median / mean)"],
    rows: pairs.map(({ current, before }) => ({
      head: monthWords(current.month, "short"),
      cells: [`${current.quotesBooked} of ${current.quotes}`, days(current), `${before.quotesBooked} of ${before.quotes}`, days(before)],
    })),
  };
  const sold = (which: "current" | "before", id: (typeof addOnIds)[number]) => pairs.reduce((sum, pair) => sum + pair[which].addOns[id], 0);
  const addOnsChart: NumbersChart = {
    id: "add-ons",
    title: "Add-ons sold",
    says: "Each add-on on the bookings made in the 12 months, beside the 12 before (a declined or expired booking sold nothing).",
    unit: "count",
    groups: addOnIds.map((id) => ({ label: addOns[id].name, current: sold("current", id), before: sold("before", id) })),
    table: { headings: ["Add-on", "These 12 months", "The 12 before"], rows: addOnIds.map((id) => ({ head: addOns[id].name, cells: [String(sold("current", id)), String(sold("before", id))] })) },
  };
  return {
    current: span("current"),
    before: span("before"),
    charts: [
      monthChart(pairs, "quotes", "Quotes", "Quote requests received each month.", "count", (month) => month.quotes),
      monthChart(pairs, "bookings", "Bookings made", "Bookings received each month, whatever became of them.", "count", (month) => month.bookings),
      {
        ...monthChart(pairs, "booked-quotes", "Quotes that became bookings", "Of each month's quotes, how many were booked, and in how many days (median and mean).", "count", (month) => month.quotesBooked),
        table: conversionTable,
      },
      monthChart(pairs, "revenue-booked", "Revenue booked, by event month", "What the events of each month are billed: the total, a cancelled booking's fee, nothing for a declined or expired one.", "money", (month) => month.bookedCents),
      monthChart(pairs, "revenue-paid", "Revenue paid, by payment month", "Card and bank payments received each month less refunds given, by the Melbourne day the money moved.", "money", (month) => month.paidCents),
      monthChart(pairs, "average-booking", "The average booking, by event month", "What the month's events are billed, over the events that bill anything.", "money", (month) => month.averageBookingCents),
      addOnsChart,
    ],
  };
}

/** The owner's numbers as of now: two calls to the index of bookings, and one for the quotes' months. */
export async function numbersView(services: Pick<Services, "index" | "now" | "quotes">): Promise<NumbersView> {
  const today = melbourneToday(services.now());
  const months = numbersMonths(today);
  const from = `${months[0]}-01`;
  const to = lastDayOf(months.at(-1)!);
  const [events, money, quotes] = await Promise.all([
    services.index.find({ kind: "events", from, to }),
    // A booking is issued the Melbourne day it is received, so this one also finds every booking made in the months.
    services.index.find({ kind: "money", from, to }),
    services.quotes.months(months[0]!, months.at(-1)!),
  ]);
  const bookings = new Map([...events, ...money].map(({ booking }) => [booking.invoiceNumber, booking]));
  return numbersCharts([...bookings.values()], quotes, today);
}
