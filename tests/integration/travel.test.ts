import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { formatDateInWords } from "~/utils/date-words";
import { addDays } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking, validQuote } from "../support/form-data";
import { pdfText } from "../support/pdf-text";
import { decode, pageAmounts, sitePath } from "./invoice-page";
import { getJson, newKeys, postForm, postJson, settledMailsOf } from "./forms-support";
import { workerForFile, testOrigin } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

interface BookingAnswer {
  invoiceUrl: string;
  invoiceNumber: string;
  price: number;
  travelFee: number;
  total: number;
}

async function book(fields: Record<string, string>): Promise<BookingAnswer> {
  const response = await postJson(worker, "/.netlify/functions/booking", { ...validBooking, ...fields });
  expect(response.status).toBe(200);
  return (await response.json()) as BookingAnswer;
}


describe("GET /api/travel", () => {
  it.each([
    ["Tarneit VIC 3029", { locality: "Tarneit", postcode: "3029", distanceKm: 0, travelFee: 0, freeDelivery: true, bookable: true }],
    ["Point Cook", { locality: "Point Cook", postcode: "3030", distanceKm: 14, travelFee: 0, freeDelivery: true, bookable: true }],
    ["Deakin Waterfront, Geelong", { locality: "Geelong", postcode: "3220", distanceKm: 46, travelFee: 12, freeDelivery: false, bookable: true }],
    ["Lorne Surf Club, Lorne 3232", { locality: "Lorne", postcode: "3232", distanceKm: 103, travelFee: 126, freeDelivery: false, bookable: false }],
  ])("answers %s with its locality, distance and fee", async (place, expected) => {
    const response = await worker.fetch(`/api/travel?place=${encodeURIComponent(place)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);
  });

  it("answers 404 with an error when no Victorian locality is named, and 400 when no place is given", async () => {
    const missing = await worker.fetch("/api/travel?place=Our%20backyard");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/No Victorian suburb/);
    expect((await worker.fetch("/api/travel")).status).toBe(400);
  });
});

describe("bookings and travel", () => {
  it.each([
    ["the JSON endpoint", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, eventDate: eventDate("travel", 1), eventLocation: "Lorne Surf Club, Lorne" })],
    ["the booking form", () => postForm(worker, "/booking", { ...validBooking, eventDate: eventDate("travel", 1), eventLocation: "Lorne Surf Club, Lorne" })],
  ])("refuses a venue beyond the online limit through %s with 422, points to the quote form and stores nothing", async (_via, send) => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await send();
    });
    expect(response.status).toBe(422);
    const body = await response.text();
    expect(body).toContain("Lorne 3232 is 103 km from Tarneit");
    expect(body).toContain("/quickquote");
    expect(added).toEqual([]);
  });

  it("tells search engines and visitors of /booking that it books online up to 100 km from Tarneit", async () => {
    const response = await worker.fetch("/booking");
    expect(response.status).toBe(200);
    // React marks where text and values meet with empty comments; a reader never sees them.
    const page = decode(await response.text()).replaceAll("<!-- -->", "");
    expect(page.match(/<meta name="description" content="([^"]*)"/)?.[1]).toContain("anywhere up to 100 km from Tarneit.");
    expect(page).toContain("We book online up to 100 km away");
  });

  it("stores a Geelong booking with its travel line and total, and invoices them", async () => {
    // A Friday: the table's price, with no date rule.
    const date = eventDate("travel", 12);
    const answer = await book({ eventDate: date, eventLocation: "Deakin Waterfront, Geelong VIC", boothType: "Open Booth", packageDuration: "3 Hours" });
    expect(answer).toMatchObject({ price: 535, travelFee: 12, total: 547 });

    const key = `booking:${date}:${answer.invoiceNumber}`;
    const record = await getJson<Record<string, unknown>>(worker, key);
    expect(record).toMatchObject({
      price: 535,
      travel: { locality: "Geelong", postcode: "3220", distanceKm: 46, travelFee: 12, freeDelivery: false, bookable: true },
      travelFee: 12,
      totalCents: 54_700,
    });
    const listed = await (await worker.kv()).list({ prefix: key });
    expect(listed.keys[0]?.metadata).toMatchObject({ summary: `Jane Citizen · ${date} · Open Booth 3 Hours · $547.00 (travel $12) · ${answer.invoiceNumber} · requested` });

    const html = await (await worker.fetch(sitePath(answer.invoiceUrl))).text();
    expect(html).toContain(`<h1>Tax invoice ${answer.invoiceNumber}</h1>`);
    expect(html).toContain("ABN 49 624 595 711");
    expect(pageAmounts(html)).toEqual([
      ["Open Booth hire, 3 Hours (Photobooth)", "$535.00"],
      ["Geelong 3220 is 46 km from Tarneit: travel $12 (6 km beyond 40 km at $2 per km)", "$12.00"],
      ["Total (AUD)", "$547.00"],
      [expect.stringMatching(/^Deposit, due by \w+day \d{1,2} \w+ \d{4}$/), "$165.00"],
      [`Balance, due by ${formatDateInWords(addDays(date, -14))}`, "$382.00"],
      ["Paid so far", "$0.00"],
    ]);
    expect(html).toContain("Total includes GST of $49.73");
    expect(html).toContain("Owing now (deposit)");
  });

  it("prints the same charges, GST, due dates and amounts owing on the invoice page and its PDF", async () => {
    const answer = await book({ eventDate: eventDate("invoices", 3), eventLocation: "Torquay Golf Club, Torquay", boothType: "Enclosed Booth", packageDuration: "5 Hours" });
    const html = await (await worker.fetch(sitePath(answer.invoiceUrl))).text();
    const pdfPath = decode(html.match(/href="(\/invoice\/[^"]+\/pdf\?key=[^"]+)"/)![1]!);
    const text = (await pdfText(new Uint8Array(await (await worker.fetch(pdfPath)).arrayBuffer()))).replace(/\s+/g, " ");

    const amounts = pageAmounts(html);
    expect(amounts.map(([label]) => label)).toEqual([
      expect.stringMatching(/^Enclosed Booth hire/),
      expect.stringMatching(/^Torquay 3228 is 66 km/),
      "Total (AUD)",
      expect.stringMatching(/^Deposit, due by/),
      expect.stringMatching(/^Balance, due by/),
      "Paid so far",
    ]);
    for (const [label, amount] of amounts) expect(text).toContain(`${label} ${amount}`);
    const gst = html.match(/Total includes GST of \$[\d,]+\.\d\d/)![0];
    const owing = html.match(/Owing now \(deposit\)<\/span> <strong>([^<]+)</)![1]!;
    expect(text).toContain(gst);
    expect(text).toContain(`Owing now (deposit) ${owing}`);
    expect(text).toContain(`Tax invoice ${answer.invoiceNumber}`);
    expect(text).toContain("ABN 49 624 595 711");
  });

  it("takes a booking whose suburb is not found, with travel to be confirmed and nothing charged for it", async () => {
    // A Saturday: the table's price, with no date rule.
    const date = eventDate("travel", 13);
    const answer = await book({ eventDate: date, eventLocation: "Our backyard", boothType: "Glam Booth", packageDuration: "2 Hours" });
    expect(answer).toMatchObject({ travelFee: 0, total: answer.price });
    const key = `booking:${date}:${answer.invoiceNumber}`;
    expect(await getJson(worker, key)).toMatchObject({ travel: null, travelFee: 0, totalCents: answer.price * 100 });
    const listed = await (await worker.kv()).list({ prefix: key });
    expect((listed.keys[0]?.metadata as { summary: string }).summary).toMatch(/ · TRAVEL TBC · PB-/);
    const html = await (await worker.fetch(sitePath(answer.invoiceUrl))).text();
    expect(pageAmounts(html)[1]).toEqual([expect.stringMatching(/^Travel to be confirmed/), "to be confirmed"]);
  });

  it("e-mails the client the deposit, balance, GST and a calendar link", async () => {
    const added = await newKeys(worker, () => book({ eventDate: eventDate("travel", 5), eventLocation: "Geelong", boothType: "Glam Booth", packageDuration: "4 Hours" }));
    const mails = await settledMailsOf(worker, added.find((key) => key.startsWith("booking:"))!);
    const client = mails.find((mail) => mail.to.email === validBooking.email)!;
    expect(client.text).toMatch(/Deposit, due by \w+day \d{1,2} \w+ \d{4}: \$/);
    expect(client.text).toMatch(/Balance, due by \w+day \d{1,2} \w+ \d{4}: \$/);
    expect(client.text).toContain("Total includes GST of $");
    expect(client.text).toMatch(new RegExp(`Add the event to your calendar: ${testOrigin}/invoice/PB-\\d{8}-\\d{3}/event\\.ics\\?key=`));
  });
});

describe("GET /invoice/{number}/event.ics", () => {
  it("answers the booked event as an all-day iCalendar event with a stable UID", async () => {
    const date = eventDate("travel", 6);
    const answer = await book({ eventDate: date, eventLocation: "Werribee Park Mansion, K Rd, Werribee South VIC 3030", boothType: "Enclosed Booth", packageDuration: "4 Hours" });
    const html = await (await worker.fetch(sitePath(answer.invoiceUrl))).text();
    const icsPath = decode(html.match(/href="(\/invoice\/[^"]+\/event\.ics\?key=[^"]+)"/)![1]!);

    const response = await worker.fetch(icsPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.text();
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent("vevent")!);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(date);
    expect(event.endDate.toString()).toBe(new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
    expect(event.summary).toBe("Enclosed Booth photo booth, 4 Hours (Bluestone Photo Booths)");
    expect(event.location).toBe("Werribee Park Mansion, K Rd, Werribee South VIC 3030");
    expect(event.uid).toBe(`${answer.invoiceNumber}@photobooths.test`);
    expect(event.component.getFirstPropertyValue("url")).toBe(`${testOrigin}/invoice/${answer.invoiceNumber}`);

    const again = new ICAL.Event(new ICAL.Component(ICAL.parse(await (await worker.fetch(icsPath)).text())).getFirstSubcomponent("vevent")!);
    expect(again.uid).toBe(event.uid);
  });

  it("answers 404 to a wrong or missing key and an unknown invoice", async () => {
    const answer = await book({ eventDate: eventDate("travel", 7), eventLocation: "Point Cook", boothType: "Open Booth", packageDuration: "2 Hours" });
    for (const path of [
      `/invoice/${answer.invoiceNumber}/event.ics?key=${"A".repeat(27)}`,
      `/invoice/${answer.invoiceNumber}/event.ics`,
      `/invoice/PB-20200101-100/event.ics?key=${new URL(answer.invoiceUrl).searchParams.get("key")}`,
    ]) {
      const response = await worker.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe("Not Found");
    }
  });
});

describe("quote requests and travel", () => {
  it("accepts a quote from beyond the online limit and shows the owner the distance", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, eventLocation: "Lorne Surf Club, Lorne" });
    });
    expect(response.status).toBe(200);
    const mails = await settledMailsOf(worker, added.find((key) => key.startsWith("quote:"))!);
    expect(mails.find((mail) => mail.to.email === "owner@example.com")!.text).toContain("Distance: Lorne 3232 is 103 km from Tarneit");
    expect(mails.find((mail) => mail.to.email === validQuote.email)!.text).not.toContain("Distance");
  });
});
