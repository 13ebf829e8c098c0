/**
 * The accountant's export: one row per invoice issued and per payment and refund received in a
 * range of Melbourne dates, as RFC 4180 CSV (every cell quoted, CRLF line ends) in UTF-8 with a
 * byte-order mark, so a spreadsheet opens it with every name intact. A text cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a return) gets a leading
 * apostrophe and stays text.
 */
import { amountsDue, gstIncluded } from "~/bookings/amounts";
import { billableOf } from "~/bookings/billable";
import type { BookingRecord } from "~/bookings/booking";
import { melbourneToday } from "~/utils/melbourne-time";

const header = ["Type", "Invoice number", "Date", "Client", "Event date", "Booth and hours", "Total", "GST included", "Amount", "Method", "Status"];

/** Dollars with cents, as a spreadsheet reads a number. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

type Cell = string | { number: string };

function rowsOf(booking: BookingRecord, from: string, to: string): Cell[][] {
  const inRange = (date: string) => date >= from && date <= to;
  const base = (type: string, date: string): Cell[] => [type, booking.invoiceNumber, date, booking.fullName, booking.eventDate, `${booking.boothType}, ${booking.packageDuration}`];
  const total = { number: dollars(booking.totalCents) };
  const status = amountsDue(billableOf(booking)).state;
  const rows: Cell[][] = [];
  if (inRange(booking.issuedOn)) rows.push([...base("invoice", booking.issuedOn), total, { number: dollars(gstIncluded(booking.totalCents)) }, total, "", booking.status]);
  for (const payment of booking.payments ?? []) {
    const day = melbourneToday(new Date(payment.paidAt));
    if (inRange(day)) rows.push([...base("payment", day), total, { number: dollars(gstIncluded(payment.amountCents)) }, { number: dollars(payment.amountCents) }, "card", status]);
  }
  for (const refund of booking.refunds ?? []) {
    const day = melbourneToday(new Date(refund.at));
    if (inRange(day)) rows.push([...base("refund", day), total, { number: dollars(-gstIncluded(refund.amountCents)) }, { number: dollars(-refund.amountCents) }, refund.method, status]);
  }
  return rows;
}

function quoted(cell: Cell): string {
  const text = typeof cell === "string" ? (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell) : cell.number;
  return `"${text.replaceAll('"', '""')}"`;
}

export function exportCsv(bookings: readonly BookingRecord[], from: string, to: string): string {
  const rows = bookings.flatMap((booking) => rowsOf(booking, from, to)).sort((a, b) => String(a[2]).localeCompare(String(b[2])));
  return `\uFEFF${[header, ...rows].map((row) => row.map(quoted).join(",")).join("\r\n")}\r\n`;
}
