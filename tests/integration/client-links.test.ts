/**
 * The client's links (docs/product-decisions.md, "The client's booking page"): the calendar file
 * names the booking page without its key, and a booking page opened without its key is the same
 * 404 whatever the number, offering "Send me my booking link" to the address on the booking.
 */
import { createHash } from "node:crypto";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { mailBookingLink } from "~/bookings/booking-page/lost-link.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { recordDeliveries } from "~/bookings/record/record-deliveries.server";
import { findBooking } from "~/bookings/record/record.server";
import { melbourneInstant } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { bookThrough, type Booked } from "./booking";
import { outboxMailsOf, postJson } from "./forms-support";
import { testOrigin, testVars, workerForFile } from "./worker";

const limit = 12;
// A year's window: no test runs across the end of one, which would start the counts again.
const worker = workerForFile({ vars: { RATE_LIMIT_MAX: String(limit), RATE_LIMIT_WINDOW_SECONDS: String(365 * 24 * 3600) } });

const book = (day: number, fields: Record<string, string> = {}) =>
  bookThrough(worker, { ...validBooking, eventDate: eventDate("clientLinks", day), boothType: "Open Booth", packageDuration: "3 Hours", email: `links${day}@example.com`, ...fields });

const calendarPath = (booked: Booked) => `/invoice/${booked.invoiceNumber}/event.ics?key=${booked.secret}`;

async function calendarFile(booked: Booked): Promise<{ text: string; event: ICAL.Event }> {
  const response = await worker.fetch(calendarPath(booked));
  expect(response.status).toBe(200);
  const text = await response.text();
  const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
  expect(vevents).toHaveLength(1);
  return { text, event: new ICAL.Event(vevents[0]!) };
}

/** Every property of the file, its value as a calendar app reads it. */
function values(event: ICAL.Event): string {
  return event.component.getAllProperties().map((property) => String(property.getFirstValue())).join("\n");
}

describe("the client's calendar file", () => {
  it("links the booking page without its key, in its URL and its description", async () => {
    const booked = await book(1);
    const { text, event } = await calendarFile(booked);
    expect(event.component.getFirstPropertyValue("url")).toBe(`${testOrigin}/invoice/${booked.invoiceNumber}`);
    expect(event.description).toContain(`${testOrigin}/invoice/${booked.invoiceNumber}`);
    expect(values(event)).not.toContain(booked.secret);
    // Unfolded, as a calendar app joins the lines again.
    expect(text.replace(/\r\n[ \t]/g, "")).not.toContain(booked.secret);
  });

  it("is all day until the start time is saved, then timed from it for the hours booked, in Melbourne's time", async () => {
    const booked = await book(2, { packageDuration: "3 Hours" });
    const before = (await calendarFile(booked)).event;
    expect(before.startDate.isDate).toBe(true);
    const details = { startTime: "17:30", venueAddress: "12 Station Place, Werribee VIC 3030", contactName: "Lan", contactMobile: "0412 345 678" };
    expect((await postJson(worker, `/invoice/${booked.invoiceNumber}/details?key=${booked.secret}`, details)).status).toBe(200);

    const { event } = await calendarFile(booked);
    expect(event.startDate.isDate).toBe(false);
    const begins = melbourneInstant(booked.eventDate, "17:30");
    expect(event.startDate.toJSDate().toISOString()).toBe(begins.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date(begins.getTime() + 3 * 3_600_000).toISOString());
    // A calendar app takes the new times for the event it has: the same UID, a later sequence.
    expect(event.uid).toBe(before.uid);
    expect(event.sequence).toBeGreaterThan(before.sequence);
  });

  it("stays one well-formed event when a name or a place holds a carriage return or other control characters", async () => {
    const booked = await book(3);
    // A record kept from before the forms dropped control characters.
    const kv = await worker.kv();
    const { value, metadata } = await kv.getWithMetadata<BookingRecord>(booked.recordKey, "json");
    const location = "Nhà hàng Phở Hà Nội\rDTSTART:20200101\r\nBEGIN:VEVENT\u0000 北京饭店\u0085Αθήνα\u0007";
    await kv.put(booked.recordKey, JSON.stringify({ ...value!, fullName: "Nguyễn\rThị Hoa", eventLocation: location }), { metadata });

    const { text, event } = await calendarFile(booked);
    // Unfolded (a folded line goes on after a line end and a space or tab), no line holds a control character.
    expect(text.replace(/\r\n[ \t]/g, "").split("\r\n").filter((line) => /\p{Cc}/u.test(line))).toEqual([]);
    expect(event.location).toBe("Nhà hàng Phở Hà Nội\nDTSTART:20200101\nBEGIN:VEVENT 北京饭店\nΑθήνα");
    expect(event.startDate.toString()).toBe(booked.eventDate);
  });
});

