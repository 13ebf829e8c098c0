/**
 * A month of the books as Xero imports it (docs/operations.md, "The month into Xero"): two CSV files
 * in Xero's own templates, every column of each in Xero's order. The sales invoices file holds the
 * tax invoices and supplementary tax invoices issued in the month, the credit notes file the
 * adjustment notes (each naming in Reference the one document it adjusts), one row per line, amounts GST-inclusive and positive ("Amounts are tax
 * inclusive" when importing), dates as DD/MM/YYYY. Xero works out each line's GST as the documents
 * do, line by line, so its figures and the site's agree to the cent. Names go in exactly as typed:
 * these files are for importing, not for opening in a spreadsheet.
 */
import { stringify } from "csv-stringify/browser/esm/sync";
import { xeroImport } from "~/business";
import type { BillingDocument } from "~/bookings/invoice/billing-documents";
import { bookEntries } from "~/bookings/invoice/book-entries";
import type { BookingRecord } from "~/bookings/record/booking";
import { lastDayOf } from "~/numbers/monthly-figures";
import type { Services } from "~/types/services";

export const xeroFiles = ["sales-invoices", "credit-notes"] as const;
export type XeroFile = (typeof xeroFiles)[number];

const address = ["POAddressLine1", "POAddressLine2", "POAddressLine3", "POAddressLine4", "POCity", "PORegion", "POPostalCode", "POCountry"];
const line = ["InventoryItemCode", "*Description", "*Quantity", "*UnitAmount", "Discount", "*AccountCode", "*TaxType", "TrackingName1", "TrackingOption1", "TrackingName2", "TrackingOption2", "Currency", "BrandingTheme"];

/** Where the two templates differ: the document's number, date and due date (required on an invoice only). */
const documentColumns: Record<XeroFile, { number: string; date: string; due: string }> = {
  "sales-invoices": { number: "*InvoiceNumber", date: "*InvoiceDate", due: "*DueDate" },
  "credit-notes": { number: "*CreditNoteNumber", date: "*CreditNoteDate", due: "DueDate" },
};

/** Xero's template headers, in its order. */
export function xeroHeader(file: XeroFile): string[] {
  const { number, date, due } = documentColumns[file];
  return ["*ContactName", "EmailAddress", ...address, number, "Reference", date, due, ...line];
}

/** 2026-11-03 as 03/11/2026, as Xero reads dates in Australia. */
const xeroDate = (date: string) => date.split("-").reverse().join("/");

function rowsOf(booking: BookingRecord, document: BillingDocument, file: XeroFile): string[][] {
  const columns = documentColumns[file];
  return document.lines.map((item) => {
    const cells: Record<string, string> = {
      "*ContactName": booking.fullName,
      EmailAddress: booking.email,
      [columns.number]: document.number,
      // A credit note names the document it adjusts, which Xero applies it against; an invoice its booking's number.
      Reference: document.adjusts?.number ?? booking.invoiceNumber,
      [columns.date]: xeroDate(document.issuedOn),
      [columns.due]: file === "sales-invoices" ? xeroDate(document.dueOn) : "",
      "*Description": item.label,
      "*Quantity": "1",
      "*UnitAmount": (item.cents / 100).toFixed(2),
      "*AccountCode": xeroImport.accountCode,
      "*TaxType": xeroImport.taxType,
      Currency: "AUD",
    };
    return xeroHeader(file).map((column) => cells[column] ?? "");
  });
}

/** One of the month's two files (`month` as YYYY-MM, Melbourne's dates). */
export function xeroCsv(bookings: readonly BookingRecord[], month: string, file: XeroFile): string {
  const wanted = (document: BillingDocument) => (file === "credit-notes") === (document.kind === "adjustment");
  const rows = bookings
    .flatMap((booking) => bookEntries(booking).flatMap((entry) => (entry.type === "document" && entry.date.startsWith(`${month}-`) && wanted(entry.document) ? [{ booking, document: entry.document }] : [])))
    .sort((a, b) => a.document.issuedOn.localeCompare(b.document.issuedOn) || a.document.number.localeCompare(b.document.number))
    .flatMap(({ booking, document }) => rowsOf(booking, document, file));
  return stringify([xeroHeader(file), ...rows], { quoted: true, quoted_empty: true, record_delimiter: "windows" });
}

/** The month's file, from the bookings with an entry in it, read from the index in one call. */
export async function xeroImportOf(services: Pick<Services, "index">, month: string, file: XeroFile): Promise<string> {
  const found = await services.index.find({ kind: "money", from: `${month}-01`, to: lastDayOf(month) });
  return xeroCsv(found.map((entry) => entry.booking), month, file);
}
