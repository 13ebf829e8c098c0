/**
 * The accountant's export: the entries the books keep (invoice/book-entries.ts) in a range of
 * Melbourne dates, one row each: every tax invoice, supplementary tax invoice and adjustment note
 * on the day it was issued, as issued, every payment on the day it was recorded (with the day the bank
 * received it), every void and refund on its own day, each beside the event's date as it stood then
 * (a move is not a change to a row). Entries are only ever added, so the rows of a month that is
 * over never change. GST is on the documents, line by line; money moving carries none.
 *
 * RFC 4180 CSV (written by csv-stringify: every cell quoted, CRLF line ends) in UTF-8 with a
 * byte-order mark, so a spreadsheet opens it with every name intact. A text cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a return, or their full-width forms)
 * gets a leading apostrophe and stays text; amounts stay numbers. A tax invoice's row also splits
 * its total by what it is for (booth, extra hours, add-ons, backdrop, the date's rule, a code,
 * travel), and a later document's amount is under "Changes", so each column sums and the columns
 * add up to the amount; the lines' own words follow in one cell.
 */
// The browser build: the package's own ESM build reads Node's global Buffer, which Workers have only with nodejs_compat.
import { stringify } from "csv-stringify/browser/esm/sync";
import { documentName, type BillingDocument } from "~/bookings/invoice/billing-documents";
import { bookEntries, type BookEntry } from "~/bookings/invoice/book-entries";
import { spreadsheetCsvOptions } from "~/utils/csv";
import type { BookingRecord } from "~/bookings/record/booking";
import { formatLineCents, type PriceLineKind } from "~/prices/price-sheet";
import type { Services } from "~/types/services";

const lineColumns: readonly [PriceLineKind, string][] = [
  ["booth", "Booth"],
  ["extra-hours", "Extra hours"],
  ["add-on", "Add-ons"],
  ["backdrop", "Backdrop"],
  ["rule", "Date rule"],
  ["promo", "Promo code"],
  ["travel", "Travel"],
];
const header = ["Type", "Document", "Invoice number", "Date", "Received", "Client", "Event date", "Booth and hours", "Amount", "GST included", "Method", ...lineColumns.map(([, name]) => name), "Changes", "Lines"];

/** Dollars, as a spreadsheet reads a number (written with cents). */
const dollars = (cents: number) => cents / 100;

type Cell = string | number;

/** A document's amount for each kind of line (a later document's under "Changes"), and every line in words. */
function lineCells(document: BillingDocument): Cell[] {
  const sign = document.kind === "adjustment" ? -1 : 1;
  const sums = lineColumns.map(([kind]) => dollars(document.lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.cents, 0)));
  const changes = document.lines.filter((line) => !line.kind).reduce((sum, line) => sum + sign * line.cents, 0);
  return [...sums, dollars(changes), document.lines.map((line) => `${line.label} ${formatLineCents(line.cents)}`).join("; ")];
}

/** A money row leaves the split empty: it would count what its document counts again. */
const noLineCells: Cell[] = [...lineColumns.map(() => ""), "", ""];

function rowOf(booking: BookingRecord, entry: BookEntry): Cell[] {
  const base = (type: string, document: string, received: string): Cell[] => [type, document, booking.invoiceNumber, entry.date, received, booking.fullName, entry.eventDate, `${booking.boothType}, ${booking.packageDuration}`];
  if (entry.type !== "document") return [...base(entry.type, "", entry.receivedOn ?? ""), dollars(entry.amountCents), "", entry.method, ...noLineCells];
  const { document } = entry;
  const sign = document.kind === "adjustment" ? -1 : 1;
  return [...base(documentName(document.kind).toLowerCase(), document.number, ""), dollars(sign * document.totalCents), dollars(sign * document.gstCents), "", ...lineCells(document)];
}

export function exportCsv(bookings: readonly BookingRecord[], from: string, to: string): string {
  const rows = bookings
    .flatMap((booking) => bookEntries(booking).map((entry) => ({ booking, entry })))
    .filter(({ entry }) => entry.date >= from && entry.date <= to)
    .sort((a, b) => a.entry.date.localeCompare(b.entry.date))
    .map(({ booking, entry }) => rowOf(booking, entry));
  return stringify([header, ...rows], spreadsheetCsvOptions);
}

/** The export of a date range: the bookings with an entry in it, read from the index in one call. */
export async function exportOf(services: Pick<Services, "index">, from: string, to: string): Promise<string> {
  return exportCsv((await services.index.find({ kind: "money", from, to })).map((entry) => entry.booking), from, to);
}
