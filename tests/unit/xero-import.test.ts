import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { xeroCsv, type XeroFile } from "~/agenda/xero-import.server";
import type { BookingRecord } from "~/bookings/record/booking";

const template = (name: string) => parse(readFileSync(new URL(`../fixtures/xero/${name}`, import.meta.url), "utf8"))[0] as string[];
const at = (day: string) => `${day}T02:00:00.000Z`;

function booking(invoiceNumber: string, fullName: string, overrides: Partial<BookingRecord> = {}): BookingRecord {
  return {
    kind: "booking",
    invoiceNumber,
    fullName,
    email: "client@example.com",
    status: "confirmed",
    history: [{ status: "requested", at: at("2027-03-01"), by: "client" }],
    receivedAt: at("2027-03-01"),
    issuedOn: "2027-03-01",
    eventDate: "2027-09-04",
    boothType: "Glam Booth",
    packageDuration: "3 Hours",
    service: "Photobooth",
    price: 580,
    travel: null,
    travelFee: 0,
    totalCents: 52_200,
    priceLines: [
      { kind: "booth", label: "Glam Booth, 3 Hours", cents: 58_000 },
      { kind: "promo", label: "Code WINTER10 (10% off)", cents: -5_800 },
    ],
    ...overrides,
  } as BookingRecord;
}

const greek = booking("PB-20270301-101", "Γιώργος Παπαδόπουλος");
const apostrophe = booking("PB-20270302-102", "=O'Brien, Siobhán", {
  issuedOn: "2027-03-02",
  status: "cancelled",
  history: [
    { status: "requested", at: at("2027-03-02"), by: "client" },
    { status: "cancelled", at: at("2027-03-20"), by: "owner" },
  ],
  cancellation: { by: "owner", at: at("2027-03-20"), stage: "by-owner", daysBefore: 168, paidCents: 0, feeCents: 0, keptCents: 0, refundCents: 0, owedCents: 0 },
});
const rows = (file: XeroFile, month = "2027-03") => parse(xeroCsv([greek, apostrophe], month, file), { columns: true }) as Record<string, string>[];

describe("the month into Xero", () => {
  it("writes each file with exactly the header of Xero's own template", () => {
    for (const [file, name] of [
      ["sales-invoices", "sales-invoice-template.csv"],
      ["credit-notes", "credit-note-template.csv"],
    ] as const) {
      expect(parse(xeroCsv([greek], "2027-03", file))[0]).toEqual(template(name));
    }
  });

  it("has a sales invoice row per line, GST-inclusive, dated DD/MM/YYYY, due on the balance's date, names exactly as typed", () => {
    const sales = rows("sales-invoices");
    expect(sales.map((row) => [row["*ContactName"], row["*InvoiceNumber"], row["Reference"], row["*InvoiceDate"], row["*DueDate"], row["*Description"], row["*UnitAmount"]])).toEqual([
      ["Γιώργος Παπαδόπουλος", "PB-20270301-101", "PB-20270301-101", "01/03/2027", "21/08/2027", "Glam Booth hire, 3 Hours (Photobooth)", "580.00"],
      ["Γιώργος Παπαδόπουλος", "PB-20270301-101", "PB-20270301-101", "01/03/2027", "21/08/2027", "Code WINTER10 (10% off)", "-58.00"],
      ["Γιώργος Παπαδόπουλος", "PB-20270301-101", "PB-20270301-101", "01/03/2027", "21/08/2027", "Travel to be confirmed: we could not find the suburb in the event location, so we will confirm any travel fee with you", "0.00"],
      ["=O'Brien, Siobhán", "PB-20270302-102", "PB-20270302-102", "02/03/2027", "21/08/2027", "Glam Booth hire, 3 Hours (Photobooth)", "580.00"],
      ["=O'Brien, Siobhán", "PB-20270302-102", "PB-20270302-102", "02/03/2027", "21/08/2027", "Code WINTER10 (10% off)", "-58.00"],
      ["=O'Brien, Siobhán", "PB-20270302-102", "PB-20270302-102", "02/03/2027", "21/08/2027", "Travel to be confirmed: we could not find the suburb in the event location, so we will confirm any travel fee with you", "0.00"],
    ]);
    for (const row of sales) expect(row).toMatchObject({ "*Quantity": "1", "*AccountCode": "200", "*TaxType": "GST on Income", Currency: "AUD" });
  });

  it("never has a negative invoice: each invoice's lines sum to its total", () => {
    const totals = new Map<string, number>();
    for (const row of rows("sales-invoices")) totals.set(row["*InvoiceNumber"]!, (totals.get(row["*InvoiceNumber"]!) ?? 0) + Math.round(Number(row["*UnitAmount"]) * 100));
    expect([...totals]).toEqual([
      ["PB-20270301-101", 52_200],
      ["PB-20270302-102", 52_200],
    ]);
  });

  it("puts the adjustment notes in the credit notes file, numbered {invoice}-CN1, a note taking an invoice back crediting each of its lines", () => {
    // $52.73 less $5.27: the note's GST is the invoice's $47.46, where one line of $522 would be $47.45.
    expect(rows("credit-notes").map((row) => [row["*ContactName"], row["*CreditNoteNumber"], row["Reference"], row["*CreditNoteDate"], row["*Description"], row["*UnitAmount"], row["*TaxType"]])).toEqual([
      ["=O'Brien, Siobhán", "PB-20270302-102-CN1", "PB-20270302-102", "20/03/2027", "Glam Booth hire, 3 Hours (Photobooth)", "580.00", "GST on Income"],
      ["=O'Brien, Siobhán", "PB-20270302-102-CN1", "PB-20270302-102", "20/03/2027", "Code WINTER10 (10% off)", "-58.00", "GST on Income"],
    ]);
  });

  it("names in Reference the document each credit note adjusts: one note per document, none beyond what is left of it", () => {
    const grown = booking("PB-20270303-103", "Trần Văn Bảo", {
      issuedOn: "2027-03-03",
      totalCents: 66_700,
      issuedLines: [{ kind: "booth", label: "Glam Booth, 3 Hours", cents: 51_800 }],
      priceLines: [
        { kind: "booth", label: "Glam Booth, 3 Hours", cents: 51_800 },
        { kind: "add-on", label: "Audio guest book", cents: 14_900 },
      ],
      extrasChanges: [{ from: { extraHours: 0, addOns: [], backdrop: null }, to: { extraHours: 0, addOns: ["audio-guest-book"], backdrop: null }, at: at("2027-03-10"), differenceCents: 14_900 }],
      status: "cancelled",
      history: [
        { status: "requested", at: at("2027-03-03"), by: "client" },
        { status: "cancelled", at: at("2027-03-20"), by: "owner" },
      ],
      cancellation: { by: "owner", at: at("2027-03-20"), stage: "by-owner", daysBefore: 168, paidCents: 0, feeCents: 0, keptCents: 0, refundCents: 0, owedCents: 0 },
    });
    const credits = parse(xeroCsv([grown], "2027-03", "credit-notes"), { columns: true }) as Record<string, string>[];
    expect(credits.map((row) => [row["*CreditNoteNumber"], row["Reference"], row["*UnitAmount"]])).toEqual([
      ["PB-20270303-103-CN1", "PB-20270303-103", "518.00"],
      ["PB-20270303-103-CN2", "PB-20270303-103-A1", "149.00"],
    ]);
  });

  it("holds only the documents of its month", () => {
    expect(rows("sales-invoices", "2027-04")).toEqual([]);
    expect(rows("credit-notes", "2027-02")).toEqual([]);
  });
});
