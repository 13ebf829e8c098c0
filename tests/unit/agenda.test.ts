import { parse } from "csv-parse/sync";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { byArrival, proofLine, sheetEvent } from "~/agenda/day-sheet.server";
import { exportCsv } from "~/agenda/export.server";
import { feedEvents, ownerCalendar } from "~/agenda/feed.server";
import { isEmpty, morningActions, morningContents } from "~/agenda/morning.server";
import { isDaySheetToken } from "~/agenda/tokens.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { isLinkToken } from "~/links/signing.server";
import type { EventDetails } from "~/bookings/record/event-details";
import { priceBooking } from "~/prices/booking-price";
import { atGenerations, daySheetAddresses, feedToken, firstGenerations } from "../support/links";

const today = "2026-12-01";
const now = new Date("2026-11-30T20:00:00.000Z"); // 07:00 on 1 December in Melbourne (AEDT)
const details: EventDetails = { startTime: "18:30", venueAddress: "1 Nicholson St, Footscray VIC 3011", contactName: "Γιώργος Παπαδόπουλος", contactMobile: "0412 345 678", printLines: ["Hoa & Minh", "05.12.2026"], accessNotes: "", updatedAt: "2026-11-21T00:00:00.000Z" };

function booking(invoiceNumber: string, overrides: Partial<BookingRecord>): BookingRecord {
  return {
    kind: "booking",
    invoiceNumber,
    invoiceSecret: "s3cret",
    status: "confirmed",
    history: [{ status: "requested", at: "2026-11-20T01:00:00.000Z", by: "client" }],
    fullName: "Nguyễn Thị Hoa",
    email: "hoa@example.com",
    phoneNumber: "0400 111 222",
    boothType: "Open Booth",
    packageDuration: "3 Hours",
    eventLocation: "Footscray",
    receivedAt: "2026-11-20T01:00:00.000Z",
    issuedOn: "2026-11-20",
    eventDate: "2026-12-05",
    totalCents: 75_400,
    price: 754,
    travelFee: 0,
    travel: null,
    service: "Photobooth",
    payments: [],
    emailDelivery: {},
    ...overrides,
  } as BookingRecord;
}

const paidDeposit = { sessionId: "cs_1", kind: "deposit", amountCents: 22_700, currency: "AUD", paidAt: "2026-11-21T02:00:00.000Z", paymentIntent: "pi_1" } as const;
const soon = booking("INV-1001", { eventDetails: details, payments: [paidDeposit], extras: { extraHours: 1, addOns: ["audio-guest-book", "usb"], backdrop: "Floral" }, acceptance: { name: "Nguyễn Thị Hoa", at: "2026-11-21T00:00:00.000Z" } as BookingRecord["acceptance"] });
const waiting = booking("INV-1002", { status: "requested", fullName: "王小明", eventDate: "2027-03-06", receivedAt: "2026-11-28T03:00:00.000Z", issuedOn: "2026-11-28" });
const overdue = booking("INV-1003", { fullName: "Olivia Brown", eventDate: "2027-02-20", issuedOn: "2026-11-10" });
const later = booking("INV-1004", { fullName: "Later Client", eventDate: "2026-12-09", payments: [{ ...paidDeposit, amountCents: 75_400 }], issuedOn: "2026-10-01" });
const cancelled = booking("INV-1005", {
  status: "cancelled",
  fullName: "Ava Smith",
  payments: [{ ...paidDeposit, amountCents: 75_400 }],
  cancellation: { feeCents: 37_700 } as BookingRecord["cancellation"],
  history: [
    { status: "requested", at: "2026-11-20T01:00:00.000Z", by: "client" },
    { status: "cancelled", at: "2026-11-29T01:00:00.000Z", by: "client" },
  ],
});
// Withdrawn with nothing owed, then paid by a checkout left open: the payment is flagged, and owed back.
const paidLate = booking("INV-1010", {
  status: "cancelled",
  fullName: "Lan Trần",
  eventDate: "2027-04-03",
  payments: [{ ...paidDeposit, sessionId: "cs_late", paidAt: "2026-11-30T02:00:00.000Z", mismatch: "Received $227.00 AUD for the deposit, but nothing was owing" }],
  cancellation: { feeCents: 0 } as BookingRecord["cancellation"],
});
const mismatched = booking("INV-1006", { fullName: "Mia Jones", eventDate: "2027-05-01", payments: [{ ...paidDeposit, mismatch: "Paid 100.00 USD, owing 227.00 AUD" }] });