/** The page's body with the booking's number made general, to compare one 404 with another. */
const general = (body: string, invoiceNumber: string) => body.replaceAll(invoiceNumber, "PB-NUMBER");

/** The inline scripts of a page (not JSON-LD, which never runs) that its policy does not allow by hash. */
function refusedScripts(response: Response, html: string): string[] {
  const policy = response.headers.get("content-security-policy") ?? "";
  const scripts = [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  return scripts.filter((script) => !policy.includes(`'sha256-${createHash("sha256").update(script).digest("base64")}'`));
}

async function page(path: string): Promise<{ response: Response; body: string }> {
  const response = await worker.fetch(path);
  return { response, body: await response.text() };
}

describe("a booking page opened without its key", () => {
  it("is the same 404 for an unknown number, a real one with a wrong key and a real one without a key, and offers to send the link", async () => {
    const booked = await book(4);
    const unknown = "PB-20200101-100";
    const answers = await Promise.all([page(`/invoice/${unknown}`), page(`/invoice/${booked.invoiceNumber}?key=${"A".repeat(27)}`), page(`/invoice/${booked.invoiceNumber}`)]);
    for (const { response } of answers) {
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
    }
    const [first, ...rest] = answers.map(({ body }, index) => general(body, index === 0 ? unknown : booked.invoiceNumber));
    for (const body of rest) expect(body).toBe(first);
    const { body } = answers[2]!;
    expect(body).toContain(`<form method="post" action="/invoice/${booked.invoiceNumber}/link"`);
    expect(body).toContain("Send me my booking link");
    expect(body).toContain("<title>Your booking page | Bluestone Photo Booths</title>");
    expect(body).toMatch(/<meta name="robots" content="noindex/);
    // It hydrates like any page: every inline script it writes is one its policy allows.
    expect(refusedScripts(answers[2]!.response, body)).toEqual([]);
  });

  it("is the site's plain 404 for a number that is not a booking number, and under the page's other addresses", async () => {
    const booked = await book(5);
    for (const path of ["/invoice/not-a-number", "/invoice/PB-20201301-100", `/invoice/${booked.invoiceNumber}/pdf`, `/invoice/${booked.invoiceNumber}/event.ics`, `/invoice/${booked.invoiceNumber}/link`]) {
      const { response, body } = await page(path);
      expect(response.status, path).toBe(404);
      expect(body, path).not.toContain("Send me my booking link");
      if (!path.includes("/PB-2")) expect(body, path).toContain("Page not found");
    }
  });
});

describe("Send me my booking link", () => {
  const send = (invoiceNumber: string, email: string, from: string, fields: Record<string, string> = {}) =>
    worker.fetch(`/invoice/${invoiceNumber}/link`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": from },
      body: new URLSearchParams({ email, website: "", ...fields }).toString(),
      redirect: "manual",
    });

  /** Where the form's answer sends the browser (a 303, as a form post without JavaScript follows it). */
  async function answered(response: Response): Promise<string> {
    expect(response.status).toBe(303);
    return response.headers.get("location")!;
  }

  const linkMails = async (booked: Booked) => (await outboxMailsOf(worker, booked.recordKey)).filter((mail) => /#link-/.test(mail.messageId));

  it("e-mails the booking page's link only to the address on the booking, and answers the same whatever was typed", async () => {
    const booked = await book(6, { email: "Hoa.Nguyen@Example.com" });
    const unknown = "PB-20200101-100";
    const wrong = await answered(await send(booked.invoiceNumber, "someone@example.com", "198.51.100.61"));
    const notBooked = await answered(await send(unknown, "hoa.nguyen@example.com", "198.51.100.62"));
    const right = await answered(await send(booked.invoiceNumber, "  hoa.nguyen@EXAMPLE.com ", "198.51.100.63"));
    expect(right).toBe(`/invoice/${booked.invoiceNumber}?link=sent`);
    expect(wrong).toBe(right);
    expect(notBooked).toBe(`/invoice/${unknown}?link=sent`);

    const [shown, shownUnknown] = await Promise.all([page(right), page(notBooked)]);
    expect(shown.response.status).toBe(404);
    expect(shown.body).toContain(`If that address is on booking ${booked.invoiceNumber}, we have e-mailed its link.`);
    expect(general(shownUnknown.body, unknown)).toBe(general(shown.body, booked.invoiceNumber));

    await expect.poll(async () => (await linkMails(booked)).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await linkMails(booked);
    expect(mail!.to.email).toBe("Hoa.Nguyen@Example.com");
    expect(mail!.subject).toBe(`Your booking page ${booked.invoiceNumber} – Bluestone Photo Booths`);
    expect(mail!.text).toContain(`${testOrigin}/invoice/${booked.invoiceNumber}?key=${booked.secret}`);
    expect(mail!.text).not.toContain("/owner/");
  });

  it("refuses a filled-in spam trap and an address that is not one, sending nothing", async () => {
    const booked = await book(7);
    expect((await send(booked.invoiceNumber, "links7@example.com", "198.51.100.71", { website: "https://spam.example" })).status).toBe(400);
    const malformed = await answered(await send(booked.invoiceNumber, "not an address", "198.51.100.72"));
    expect(malformed).toBe(`/invoice/${booked.invoiceNumber}?link=invalid`);
    expect((await page(malformed)).body).toContain("Please enter a valid email address.");
    // The right address afterwards is the only one sent.
    expect(await answered(await send(booked.invoiceNumber, "links7@example.com", "198.51.100.73"))).toBe(`/invoice/${booked.invoiceNumber}?link=sent`);
    await expect.poll(async () => (await linkMails(booked)).length, { timeout: 20_000 }).toBe(1);
  });

  it("is limited per visitor like the site's other forms, and says so beside the form", async () => {
    const answers: string[] = [];
    for (let i = 0; i < limit + 2; i++) answers.push(await answered(await send("PB-20200101-101", "limited@example.com", "2001:db8:cc:1::1")));
    expect(answers).toEqual([...Array<string>(limit).fill("/invoice/PB-20200101-101?link=sent"), ...Array<string>(2).fill("/invoice/PB-20200101-101?link=limited")]);
    const { body } = await page(answers.at(-1)!);
    expect(body).toContain("Too many requests from your connection.");
    expect(body).toContain("Send me my booking link");
  });

  it("sends one booking's link once an hour however many connections ask, and is limited per address too", async () => {
    const booked = await book(8, { email: "links8@example.com" });
    for (let i = 0; i < 3; i++) expect(await answered(await send(booked.invoiceNumber, "links8@example.com", `198.51.100.9${i}`))).toBe(`/invoice/${booked.invoiceNumber}?link=sent`);
    await expect.poll(async () => (await linkMails(booked)).length, { timeout: 20_000 }).toBe(1);
    // The address's own limit, whichever connections it comes from.
    const answers: string[] = [];
    for (let i = 0; i < limit; i++) answers.push(await answered(await send(booked.invoiceNumber, "links8@example.com", `203.0.113.${i + 1}`)));
    expect(answers.slice(0, limit - 3).every((answer) => answer.endsWith("link=sent"))).toBe(true);
    expect(answers.slice(limit - 3)).toEqual(Array<string>(3).fill(`/invoice/${booked.invoiceNumber}?link=address-limited`));
    // It says which limit refused: the address's, not the connection's.
    const { body } = await page(answers.at(-1)!);
    expect(body).toContain("Too many requests for this e-mail address.");
    expect(body).not.toContain("from your connection");
    expect(await linkMails(booked)).toHaveLength(1);
  });

  it("does not let junk posts naming the client's address lock the client out", async () => {
    const booked = await book(9, { email: "links9@example.com" });
    // The spam trap filled in, from as many connections as the address's limit allows posts.
    for (let i = 0; i < limit; i++) expect((await send(booked.invoiceNumber, "links9@example.com", `203.0.113.${100 + i}`, { website: "https://spam.example" })).status).toBe(400);
    expect(await answered(await send(booked.invoiceNumber, "links9@example.com", "203.0.113.120"))).toBe(`/invoice/${booked.invoiceNumber}?link=sent`);
    await expect.poll(async () => (await linkMails(booked)).length, { timeout: 20_000 }).toBe(1);
  });

  /** Presses "Send me my booking link" for `booked` as of `instant`: the site's own code and Durable Objects, on the test's clock. */
  async function linkAt(booked: Booked, instant: string): Promise<boolean> {
    const kv = await worker.kv();
    const services = {
      kv,
      config: { SITE_ORIGIN: testOrigin, OWNER_EMAIL: testVars.OWNER_EMAIL },
      deliveries: recordDeliveries(kv, await worker.ledger()),
      mailQueue: await worker.emailQueue(),
      submissionLimits: await worker.submissionLimits(),
      now: () => new Date(instant),
    } as unknown as Parameters<typeof mailBookingLink>[0];
    return mailBookingLink(services, (await findBooking(kv, booked.invoiceNumber))!.booking);
  }

  it("sends a booking's link once in any 60 minutes, across the clock's hour", async () => {
    const booked = await book(10);
    expect(await linkAt(booked, "2029-02-01T08:50:00.000Z")).toBe(true);
    expect(await linkAt(booked, "2029-02-01T09:00:00.000Z")).toBe(false);
    expect(await linkAt(booked, "2029-02-01T09:49:59.000Z")).toBe(false);
    expect(await linkAt(booked, "2029-02-01T09:50:00.001Z")).toBe(true);
    await expect.poll(async () => (await linkMails(booked)).length, { timeout: 20_000 }).toBe(2);
  });

  it("sends a booking's link three times in any 24 hours, across midnight UTC", async () => {
    const booked = await book(11);
    for (const at of ["2029-02-01T21:00:00.000Z", "2029-02-01T22:01:00.000Z", "2029-02-01T23:02:00.000Z"]) expect(await linkAt(booked, at)).toBe(true);
    for (const at of ["2029-02-02T00:03:00.000Z", "2029-02-02T01:04:00.000Z", "2029-02-02T20:59:00.000Z"]) expect(await linkAt(booked, at)).toBe(false);
    // A day after the first, one more: the other two are still within their day.
    expect(await linkAt(booked, "2029-02-02T21:00:00.001Z")).toBe(true);
    expect(await linkAt(booked, "2029-02-02T22:00:30.000Z")).toBe(false);
    await expect.poll(async () => (await linkMails(booked)).length, { timeout: 20_000 }).toBe(4);
  });

  it("answers 404 to a number that is not a booking number", async () => {
    expect((await send("PB-2020-1", "someone@example.com", "198.51.100.81")).status).toBe(404);
  });
});
