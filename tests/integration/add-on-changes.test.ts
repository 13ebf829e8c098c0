/**
 * Adding and removing add-ons on the booking page (docs/product-decisions.md, "What the business
 * sells"): stock held with the booth, the difference invoiced or owed back with the owner's Refund
 * link, refused when an item is gone or the event is 14 days away or less. Each test its own day
 * and booth; the days are Friday to Sunday, so no weekday rule changes the figures.
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { amountsDue, depositOf, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { formatDateInWords } from "~/utils/date-words";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { pdfText } from "../support/pdf-text";
import { bookThrough, currentRecord, deliverPaid, payThrough, startCheckout, storedWith, type Booked } from "./booking";
import { postForm, postJson, settledMailsOf, settledRecord } from "./forms-support";
import { decode, sitePath } from "./invoice-page";
import { feedToken, ownerLink } from "../support/links";
import { startedForFile, testVars, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

/** The area's Fridays, Saturdays and Sundays, in order. */
const weekendDays = Array.from({ length: 28 }, (_, i) => eventDate("addOnChanges", i + 1)).filter((date) => [0, 5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()));

const book = (eventDate: string, boothType: string, extras: Record<string, unknown> = {}) =>
  bookThrough(worker, { ...validBooking, fullName: "Ana Lima", eventDate, boothType, packageDuration: "4 Hours", ...extras });

/** The add-ons form as a browser without JavaScript posts it: the ticked boxes and the chosen radios. */
const changeAddOns = (booked: Booked, choices: Record<string, string>) => postForm(worker, booked.page, { intent: "extras", extraHours: "0", backdrop: "", ...choices });

const heldOn = async (date: string) => (await (await worker.holds()).held(date, date))[date] ?? {};

const pageText = async (booked: Booked) => decode((await (await worker.fetch(booked.page)).text()).replaceAll("<!-- -->", ""));

describe("adding an add-on on the booking page", () => {
  it("reprices the booking, asks now for what the larger total adds to the paid deposit, takes it by card and says so by e-mail and on the PDF", async () => {
    const booked = await book(weekendDays[0]!, "Glam Booth");
    await payThrough(worker, stripe, booked);
    const before = await currentRecord(worker, booked);
    const deposit = depositOf(before.totalCents);

    const response = await changeAddOns(booked, { "addOn-audio-guest-book": "on" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${booked.page}#add-ons`);

    const after = await currentRecord(worker, booked);
    expect(after.extras).toEqual({ extraHours: 0, addOns: ["audio-guest-book"], backdrop: null });
    expect(after.totalCents).toBe(before.totalCents + 14_900);
    expect(after.priceLines).toEqual([...before.priceLines!, expect.objectContaining({ label: expect.stringContaining("Audio guest book"), cents: 14_900 })]);
    expect((await heldOn(booked.eventDate))["audio-guest-book"]).toBe(1);
    // The deposit is a share of the total, so the larger total asks for more of it now; the rest is the balance.
    const due = amountsDue(billableOf(after));
    const topUp = depositOf(after.totalCents) - deposit;
    expect(due.owingCents).toBe(after.totalCents - deposit);
    expect(due.owingNow).toEqual({ kind: "deposit", amountCents: topUp });
    const page = await pageText(booked);
    expect(page).toContain("Your booking has: <strong>Audio guest book</strong>");
    expect(page).toContain(formatCents(topUp));

    const session = await startCheckout(worker, stripe, booked);
    expect(stripe.requests.at(-1)!.params).toMatchObject({ "line_items[0][price_data][unit_amount]": String(topUp) });
    await deliverPaid(worker, session);
    const paid = await storedWith(worker, booked, session.id);
    expect(paid.payments?.map((payment) => payment.amountCents)).toEqual([deposit, topUp]);
    expect(amountsDue(billableOf(paid)).owingCents).toBe(after.totalCents - deposit - topUp);

    const subjects = (await settledMailsOf(worker, booked.recordKey)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith(`Add-ons changed ${booked.invoiceNumber}`))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith(`Your add-ons for booking ${booked.invoiceNumber}`))).toHaveLength(1);
    const pdf = async () => pdfText(new Uint8Array(await (await (await worker.r2()).get(`${booked.invoiceNumber}.pdf`))!.arrayBuffer()));
    await expect.poll(pdf).toMatch(/Audio guest book\s*\$149\.00/);
  });
});

describe("removing an add-on after paying in full", () => {
  it("owes the difference back, sends the owner the Refund link and frees the item for another booking", async () => {
    const booked = await book(weekendDays[1]!, "Open Booth", { "addOn-audio-guest-book": true });
    await payThrough(worker, stripe, booked);
    await payThrough(worker, stripe, booked);
    expect((await currentRecord(worker, booked)).paymentState).toBe("paid");

    expect((await changeAddOns(booked, {})).status).toBe(303);
    const after = await currentRecord(worker, booked);
    expect(after.extras?.addOns).toEqual([]);
    expect(amountsDue(billableOf(after)).refundOwedCents).toBe(14_900);
    expect((await heldOn(booked.eventDate))["audio-guest-book"] ?? 0).toBe(0);

    const owner = (await settledMailsOf(worker, booked.recordKey)).find((mail) => mail.subject.startsWith(`Add-ons changed ${booked.invoiceNumber}`))!;
    const refund = new RegExp(`https?://\\S+/owner/booking/${booked.invoiceNumber}\\?\\S+`).exec(owner.text)?.[0];
    expect(refund).toBeDefined();
    expect(await (await worker.fetch(sitePath(refund!))).text()).toContain("is owed back $149.00");

    const other = await book(booked.eventDate, "Enclosed Booth", { "addOn-audio-guest-book": true });
    expect((await currentRecord(worker, other)).extras?.addOns).toEqual(["audio-guest-book"]);
  });
});