describe("the owner's morning e-mail", () => {
  const contents = morningContents(
    [soon, waiting, overdue, later, cancelled, paidLate, mismatched].map((entry) => ({ booking: entry, notes: entry === overdue ? " · E-MAIL FAILED" : "" })),
    ["contact:2026-11-30T00:00:00.000Z:ab12: Message from Lan · E-MAIL FAILED"],
    today,
  );

  it("lists the week's events with time (extra hours too), booth, client, phone, what to pack, venue, contact, print text, what is owing and the details", () => {
    expect(contents.events).toEqual([
      'Saturday 5 December 2026, 6:30 pm to 10:30 pm: Open Booth for Nguyễn Thị Hoa (0400 111 222), INV-1001; pack: Open Booth, Audio guest book, Floral backdrop; at 1 Nicholson St, Footscray VIC 3011; contact Γιώργος Παπαδόπουλος, 0412 345 678; print text "Hoa & Minh / 05.12.2026"; $527.00 owing; details given',
    ]);
  });

  it("lists the requests waiting for an answer with their age, overdue payments, refunds to make, failed e-mails and mismatches", () => {
    expect(contents.waiting).toEqual([{ invoiceNumber: "INV-1002", line: "INV-1002 王小明, Open Booth on Saturday 6 March 2027: waiting 3 days" }]);
    expect(contents.overdue).toEqual(["INV-1001 Nguyễn Thị Hoa: $527.00 was due on Saturday 21 November 2026", "INV-1003 Olivia Brown: $227.00 was due on Tuesday 17 November 2026"]);
    expect(contents.refunds).toEqual([
      { invoiceNumber: "INV-1005", line: "INV-1005 Ava Smith: $377.00 to refund" },
      { invoiceNumber: "INV-1010", line: "INV-1010 Lan Trần: $227.00 to refund" },
    ]);
    expect(contents.failedMails).toEqual(["INV-1003 Olivia Brown", "contact:2026-11-30T00:00:00.000Z:ab12: Message from Lan · E-MAIL FAILED"]);
    expect(contents.mismatches).toEqual(["INV-1010: Received $227.00 AUD for the deposit, but nothing was owing", "INV-1006: Paid 100.00 USD, owing 227.00 AUD"]);
  });

  it("carries a current link to the owner's page of every booking to act on, once each, however old the cancellation", async () => {
    const keys = { config: { SITE_ORIGIN: "https://bluestone.example", OWNER_LINK_SECRET: "a-secret-of-at-least-32-characters!!" }, generations: atGenerations({ booking: 2 }) };
    const actions = await morningActions(keys, contents);
    // A request to answer, two refunds to make, two designs to upload.
    expect(actions.map((action) => action.label)).toEqual(["INV-1002", "INV-1005", "INV-1010", "INV-1001", "INV-1004"].map((number) => `Your page of booking ${number}`));
    for (const action of actions) {
      const url = new URL(action.url);
      const [, , kind, invoiceNumber] = url.pathname.split("/");
      expect(kind).toBe("booking");
      expect(await isLinkToken(keys, "booking", invoiceNumber!, url.searchParams.get("sig"))).toBe(true);
    }
  });

  it("keeps a completed booking's unpaid balance among the overdue payments, saying the event took place", () => {
    const completed = booking("INV-1011", { status: "completed", fullName: "Trần Minh", eventDate: "2026-11-28", issuedOn: "2026-10-01", payments: [paidDeposit] });
    expect(morningContents([{ booking: completed, notes: "" }], [], today).overdue).toEqual(["INV-1011 Trần Minh: $527.00 was due on Saturday 14 November 2026 (the event took place)"]);
  });

  it("has nothing to say when nothing is on", () => {
    expect(isEmpty(morningContents([], [], today))).toBe(true);
    expect(isEmpty(contents)).toBe(false);
  });
});

