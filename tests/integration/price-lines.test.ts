import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { formatCents } from "~/bookings/record/amounts";
import { priceBooking } from "~/prices/booking-price";
import { sheetRule, type DateRules } from "~/prices/price-sheet";
import type { Extras } from "~/prices/extras";
import { eventDate } from "../support/event-dates";
import { validBooking, validQuote } from "../support/form-data";
import { pdfText } from "../support/pdf-text";
import { getJson, newKeys, postForm, postJson, settledMailsOf, settledRecord } from "./forms-support";
import { decode, pageAmounts, sitePath } from "./invoice-page";
import { workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

// The area's month is November: Melbourne Cup day is its first Tuesday; the day before is a Monday.
const melbourneCup = (() => {
  const first = eventDate("priceRules", 1);
  const day = new Date(`${first}T00:00:00Z`).getUTCDay();
  return eventDate("priceRules", 1 + ((2 - day + 7) % 7));
})();
const mondayBefore = eventDate("priceRules", Number(melbourneCup.slice(8)) - 1);

/** A booking's stored record and every document's text: invoice page, PDF and e-mails. */
async function documentsOf(invoicePath: string, recordKey: string) {
  const record = await getJson<BookingRecord>(worker, recordKey);
  const html = decode(await (await worker.fetch(invoicePath)).text());
  const pdfPath = html.match(/href="(\/invoice\/[^"]+\/pdf\?key=[^"]+)"/)![1]!;
  const pdf = pdfText(new Uint8Array(await (await worker.fetch(pdfPath)).arrayBuffer()));
  const mails = await settledMailsOf(worker, recordKey);
  return { record, html, pdf, mails };
}

/** Every line the server prices for a booking at this address (the travel line's words are the invoice's own). */
function expectedPrice(eventDate: string, extras: Extras, travelFee = 0) {
  return priceBooking({ boothType: "Glam Booth", packageDuration: "3 Hours", eventDate, extras, promo: null, travelFee });
}

function expectEveryLine(documents: Awaited<ReturnType<typeof documentsOf>>, expected: ReturnType<typeof expectedPrice>) {
  const { record, html, pdf, mails } = documents;
  expect(record.priceLines).toEqual(expected.lines);
  expect(record.totalCents).toBe(expected.totalCents);
  // What its documents print that the settings could change later is kept as issued (billing-documents.ts).
  expect(record.issuedWith).toEqual({ travelLabel: expect.stringContaining(" km from "), balanceDueDaysBeforeEvent: 14 });
  const sold = expected.lines.filter((line) => line.kind !== "booth" && line.kind !== "travel");
  const amounts = pageAmounts(html);
  for (const line of sold) {
    expect(amounts, line.label).toContainEqual([line.label, formatCents(line.cents)]);
    expect(pdf.replace(/\s+/g, " "), line.label).toContain(`${line.label} ${formatCents(line.cents)}`);
    for (const mail of mails) expect(mail.text, `${mail.subject}: ${line.label}`).toContain(formatCents(line.cents));
    for (const mail of mails) expect(decode(mail.html), `${mail.subject}: ${line.label}`).toContain(line.label);
  }
  expect(amounts).toContainEqual(["Total (AUD)", formatCents(expected.totalCents)]);
  expect(pdf).toContain(formatCents(expected.totalCents));
  expect(mails).toHaveLength(2);
}

describe("a booking's add-ons and the date's rule, on every document", () => {
  it("ships the rule of Melbourne Cup day and of a Monday to the booking form, and not the whole holiday table", async () => {
    const html = await (await worker.fetch("/booking")).text();
    const { rules } = JSON.parse(decode(html.match(/data-price-summary="([^"]*)"/)![1]!)) as { rules: DateRules };
    expect(sheetRule(rules, melbourneCup)).toEqual({ label: "Public holiday (Melbourne Cup) +20%", percent: 20 });
    expect(sheetRule(rules, mondayBefore)).toEqual({ label: "Weekday (Monday to Thursday) -10%", percent: -10 });
    expect(rules.special.flatMap((rule) => rule.dates).every((date) => date >= "2026-01-01")).toBe(true);
  });

  it("prices a form posted on Melbourne Cup day with its add-ons, backdrop, extra hour and the holiday's 20%, and every document lists each line", async () => {
    const fields = {
      ...validBooking,
      eventDate: melbourneCup,
      eventLocation: "Deakin Waterfront, Geelong VIC",
      "addOn-audio-guest-book": "on",
      "addOn-usb": "on",
      extraHours: "1",
      backdrop: "Floral",
      website: "",
    };
    const response = await postForm(worker, "/booking", fields);
    expect(response.status).toBe(303);
    const invoicePath = response.headers.get("location")!;
    const invoiceNumber = invoicePath.match(/PB-\d{8}-\d{3}/)![0];
    const expected = expectedPrice(melbourneCup, { extraHours: 1, addOns: ["audio-guest-book", "usb"], backdrop: "Floral" }, 12);
    expect(expected.lines.find((line) => line.kind === "rule")).toEqual({ kind: "rule", label: "Public holiday (Melbourne Cup) +20%", percent: 20, cents: Math.round((580 + 160 + 149 + 39 + 50) * 20) });
    const documents = await documentsOf(invoicePath, `booking:${melbourneCup}:${invoiceNumber}`);
    expectEveryLine(documents, expected);
    expect(documents.record.extras).toEqual({ extraHours: 1, addOns: ["audio-guest-book", "usb"], backdrop: "Floral" });
  });

  it("prices a JSON booking on a Monday with the weekday's 10% off, travel aside, and the deposit follows the total", async () => {
    const response = await postJson(worker, "/.netlify/functions/booking", {
      ...validBooking,
      eventDate: mondayBefore,
      "addOn-guest-book": true,
      "addOn-online-gallery": true,
      extraHours: 2,
      backdrop: "White",
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { invoiceNumber: string; invoiceUrl: string; total: number };
    const expected = expectedPrice(mondayBefore, { extraHours: 2, addOns: ["guest-book", "online-gallery"], backdrop: "White" });
    expect(answer.total * 100).toBe(expected.totalCents);
    const documents = await documentsOf(sitePath(answer.invoiceUrl), `booking:${mondayBefore}:${answer.invoiceNumber}`);
    expectEveryLine(documents, expected);
    // A 30% deposit, rounded up to the dollar, of the total with its extras and rule.
    const deposit = Math.ceil((expected.totalCents * 0.3) / 100) * 100;
    expect(pageAmounts(documents.html)).toContainEqual([expect.stringMatching(/^Deposit, due by /), formatCents(deposit)]);
  });

  it("keeps the ticked add-ons, extra hours, backdrop and code on a refused post, and stores nothing", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postForm(worker, "/booking", {
        ...validBooking,
        eventDate: eventDate("priceRules", 20),
        fullName: "",
        "addOn-guest-book": "on",
        "addOn-online-gallery": "on",
        extraHours: "2",
        backdrop: "Graduation",
        promoCode: "winter10",
        website: "",
      });
    });
    expect(response.status).toBe(400);
    expect(added).toEqual([]);
    const html = await response.text();
    const checked = (id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*checked=""|<input[^>]*checked=""[^>]*id="${id}"`);
    expect(html).toMatch(checked("booking-addOn-guest-book"));
    expect(html).toMatch(checked("booking-addOn-online-gallery"));
    expect(html).not.toMatch(checked("booking-addOn-usb"));
    expect(html).toMatch(checked("booking-extraHours-2"));
    expect(html).toMatch(checked("booking-backdrop-Graduation"));
    expect(html).toMatch(/id="booking-promoCode"[^>]*value="winter10"|value="winter10"[^>]*id="booking-promoCode"/);
    // The summary the page was sent already counts them.
    expect(decode(html)).toContain("Graduation backdrop");
  });

  it("keeps the add-ons a quote asks about, in the stored quote and the owner's e-mail", async () => {
    const added = await newKeys(worker, () => postForm(worker, "/quickquote", { ...validQuote, "addOn-audio-guest-book": "on", "addOn-usb": "on", website: "" }));
    const key = added.find((name) => name.startsWith("quote:"))!;
    expect(await settledRecord(worker, key)).toMatchObject({ addOns: ["audio-guest-book", "usb"] });
    const owner = (await settledMailsOf(worker, key)).find((mail) => mail.to.email === "owner@example.com")!;
    expect(owner.text).toContain("Audio guest book ($149), USB of every photo ($39)");
  });
});
