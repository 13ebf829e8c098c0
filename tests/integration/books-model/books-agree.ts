/**
 * The books agree with each other and with the terms (issue 49): the documents in the accountant's
 * export, Xero's sales invoices less its credit notes and the statement all bill what the model
 * says the booking is billed, to the cent; GST is one eleventh of each line, to the cent, as Xero
 * works it out, the same in the export and in Xero's files; no invoice is negative, and each credit
 * note applies in full against the document it names, and the GST billed is what the terms say of
 * what is billed: none when nothing is, a fee's own eleventh (issue 57).
 */
import { parse } from "csv-parse/sync";
import { expect } from "vitest";
import { invoiceStatement } from "~/bookings/invoice/invoice-statement";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { checkClosedMonths } from "./closed-months";
import { billedCents, type BooksModel } from "./model";
import type { Real } from "./real";
import { feedToken } from "../../support/links";
import { testVars } from "../worker";

const cents = (amount: string) => Math.round(Number(amount.replace(/[^\d.-]/g, "")) * 100);
/** One eleventh of a GST-inclusive line, to the cent, half away from zero (the terms' GST, as Xero rounds it). */
const elevenths = (amountCents: number) => Math.sign(amountCents) * Math.round(Math.abs(amountCents) / 11);

async function csvOf(real: Real, path: string): Promise<Record<string, string>[]> {
  const response = await real.worker.fetch(path);
  expect(response.status, path).toBe(200);
  return parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
}

export async function checkBooks(model: BooksModel, real: Real, booking: BookingRecord) {
  const billed = billedCents(model);
  const token = await feedToken(testVars.OWNER_FEED_SECRET, "export");
  // Every document is dated from the booking's issue to the morning after its event; money may move until today.
  const today = melbourneToday(real.clock.now());
  const to = [addDays(booking.eventDate, 2), today].sort().at(-1)!;
  const rows = (await csvOf(real, `/owner/export.csv?from=${booking.issuedOn}&to=${to}&token=${token}`)).filter((row) => row["Invoice number"] === booking.invoiceNumber);
  checkClosedMonths(real.seen, booking, rows, today);
  const exported = rows.filter((row) => row["Document"]);
  expect(exported.reduce((sum, row) => sum + cents(row["Amount"]!), 0), "the export's invoices less its adjustment notes").toBe(billed);

  const months = [...new Set(exported.map((row) => row["Date"]!.slice(0, 7)))];
  // A credit note's Reference is the document it adjusts (the invoice or one of its supplementary invoices).
  const ours = (reference: string) => reference === booking.invoiceNumber || reference.startsWith(`${booking.invoiceNumber}-`);
  const xeroRows = async (file: string) => (await Promise.all(months.map((month) => csvOf(real, `/owner/xero/${month}/${file}.csv?token=${token}`)))).flat().filter((row) => ours(row["Reference"]!));
  const [sales, credits] = [await xeroRows("sales-invoices"), await xeroRows("credit-notes")];
  const byNumber = (rows: Record<string, string>[], column: string) => {
    const totals = new Map<string, { cents: number; gst: number; reference: string; date: string }>();
    for (const row of rows) {
      const amount = cents(row["*UnitAmount"]!);
      const total = totals.get(row[column]!) ?? { cents: 0, gst: 0, reference: row["Reference"]!, date: row["*CreditNoteDate"] ?? "" };
      totals.set(row[column]!, { ...total, cents: total.cents + amount, gst: total.gst + elevenths(amount) });
    }
    return totals;
  };
  const invoices = byNumber(sales, "*InvoiceNumber");
  const creditNotes = byNumber(credits, "*CreditNoteNumber");
  for (const [number, { cents: total }] of invoices) expect(total, `Xero invoice ${number}`).toBeGreaterThanOrEqual(0);
  // Xero applies a credit note against the document it names, never beyond what is left of it (a
  // line of a note may be negative: a code's line taken back with the rest of its invoice).
  const left = new Map([...invoices].map(([number, { cents: total }]) => [number, total]));
  const inOrder = [...creditNotes].sort(([a, one], [b, other]) => one.date.split("/").reverse().join().localeCompare(other.date.split("/").reverse().join()) || a.localeCompare(b, "en", { numeric: true }));
  for (const [number, note] of inOrder) {
    expect(note.cents, `Xero credit note ${number}`).toBeGreaterThan(0);
    expect(note.cents, `Xero credit note ${number} applies in full against ${note.reference}`).toBeLessThanOrEqual(left.get(note.reference) ?? 0);
    left.set(note.reference, (left.get(note.reference) ?? 0) - note.cents);
  }
  const sum = (totals: Map<string, { cents: number; gst: number }>, key: "cents" | "gst") => [...totals.values()].reduce((all, total) => all + total[key], 0);
  expect(sum(invoices, "cents") - sum(creditNotes, "cents"), "Xero's invoices less its credit notes").toBe(billed);
  // Each document is the same in both, GST included, the GST worked out line by line.
  for (const row of exported) {
    const inXero = invoices.get(row["Document"]!) ?? creditNotes.get(row["Document"]!);
    expect({ cents: Math.abs(cents(row["Amount"]!)), gst: Math.abs(cents(row["GST included"]!)) }, `document ${row["Document"]}`).toEqual(inXero && { cents: inXero.cents, gst: inXero.gst });
  }

  // What the terms say of GST (docs/product-decisions.md, "What a booking is billed"): a booking billed
  // $0 has GST $0, to the cent; one billed a cancellation fee below its total, the fee's own eleventh.
  const gstBilled = sum(invoices, "gst") - sum(creditNotes, "gst");
  if (billed === 0) expect(gstBilled, "billed $0 means GST $0").toBe(0);
  if (model.status === "cancelled" && billed > 0 && billed < model.totalCents) expect(gstBilled, `the GST of a fee of ${billed} cents`).toBe(elevenths(billed));

  const statement = invoiceStatement(booking);
  expect(cents((statement.billed ?? statement.total).amount), "the statement's billed now").toBe(billed);
  expect(cents(statement.billed?.label ?? statement.gstNote), "the statement's GST").toBe(gstBilled);
}