describe("the owner's calendar feed", () => {
  const longAgo = booking("INV-1007", { status: "declined", history: [{ status: "declined", at: "2026-10-01T00:00:00.000Z", by: "owner" }] as BookingRecord["history"] });
  const shown = feedEvents([soon, waiting, cancelled, longAgo], now);
  const sheets = new Map([["2026-12-05", "https://bluestone.example/owner/day/2026-12-05?token=d"]]);
  const events = new ICAL.Component(ICAL.parse(ownerCalendar(shown, "https://bluestone.example", sheets))).getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  const byUid = Object.fromEntries(events.map((event) => [event.uid, event]));

  it("shows each booking holding a booth, tentative while requested, and keeps a lately cancelled one as cancelled", () => {
    expect(Object.keys(byUid).sort()).toEqual(["INV-1001@bluestone.example", "INV-1002@bluestone.example", "INV-1005@bluestone.example"]);
    const status = (uid: string) => byUid[uid]!.component.getFirstPropertyValue("status");
    expect([status("INV-1001@bluestone.example"), status("INV-1002@bluestone.example"), status("INV-1005@bluestone.example")]).toEqual(["CONFIRMED", "TENTATIVE", "CANCELLED"]);
  });

  it("times an event from its start time in Melbourne for its hours and extra hours, and is all day until one is given", () => {
    const timed = byUid["INV-1001@bluestone.example"]!;
    expect(timed.startDate.toJSDate().toISOString()).toBe("2026-12-05T07:30:00.000Z");
    // 3 hours and 1 extra hour.
    expect(timed.endDate.toJSDate().toISOString()).toBe("2026-12-05T11:30:00.000Z");
    const allDay = byUid["INV-1002@bluestone.example"]!;
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe("2027-03-06");
  });

  it("carries the booth, the client, the phone, the venue and the day's sheet, never the client's own page", () => {
    const timed = byUid["INV-1001@bluestone.example"]!;
    expect(timed.summary).toBe("Open Booth: Nguyễn Thị Hoa (INV-1001)");
    expect(timed.location).toBe("1 Nicholson St, Footscray VIC 3011");
    expect(timed.description).toContain("Client: Nguyễn Thị Hoa, 0400 111 222");
    expect(timed.description).toContain("Contact on the day: Γιώργος Παπαδόπουλος, 0412 345 678");
    expect(timed.description).toContain("Day sheet: https://bluestone.example/owner/day/2026-12-05?token=d");
    expect(timed.component.getFirstPropertyValue("url")).toBe("https://bluestone.example/owner/day/2026-12-05?token=d");
    for (const event of events) expect(event.component.toString()).not.toContain("s3cret");
  });

  it("raises the sequence with each change", () => {
    const sequence = (record: BookingRecord) => new ICAL.Event(new ICAL.Component(ICAL.parse(ownerCalendar([record], "https://bluestone.example", sheets))).getFirstSubcomponent("vevent")!).sequence;
    const moved = { ...waiting, moves: [{ from: "2027-03-06", to: "2027-03-13", at: "2026-11-30T00:00:00.000Z" }], eventDate: "2027-03-13" };
    expect(sequence(moved)).toBeGreaterThan(sequence(waiting));
    expect(sequence(cancelled)).toBeGreaterThan(sequence({ ...cancelled, status: "confirmed", history: cancelled.history.slice(0, 1) }));
  });
});