describe("an add-on another booking holds", () => {
  it("is greyed out on the page, and a change asking for it is refused naming it, nothing changed", async () => {
    const date = weekendDays[2]!;
    const holder = await book(date, "Glam Booth", { backdrop: "Floral" });
    const booked = await book(date, "Open Booth");
    const floral = (html: string) => /<input[^>]*value="Floral"[^>]*>/.exec(html)![0];
    // The holder's own backdrop is its to keep; the other booking cannot choose it.
    expect(floral(await pageText(holder))).not.toContain("disabled");
    expect(floral(await pageText(booked))).toContain("disabled");
    // Its e-mails have gone out, so the record no longer changes by itself.
    const before = await settledRecord(worker, booked.recordKey);
    const held = await heldOn(date);

    const response = await changeAddOns(booked, { backdrop: "Floral", "addOn-usb": "on" });
    expect(response.status).toBe(409);
    const html = decode((await response.text()).replaceAll("<!-- -->", ""));
    expect(html).toContain(`The Floral backdrop is already booked on ${formatDateInWords(date)}`);
    // The choices sent are kept beside the form.
    expect(/<input[^>]*name="addOn-usb"[^>]*>/.exec(html)![0]).toContain("checked");
    expect(await currentRecord(worker, booked)).toEqual(before);
    expect(await heldOn(date)).toEqual(held);
  });
});

describe("the add-ons endpoint", () => {
  it("takes the same fields as JSON and answers the booking's add-ons and total", async () => {
    const booked = await book(weekendDays[3]!, "Glam Booth");
    const before = await currentRecord(worker, booked);
    const response = await postJson(worker, `/invoice/${booked.invoiceNumber}/extras?key=${booked.secret}`, { "addOn-online-gallery": true, extraHours: 1 });
    expect(response.status).toBe(200);
    const after = await currentRecord(worker, booked);
    expect(after.extras).toEqual({ extraHours: 1, addOns: ["online-gallery"], backdrop: null });
    expect(await response.json()).toMatchObject({ ok: true, extras: after.extras, totalCents: after.totalCents });
    // A Glam Booth's extra hour is $160, the online gallery $49.
    expect(after.totalCents).toBe(before.totalCents + 16_000 + 4_900);
  });
});

describe("the last 14 days before the event", () => {
  it("shows why the add-ons can no longer change, and refuses a change", async () => {
    const booked = await book(addDays(melbourneToday(), 10), "Enclosed Booth");
    const reason = "The event is 14 days away or less, so its add-ons can no longer be changed online.";
    const page = await pageText(booked);
    expect(page).toContain(reason);
    expect(page).not.toContain("Change my add-ons");

    const response = await changeAddOns(booked, { "addOn-usb": "on" });
    expect(response.status).toBe(409);
    expect(decode(await response.text())).toContain(reason);
    expect((await currentRecord(worker, booked)).extras?.addOns ?? []).toEqual([]);
  });
});

describe("a booking whose add-ons grew, then cancelled, in Xero's files (issue 57)", () => {
  it("has a credit note for each document it takes back, naming it in Reference, each applying in full against it", async () => {
    const booked = await book(weekendDays[4]!, "Enclosed Booth");
    expect((await changeAddOns(booked, { "addOn-audio-guest-book": "on" })).status).toBe(303);
    await worker.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm"), { method: "POST" });
    expect((await worker.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "cancel"), { method: "POST" })).status).toBe(200);

    const token = await feedToken(testVars.OWNER_FEED_SECRET, "export");
    const xero = async (file: string) => {
      const response = await worker.fetch(`/owner/xero/${melbourneToday().slice(0, 7)}/${file}.csv?token=${token}`);
      const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
      return rows.filter((row) => (row["*InvoiceNumber"] ?? row["*CreditNoteNumber"])!.startsWith(booked.invoiceNumber));
    };
    const cents = (row: Record<string, string>) => Math.round(Number(row["*UnitAmount"]) * 100);
    const totals = (rows: Record<string, string>[], column: string) => {
      const byNumber = new Map<string, { cents: number; gst: number; reference: string }>();
      for (const row of rows) {
        const total = byNumber.get(row[column]!) ?? { cents: 0, gst: 0, reference: row["Reference"]! };
        byNumber.set(row[column]!, { ...total, cents: total.cents + cents(row), gst: total.gst + Math.sign(cents(row)) * Math.round(Math.abs(cents(row)) / 11) });
      }
      return byNumber;
    };
    const invoices = totals(await xero("sales-invoices"), "*InvoiceNumber");
    const notes = totals(await xero("credit-notes"), "*CreditNoteNumber");
    expect([...invoices].map(([number, { cents }]) => [number, cents])).toEqual([
      [booked.invoiceNumber, expect.any(Number)],
      [`${booked.invoiceNumber}-A1`, 14_900],
    ]);
    // Xero applies a credit note against the document in its Reference, at most what is left of it.
    const left = new Map([...invoices].map(([number, { cents }]) => [number, cents]));
    for (const [number, note] of notes) {
      expect(left.has(note.reference), `${number} names a document Xero has`).toBe(true);
      expect(note.cents, `${number} applies in full against ${note.reference}`).toBeLessThanOrEqual(left.get(note.reference)!);
      left.set(note.reference, left.get(note.reference)! - note.cents);
    }
    expect([...left.values()], "nothing left billed").toEqual([0, 0]);
    const gst = (byNumber: typeof invoices) => [...byNumber.values()].reduce((sum, one) => sum + one.gst, 0);
    expect(gst(invoices) - gst(notes), "no GST left on a booking billed nothing").toBe(0);
  });
});
