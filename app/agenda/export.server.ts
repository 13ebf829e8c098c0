/**
 * The accountant's export: one row per invoice issued and per payment and refund received in a
 * range of Melbourne dates, as RFC 4180 CSV (written by csv-stringify: every cell quoted, CRLF line
 * ends) in UTF-8 with a byte-order mark, so a spreadsheet opens it with every name intact. A text
 * cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a return, or
 * their full-width forms) gets a leading apostrophe and stays text; amounts stay numbers. An
 * invoice's row also splits its total by what it is for (booth, extra hours, add-ons, backdrop,
 * the date's rule, a code, travel), GST included, so each column sums and the columns add up to
 * the total; the lines' own words follow in one cell.
 */
// The browser build: the package's own ESM build reads Node's global Buffer, which Workers have only with nodejs_compat.
import { stringify } from "csv-stringify/browser/esm/sync";
import { spreadsheetCsvOptions } from "~/utils/csv";
import { refundGstCents } from "~/bookings/invoice/adjustment-note";
import { amountsDue, gstIncluded } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { priceLinesOf } from "~/bookings/record/price-lines";
import { formatLineCents, type PriceLineKind } from "~/prices/price-sheet";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

const lineColumns: readonly [PriceLineKind, string][] = [
  ["booth", "Booth"],
  ["extra-hours", "Extra hours"],
  ["add-on", "Add-ons"],
  ["backdrop", "Backdrop"],
  ["rule", "Date rule"],
  ["promo", "Promo code"],
  ["travel", "Travel"],
];
const header = ["Type", "Invoice number", "Date", "Client", "Event date", "Booth and hours", "Total", "GST included", "Amount", "Method", "Status", ...lineColumns.map(([, name]) => name), "Lines"];

/** Dollars, as a spreadsheet reads a number (written with cents). */
const dollars = (cents: number) => cents / 100;

type Cell = string | number;

/** The invoice's amount for each kind of line, and every line in words. */
function lineCells(booking: BookingRecord): Cell[] {
  const lines = priceLinesOf(booking);
  const sums = lineColumns.map(([kind]) => dollars(lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.cents, 0)));
  return [...sums, lines.map((line) => `${line.label} ${formatLineCents(line.cents)}`).join("; ")];
}

/** A payment's or refund's row leaves the invoice's split empty: it would count twice. */
const noLineCells: Cell[] = [...lineColumns.map(() => ""), ""];

function rowsOf(booking: BookingRecord, from: string, to: string): Cell[][] {
  const inRange = (date: string) => date >= from && date <= to;
  const base = (type: string, date: string): Cell[] => [type, booking.invoiceNumber, date, booking.fullName, booking.eventDate, `${booking.boothType}, ${booking.packageDuration}`];
  const total = dollars(booking.totalCents);
  const status = amountsDue(billableOf(booking)).state;
  const rows: Cell[][] = [];
  if (inRange(booking.issuedOn)) rows.push([...base("invoice", booking.issuedOn), total, dollars(gstIncluded(booking.totalCents)), total, "", booking.status, ...lineCells(booking)]);
  for (const payment of booking.payments ?? []) {
    const day = melbourneToday(new Date(payment.paidAt));
    if (inRange(day)) rows.push([...base("payment", day), total, dollars(gstIncluded(payment.amountCents)), dollars(payment.amountCents), payment.method ?? "card", status, ...noLineCells]);
  }
  // A refund's GST as its adjustment note has it, so the two agree to the cent.
  const refunds = booking.refunds ?? [];
  const refundGst = refundGstCents(refunds);
  refunds.forEach((refund, index) => {
    const day = melbourneToday(new Date(refund.at));
    if (inRange(day)) rows.push([...base("refund", day), total, dollars(-refundGst[index]!), dollars(-refund.amountCents), refund.method, status, ...noLineCells]);
  });
  return rows;
}

export function exportCsv(bookings: readonly BookingRecord[], from: string, to: string): string {
  const rows = bookings.flatMap((booking) => rowsOf(booking, from, to)).sort((a, b) => String(a[2]).localeCompare(String(b[2])));
  return stringify([header, ...rows], spreadsheetCsvOptions);
}

/** The export of a date range: the bookings issued, paid or refunded in it, read from the index in one call. */
export async function exportOf(services: Pick<Services, "index">, from: string, to: string): Promise<string> {
  return exportCsv((await services.index.find({ kind: "money", from, to })).map((entry) => entry.booking), from, to);
}