describe("the accountant's export", () => {
  const formula = booking("INV-1008", { fullName: '=HYPERLINK("http://evil.example","Click")', issuedOn: "2026-11-25", eventDate: "2027-01-09" });
  const quoted = booking("INV-1009", { fullName: 'Lê "Lisa" Văn, Jr', issuedOn: "2026-11-26", eventDate: "2027-01-16" });
  const refunded = { ...cancelled, refunds: [{ id: "bank-1", amountCents: 37_700, method: "bank", at: "2026-11-29T23:30:00.000Z" }] } as BookingRecord;
  const csv = exportCsv([soon, waiting, formula, quoted, refunded], "2026-11-01", "2026-11-30");
  const rows = parse(csv, { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];

  it("is RFC 4180: every cell quoted, CRLF line ends, a byte-order mark for spreadsheets", () => {
    expect(csv.startsWith("\uFEFF\"Type\",\"Document\",\"Invoice number\"")).toBe(true);
    expect(csv.split("\r\n").at(-1)).toBe("");
    expect(csv.replaceAll("\r\n", "")).not.toContain("\n");
  });

  it("has a row per document issued, payment recorded and refund made in the range (by Melbourne date), with every name intact", () => {
    expect(rows.map((row) => [row["Type"], row["Document"], row["Invoice number"], row["Date"], row["Client"]])).toEqual([
      ["tax invoice", "INV-1001", "INV-1001", "2026-11-20", "Nguyễn Thị Hoa"],
      ["tax invoice", "INV-1005", "INV-1005", "2026-11-20", "Ava Smith"],
      ["payment", "", "INV-1001", "2026-11-21", "Nguyễn Thị Hoa"],
      ["payment", "", "INV-1005", "2026-11-21", "Ava Smith"],
      ["tax invoice", "INV-1008", "INV-1008", "2026-11-25", "'=HYPERLINK(\"http://evil.example\",\"Click\")"],
      ["tax invoice", "INV-1009", "INV-1009", "2026-11-26", 'Lê "Lisa" Văn, Jr'],
      ["tax invoice", "INV-1002", "INV-1002", "2026-11-28", "王小明"],
      ["adjustment note", "INV-1005-CN1", "INV-1005", "2026-11-29", "Ava Smith"],
      ["refund", "", "INV-1005", "2026-11-30", "Ava Smith"],
    ]);
    expect(rows.at(-1)).toMatchObject({ Amount: "-377.00", "GST included": "", Method: "bank" });
    expect(rows[2]).toMatchObject({ "Booth and hours": "Open Booth, 3 Hours", Amount: "227.00", "GST included": "", Method: "card", Received: "2026-11-21" });
  });

  it("bills a cancelled booking its fee: the invoice as issued, less the adjustment note of the rest, GST line by line; the refund carries none", () => {
    const ava = rows.filter((row) => row["Invoice number"] === "INV-1005" && row["Document"]);
    expect(ava.map((row) => [row["Amount"], row["GST included"]])).toEqual([
      ["754.00", "68.55"],
      // The fee of $377 keeps its own eleventh, $34.27: the note takes off the rest of the invoice's GST.
      ["-377.00", "-34.28"],
    ]);
    expect(ava.reduce((sum, row) => sum + Number(row["Amount"]), 0).toFixed(2)).toBe("377.00");
  });

  it("dates a bank payment by the day it was recorded, so a month that is over keeps its rows, and says the day it was received", () => {
    const late = booking("INV-1012", { issuedOn: "2026-10-20", payments: [{ ...paidDeposit, sessionId: "bank-1", method: "bank", paidAt: "2026-10-30T02:00:00.000Z", recordedAt: "2026-11-02T01:00:00.000Z" }] });
    const october = parse(exportCsv([late], "2026-10-01", "2026-10-31"), { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
    const november = parse(exportCsv([late], "2026-11-01", "2026-11-30"), { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
    expect(october.map((row) => row["Type"])).toEqual(["tax invoice"]);
    expect(november).toMatchObject([{ Type: "payment", Date: "2026-11-02", Received: "2026-10-30", Method: "bank" }]);
  });

  it("keeps a voided payment's row and adds the void on its own day", () => {
    const voided = { ...paidDeposit, sessionId: "bank-2", method: "bank" as const, paidAt: "2026-11-03T02:00:00.000Z", recordedAt: "2026-11-03T03:00:00.000Z", voidedAt: "2026-12-02T00:00:00.000Z", reason: "typo" };
    const entries = parse(exportCsv([booking("INV-1013", { voidedPayments: [voided] })], "2026-11-01", "2026-12-31"), { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
    expect(entries.map((row) => [row["Type"], row["Date"], row["Amount"]])).toEqual([
      ["payment", "2026-11-03", "227.00"],
      ["tax invoice", "2026-11-20", "754.00"],
      ["payment voided", "2026-12-02", "-227.00"],
    ]);
  });

  it("keeps a name that looks like a formula as text", () => {
    for (const row of rows) expect(row["Client"]).not.toMatch(/^[=+\-@]/);
  });
});

describe("the accountant's export of a booking's lines", () => {
  const priced = priceBooking({ boothType: "Glam Booth", packageDuration: "3 Hours", eventDate: "2027-11-02", extras: { extraHours: 1, addOns: ["audio-guest-book", "usb"], backdrop: "Floral" }, promo: null, travelFee: 12 });
  const geelong = { locality: "Geelong", postcode: "3220", distanceKm: 46, travelFee: 12, freeDelivery: false, bookable: true };
  const withLines = booking("INV-2001", { boothType: "Glam Booth", price: 580, travel: geelong, travelFee: 12, priceLines: priced.lines, totalCents: priced.totalCents, payments: [paidDeposit] });
  const older = booking("INV-2002", { price: 535, travelFee: 12, totalCents: 54_700 });
  const rows = parse(exportCsv([withLines, older], "2026-11-01", "2026-11-30"), { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
  const columns = ["Booth", "Extra hours", "Add-ons", "Backdrop", "Date rule", "Promo code", "Travel"];
  const split = (row: Record<string, string>) => columns.map((column) => row[column]);

  it("splits an invoice's total by kind of line, GST included, and the columns add up to the total", () => {
    const invoice = rows.find((row) => row["Invoice number"] === "INV-2001" && row["Type"] === "tax invoice")!;
    expect(split(invoice)).toEqual(["580.00", "160.00", "188.00", "50.00", "195.60", "0.00", "12.00"]);
    expect(split(invoice).reduce((sum, cell) => sum + Number(cell), 0).toFixed(2)).toBe(invoice["Amount"]);
    expect(invoice["Lines"]).toBe(
      "Glam Booth hire, 3 Hours (Photobooth) $580.00; 1 extra hour $160.00; Audio guest book $149.00; USB of every photo $39.00; Floral backdrop $50.00; Public holiday (Melbourne Cup) +20% $195.60; Geelong 3220 is 46 km from Tarneit: travel $12 (6 km beyond 40 km at $2 per km) $12.00",
    );
  });

  it("leaves a payment's split empty, so a column's sum counts each invoice once", () => {
    const payment = rows.find((row) => row["Invoice number"] === "INV-2001" && row["Type"] === "payment")!;
    expect(split(payment)).toEqual(["", "", "", "", "", "", ""]);
  });

  it("splits a booking made before add-ons were sold into its booth and travel", () => {
    const invoice = rows.find((row) => row["Invoice number"] === "INV-2002")!;
    expect(split(invoice)).toEqual(["535.00", "0.00", "0.00", "0.00", "0.00", "0.00", "12.00"]);
  });
});

describe("the owner's feed tokens", () => {
  it("differ between the feed and the export", async () => {
    expect(await feedToken("a-secret-of-at-least-32-characters!!", "feed")).not.toBe(await feedToken("a-secret-of-at-least-32-characters!!", "export"));
  });
});

describe("the owner's day sheet", () => {
  const at = (invoiceNumber: string, startTime: string | null) => booking(invoiceNumber, startTime ? { eventDetails: { ...details, startTime } } : {});

  it("puts the events in the order of arrival, a 00:30 start's arrival the evening before first, and those without a start time last", () => {
    const order = byArrival([at("INV-1", null), at("INV-2", "18:30"), at("INV-3", "00:30"), at("INV-4", "12:00")]);
    expect(order.map((entry) => entry.invoiceNumber)).toEqual(["INV-3", "INV-4", "INV-2", "INV-1"]);
    expect(order.map((entry) => sheetEvent(entry, { logo: null, proof: null }).arrival)).toEqual(["11:30 pm", "11:00 am", "5:30 pm", null]);
  });

  it("packs the add-ons with stock and the backdrop, and says what is owed", () => {
    const event = sheetEvent(booking("INV-5", { eventDetails: details, extras: { extraHours: 1, addOns: ["audio-guest-book", "usb"], backdrop: "Floral" } as BookingRecord["extras"], payments: [paidDeposit] }), { logo: null, proof: null });
    expect(event.packing).toEqual(["Audio guest book", "Floral backdrop"]);
    expect([event.booth, event.hours]).toEqual(["Open Booth, 3 Hours and 1 extra hour", "6:30 pm to 10:30 pm"]);
    expect(event.owed).toBe("$527.00 still owed");
    expect(sheetEvent(later, { logo: null, proof: null }).owed).toBe("Paid in full");
  });

  it("states the proof: none yet, approved, or the last version printed as it is", () => {
    const proof = { version: 2, key: "proofs/x-2", contentType: "image/png", bytes: 1, uploadedAt: "2026-11-21T00:00:00.000Z" } as const;
    expect(proofLine({ state: "none" })).toBe("No proof yet");
    expect(proofLine({ state: "approved", proof })).toBe("Approved: version 2");
    expect(proofLine({ state: "waiting", proof })).toBe("Not approved: version 2 will be printed");
    expect(proofLine({ state: "changes-asked", proof })).toBe("Not approved: version 2 will be printed (the client asked for changes)");
  });

  it("opens with its date's token until a week after the date, and never without a secret", async () => {
    const secret = "a-secret-of-at-least-32-characters!!";
    const sheet = (await daySheetAddresses({ SITE_ORIGIN: "https://bluestone.example", OWNER_DAY_SECRET: secret }, ["2026-12-05"])).get("2026-12-05")!;
    const token = new URL(sheet).searchParams.get("token");
    const keys = { config: { OWNER_DAY_SECRET: secret }, generations: firstGenerations };
    const opens = (date: string, today: string) => isDaySheetToken(keys, date, token, today);
    expect(await Promise.all([opens("2026-12-05", "2026-11-01"), opens("2026-12-05", "2026-12-12"), opens("2026-12-05", "2026-12-13"), opens("2026-12-06", "2026-12-01")])).toEqual([true, true, false, false]);
    expect(await isDaySheetToken({ config: {}, generations: firstGenerations }, "2026-12-05", token, "2026-12-01")).toBe(false);
  });
});
