import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Miniflare } from "miniflare";
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { sumCents } from "~/prices/booking-price";
import type { PromoCode } from "~/prices/promo-codes";
import type { QuoteEntry } from "~/quotes/quote-book";
import type { QuoteRecord } from "~/quotes/quote";
import { quoteKey } from "~/storage-keys";
import { travelTo } from "~/travel/travel.server";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking, validQuote } from "../support/form-data";
import { bookThrough, keepMyDate } from "./booking";
import { getJson, outboxMailsOf, postForm, postJson, type OutboxMail } from "./forms-support";
import { decode } from "./invoice-page";
import { ownerLink } from "../support/links";
import { startWorker, testOrigin, testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

// Melbourne Cup day is the first Tuesday of November: the quotes area's year, November.
const melbourneCup = (() => {
  const year = Number(eventDate("quotes", 1).slice(0, 4));
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  return `${year}-11-${String(1 + ((2 - first + 7) % 7)).padStart(2, "0")}`;
})();

/** Asks for a quote through the form, as a browser without JavaScript does; its id and key from the thank-you address. */
async function askQuote(fields: Record<string, string>): Promise<{ id: string; key: string; page: string; thankYou: string }> {
  const response = await postForm(worker, "/quickquote", { ...validQuote, website: "", ...fields });
  expect(response.status, await response.clone().text()).toBe(303);
  const thankYou = response.headers.get("location")!;
  const url = new URL(thankYou, testOrigin);
  expect(url.pathname).toBe("/thankyou");
  const id = url.searchParams.get("quote")!;
  const key = url.searchParams.get("key")!;
  return { id, key, page: `/quote/${id}?key=${key}`, thankYou };
}

/** Waits until the quote book has the quote booked: its booking's ledger marks it so once it has the booking, after the answer. */
async function bookedAs(id: string, invoiceNumber: string): Promise<void> {
  await expect.poll(async () => (await entryOf(id)).invoiceNumber, { timeout: 20_000 }).toBe(invoiceNumber);
}

async function entryOf(id: string): Promise<QuoteEntry> {
  const entry = await (await worker.quotes()).get(id);
  if (!entry) throw new Error(`No quote ${id} in the quote book`);
  return entry;
}

async function quoteMailsOf(id: string): Promise<OutboxMail[]> {
  const { quote } = await entryOf(id);
  return outboxMailsOf(worker, quoteKey(quote.receivedAt, quote.id));
}

/** The quote e-mail's link to the quote page, with its one-time proof. */
async function provingLink(id: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => (link = (await quoteMailsOf(id)).map((mail) => new RegExp(`Your quote's page: ${testOrigin}(/quote/${id}\\?key=[^\\s&]+&proof=[^\\s]+)`).exec(mail.text)?.[1]).find(Boolean)), { timeout: 20_000 })
    .toBeTruthy();
  return link!;
}

/** Opens the quote e-mail's link and presses "Keep me posted", as the client does. */
async function keepPosted(id: string): Promise<void> {
  const link = await provingLink(id);
  const html = await (await worker.fetch(link)).text();
  const proof = /name="proof" value="([^"]+)"/.exec(html)![1]!;
  const response = await postForm(worker, link, { intent: "keep-posted", proof });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toContain("posted=yes");
  expect((await entryOf(id)).provedAt).toBeTruthy();
}

const pageText = async (path: string) => decode((await (await worker.fetch(path)).text()).replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

/** The schedule run at 7 a.m. Melbourne `days` days from today. */
async function scheduleIn(days: number): Promise<void> {
  // 20:00 UTC the evening before is 6 or 7 in the morning in Melbourne.
  await worker.scheduled(new Date(`${addDays(melbourneToday(), days - 1)}T20:00:00Z`));
}

/** Waits for the queue, then the follow-ups the quote has had, by name. */
async function followUpsOf(id: string): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { quote } = await entryOf(id);
  const record = await getJson<QuoteRecord>(worker, quoteKey(quote.receivedAt, quote.id));
  return Object.keys(record.emailDelivery).filter((name) => name.startsWith("follow-up-")).sort();
}

describe("a quote answered at once", () => {
  it("prices a Glam Booth, 3 hours, on Melbourne Cup day with the audio guest book: every line, the holiday's 20%, travel, the total with GST and the deposit", async () => {
    const asked = await askQuote({ eventDate: melbourneCup, service: "Glam Booth", packageDuration: "3hrs", eventLocation: "Deakin Waterfront, Geelong VIC", "addOn-audio-guest-book": "on" });
    const travelCents = travelTo("Geelong")!.travelFee * 100;
    expect(travelCents).toBeGreaterThan(0);
    const { quote } = await entryOf(asked.id);
    expect(quote.offer.priced && quote.offer.lines).toEqual([
      { kind: "booth", label: "Glam Booth, 3 Hours", cents: 58_000 },
      { kind: "add-on", label: "Audio guest book", cents: 14_900 },
      { kind: "rule", label: "Public holiday (Melbourne Cup) +20%", percent: 20, cents: 14_580 },
      { kind: "travel", label: "Travel", cents: travelCents },
    ]);
    const total = 87_480 + travelCents;
    expect(quote.offer.priced && quote.offer.totalCents).toBe(total);

    const thankYou = await worker.fetch(asked.thankYou);
    expect(thankYou.headers.get("Cache-Control")).toBe("private, no-store");
    expect(thankYou.headers.get("Referrer-Policy")).toBe("no-referrer");
    const thanks = decode(await thankYou.text());
    expect(thanks).toContain("Your request has been received.");
    expect(thanks).toContain(`href="${asked.page}"`);

    const page = await worker.fetch(asked.page);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    const text = await pageText(asked.page);
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-AU", { minimumFractionDigits: 2 })}`;
    for (const expected of ["Glam Booth, 3 Hours $580.00", "Audio guest book $149.00", "Public holiday (Melbourne Cup) +20% $145.80", `Total (AUD, GST included) ${dollars(total)}`, `Deposit to book ${dollars(Math.ceil((total * 0.3) / 100) * 100)}`]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain("Your date is free right now");
    expect(text).toContain("Book this quote");

    // The client's e-mail is the quote itself, and repeats nothing typed but what the page shows.
    const mails = await quoteMailsOf(asked.id);
    const toClient = mails.find((mail) => mail.to.email === validQuote.email)!;
    expect(toClient.text).toContain(`Total (AUD, GST included): ${dollars(total)}`);
    expect(toClient.text).not.toContain(validQuote.fullName);
    const toOwner = mails.find((mail) => mail.to.email === "owner@example.com")!;
    expect(toOwner.text).toContain(`The site quoted ${dollars(total)}`);
    expect(toOwner.text).toMatch(new RegExp(`${testOrigin}/owner/quote/${asked.id}\\?sig=[0-9a-f]{64}`));
    expect(toOwner.text).not.toContain(asked.key);
  });

  it("keeps the spec's answers of the JSON endpoint, with the quote's address added", async () => {
    const response = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, eventDate: eventDate("quotes", 2) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; quote: string };
    expect(body.ok).toBe(true);
    expect(body.quote).toMatch(new RegExp(`^${testOrigin}/quote/Q-[A-Z0-9]{8}\\?key=[\\w-]+$`));
    expect((await worker.fetch(new URL(body.quote).pathname + new URL(body.quote).search)).status).toBe(200);
    const incomplete = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, message: "" });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({ error: "Please fill in every required field." });
  });

  it("answers a wrong key, a made-up quote and a forged owner link with a plain 404", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 3) });
    for (const path of [`/quote/${asked.id}?key=wrong`, `/quote/${asked.id}`, `/quote/Q-AAAAAAAA?key=${asked.key}`, `/owner/quote/${asked.id}?sig=${"0".repeat(64)}`, `/unsubscribe/${asked.id}?sig=${"0".repeat(64)}`]) {
      expect((await worker.fetch(path)).status, path).toBe(404);
    }
  });

  it("does not price 7 hours or more, nor a venue it cannot find: the owner confirms, and there is no Book button", async () => {
    for (const [fields, reason] of [
      [{ packageDuration: "7hrs+" }, "longer than our packages"],
      [{ eventLocation: "The back paddock" }, "No Victorian locality was found"],
    ] as const) {
      const asked = await askQuote({ eventDate: eventDate("quotes", 4), ...fields });
      const { quote } = await entryOf(asked.id);
      expect(quote.offer).toMatchObject({ priced: false, reason: expect.stringContaining(reason) });
      const text = await pageText(asked.page);
      expect(text).toContain("We price this one ourselves");
      expect(text).not.toContain("Book this quote");
      expect((await postForm(worker, asked.page, { intent: "book" })).status).toBe(409);
    }
  });

  it("prices 6 hours as the 5-hour package and one extra hour", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 5), service: "Open Booth", packageDuration: "6hrs", eventLocation: "Werribee" });
    const { quote } = await entryOf(asked.id);
    expect(quote.offer.priced && quote.offer.lines.slice(0, 2)).toEqual([
      { kind: "booth", label: "Open Booth, 5 Hours", cents: 80_000 },
      { kind: "extra-hours", label: "1 extra hour", cents: 15_000 },
    ]);
  });
});

describe("booking a quote", () => {
  it("books exactly the quoted lines after the prices changed, at most once, and the booking says which quote it came from", async () => {
    const date = eventDate("quotes", 6);
    const asked = await askQuote({ eventDate: date, service: "Glam Booth", packageDuration: "3hrs", eventLocation: "Werribee", "addOn-guest-book": "on" });
    // The prices changed since the quote: the quote book holds the lines as quoted then (the Glam Booth at $520).
    const book = await worker.quotes();
    const { quote } = await entryOf(asked.id);
    if (!quote.offer.priced) throw new Error("priced");
    const oldLines = quote.offer.lines.map((line) => (line.kind === "booth" ? { ...line, cents: 52_000 } : line));
    const held: QuoteRecord = { ...quote, id: "Q-HELDPR2C", offer: { ...quote.offer, lines: oldLines, totalCents: sumCents(oldLines) } };
    await book.put([held]);
    const heldPage = `/quote/${held.id}?key=${held.key}`;
    expect(await pageText(heldPage)).toContain(`Total (AUD, GST included) $${(sumCents(oldLines) / 100).toFixed(2)}`);

    const [first, second] = await Promise.all([postForm(worker, heldPage, { intent: "book" }), postForm(worker, heldPage, { intent: "book" })]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([303, 409]);
    // Refused for the quote, which the date's holds decide before the booth: not told the booth is taken by its own booking.
    expect(decode(await (first.status === 409 ? first : second).text())).toMatch(/This quote is being booked right now|This quote is already booked, as/);
    const location = (first.status === 303 ? first : second).headers.get("location")!;
    const invoiceNumber = /\/invoice\/(PB-\d{8}-\d{3})\?key=/.exec(location)![1]!;
    const booking = await getJson<BookingRecord>(worker, `booking:${date}:${invoiceNumber}`);
    expect(booking.priceLines).toEqual(oldLines);
    expect(booking.totalCents).toBe(sumCents(oldLines));
    expect(booking.fromQuote).toBe(held.id);
    const ownerPage = await pageText(await ownerLink(testVars.OWNER_LINK_SECRET, invoiceNumber, "booking"));
    expect(ownerPage).toContain(`Booked from quote ${held.id}, at its prices`);
    expect(booking.extras).toEqual({ extraHours: 0, addOns: ["guest-book"], backdrop: null });
    // The booking page says the same total.
    expect(await pageText(location)).toContain(`$${(sumCents(oldLines) / 100).toFixed(2)}`);
    // Pressed again later: refused, and the page says where it went.
    const again = await postForm(worker, heldPage, { intent: "book" });
    expect(again.status).toBe(409);
    expect(decode(await again.text())).toContain(`already booked, as ${invoiceNumber}`);
    expect(await pageText(heldPage)).toContain(`Booked as ${invoiceNumber}`);
    expect((await entryOf(held.id)).status).toBe("booked");
  });

  it("leaves off a code used up since the quote, and says so before the press", async () => {
    const date = eventDate("quotes", 7);
    const code: PromoCode = { code: "ONCEONLY", off: { percent: 10 }, weekdaysOnly: false, uses: 1, createdAt: "2026-01-01T00:00:00.000Z" };
    await (await worker.kv()).put(`promo:${code.code}`, JSON.stringify(code));
    const asked = await askQuote({ eventDate: date, service: "Enclosed Booth", packageDuration: "2hrs", eventLocation: "Werribee", promoCode: "onceonly" });
    const { quote } = await entryOf(asked.id);
    expect(quote.offer.priced && quote.offer.lines.some((line) => line.kind === "promo")).toBe(true);
    // Someone else books with the code's only use.
    await bookThrough(worker, { ...validBooking, eventDate: eventDate("quotes", 8), boothType: "Enclosed Booth", promoCode: "ONCEONLY" });
    const text = await pageText(asked.page);
    expect(text).toContain("The code ONCEONLY has been used up.");
    const pressed = await postForm(worker, asked.page, { intent: "book" });
    expect(pressed.status).toBe(303);
    const invoiceNumber = /PB-\d{8}-\d{3}/.exec(pressed.headers.get("location")!)![0];
    const booking = await getJson<BookingRecord>(worker, `booking:${date}:${invoiceNumber}`);
    expect(booking.priceLines!.some((line) => line.kind === "promo")).toBe(false);
    expect(booking.promoCode).toBeUndefined();
    expect(booking.totalCents).toBe(sumCents(quote.offer.priced ? quote.offer.lines.filter((line) => line.kind !== "promo") : []));
  });

  it("says when the date is taken, with the booths free that day and the nearest free dates, and refuses the press with what is free", async () => {
    const date = eventDate("quotes", 10);
    await bookThrough(worker, { ...validBooking, eventDate: date, boothType: "Glam Booth" });
    const asked = await askQuote({ eventDate: date, service: "Glam Booth", packageDuration: "2hrs", eventLocation: "Werribee" });
    const text = await pageText(asked.page);
    expect(text).toContain("Your date is not free now");
    expect(text).toContain("The Open Booth and the Enclosed Booth are still free that day.");
    expect(text).toContain("The nearest dates with the Glam Booth free:");
    expect(text).not.toContain("Book this quote");
    const html = await (await worker.fetch(asked.page)).text();
    // The day before is free, in the calendar of the quote's booth: it opens the quote form for that day, booth and hours.
    expect(html).toContain(`/quickquote?month=${date.slice(0, 7)}&amp;booth=glam-booth&amp;date=${addDays(date, -1)}&amp;hours=2hrs`);
    const pressed = await postForm(worker, asked.page, { intent: "book" });
    expect(pressed.status).toBe(409);
    expect(decode(await pressed.text())).toContain("The Glam Booth is already booked on");
    expect((await entryOf(asked.id)).status).toBe("open");
  });
});

describe("a booked quote's links", () => {
  it("the owner's view names the booking by number and status and links nothing of it; the quote page hands out no booking key", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 16), service: "Open Booth", packageDuration: "3hrs", eventLocation: "Werribee" });
    const pressed = await postForm(worker, asked.page, { intent: "book" });
    expect(pressed.status).toBe(303);
    const [, invoiceNumber, secret] = /\/invoice\/(PB-\d{8}-\d{3})\?key=([\w-]+)/.exec(pressed.headers.get("location")!)!;

    let ownerView = "";
    await expect.poll(async () => (ownerView = (await quoteMailsOf(asked.id)).map((mail) => new RegExp(`${testOrigin}(/owner/quote/${asked.id}\\?sig=[0-9a-f]{64})`).exec(mail.text)?.[1]).find(Boolean) ?? "")).toBeTruthy();
    const view = await (await worker.fetch(ownerView)).text();
    expect(decode(view.replace(/<[^>]+>/g, " "))).toContain(`Booked as ${invoiceNumber} (requested).`);
    expect(view).not.toContain("/owner/booking/");
    expect(view).not.toContain(secret!);

    const page = await (await worker.fetch(asked.page)).text();
    expect(page).not.toContain(`/invoice/${invoiceNumber}`);
    expect(page).not.toContain(secret!);
    expect(await pageText(asked.page)).toContain(`Booked as ${invoiceNumber}`);
    expect(page).toContain('name="intent" value="booking-link"');
  });

  it("e-mails the booking's link to the booking's address when asked from the quote page, at most once an hour", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 18), service: "Open Booth", packageDuration: "3hrs", eventLocation: "Werribee", email: "quote18@example.com" });
    const pressed = await postForm(worker, asked.page, { intent: "book" });
    const [, invoiceNumber, secret] = /\/invoice\/(PB-\d{8}-\d{3})\?key=([\w-]+)/.exec(pressed.headers.get("location")!)!;
    await bookedAs(asked.id, invoiceNumber!);
    const first = await postForm(worker, asked.page, { intent: "booking-link" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`${asked.page}&link=sent#status`);
    expect(await pageText(first.headers.get("location")!)).toContain("We have e-mailed your booking page's link to the address on the booking.");
    const again = await postForm(worker, asked.page, { intent: "booking-link" });
    expect(again.headers.get("location")).toBe(`${asked.page}&link=limited#status`);

    const linkMails = async () => (await outboxMailsOf(worker, `booking:${eventDate("quotes", 18)}:${invoiceNumber}`)).filter((mail) => /#link-/.test(mail.messageId));
    await expect.poll(async () => (await linkMails()).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await linkMails();
    expect(mail!.to.email).toBe("quote18@example.com");
    expect(mail!.text).toContain(`/invoice/${invoiceNumber}?key=${secret}`);
  });
});

describe("a quote whose event comes near or passes while its price holds", () => {
  it("asks the whole total to book once the event is within the balance's notice, as the booking will", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 11), service: "Open Booth", packageDuration: "2hrs", eventLocation: "Werribee" });
    const { quote } = await entryOf(asked.id);
    if (!quote.offer.priced) throw new Error("priced");
    expect(quote.offer.depositCents).toBeLessThan(quote.offer.totalCents);
    // Quoted when the event was months off; five days before it, the quote is still within its week.
    const today = melbourneToday();
    const near: QuoteRecord = { ...quote, id: "Q-NEARDEP1", eventDate: addDays(today, 5), validUntil: addDays(today, 2) };
    await (await worker.quotes()).put([near]);
    const text = await pageText(`/quote/${near.id}?key=${near.key}`);
    const total = `$${(quote.offer.totalCents / 100).toFixed(2)}`;
    expect(text).toContain(`Due in full to book (the event is close) ${total}`);
    expect(text).not.toContain("Deposit to book");
  });

  it("books no quote whose event date has passed, and its page says why", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 9), service: "Open Booth", packageDuration: "2hrs", eventLocation: "Werribee" });
    const { quote } = await entryOf(asked.id);
    const today = melbourneToday();
    const yesterday = addDays(today, -1);
    const passed: QuoteRecord = { ...quote, id: "Q-PASSED01", eventDate: yesterday, validUntil: addDays(today, 4) };
    await (await worker.quotes()).put([passed]);
    const page = `/quote/${passed.id}?key=${passed.key}`;
    const text = await pageText(page);
    expect(text).toContain("The date of this event has passed, so this quote can no longer be booked.");
    expect(text).not.toContain("Book this quote");
    expect(text).not.toContain("No thanks");
    const pressed = await postForm(worker, page, { intent: "book" });
    expect(pressed.status).toBe(409);
    expect(decode(await pressed.text())).toContain("has passed. Please ask for a new quote for another date.");
    expect((await entryOf(passed.id)).status).toBe("open");
    const stored = await (await worker.kv()).list({ prefix: `booking:${yesterday}:` });
    const fromIt = await Promise.all(stored.keys.map(async ({ name }) => (await getJson<BookingRecord>(worker, name)).fromQuote));
    expect(fromIt).not.toContain(passed.id);
  });
});

describe("a quote's follow-ups", () => {
  it("sends each once at its time, only to a proved address, with a one-click unsubscribe; none after booking", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 12), service: "Open Booth", packageDuration: "3hrs", eventLocation: "Werribee" });
    const unproved = await askQuote({ eventDate: eventDate("quotes", 12), service: "Enclosed Booth", packageDuration: "3hrs", eventLocation: "Werribee" });
    const booked = await askQuote({ eventDate: eventDate("quotes", 13), service: "Open Booth", packageDuration: "3hrs", eventLocation: "Werribee" });
    await keepPosted(asked.id);
    await keepPosted(booked.id);
    expect((await postForm(worker, booked.page, { intent: "book" })).status).toBe(303);

    await scheduleIn(2);
    expect(await followUpsOf(asked.id)).toEqual([]);
    await scheduleIn(3);
    await scheduleIn(3);
    await expect.poll(() => followUpsOf(asked.id)).toEqual(["follow-up-questions"]);
    await scheduleIn(6);
    await scheduleIn(7);
    await expect.poll(() => followUpsOf(asked.id)).toEqual(["follow-up-expiring", "follow-up-questions"]);
    expect(await followUpsOf(unproved.id)).toEqual([]);
    expect(await followUpsOf(booked.id)).toEqual([]);

    let mails: OutboxMail[] = [];
    await expect.poll(async () => (mails = (await quoteMailsOf(asked.id)).filter((mail) => mail.subject.includes("ends tomorrow"))).length).toBe(1);
    const [expiring] = mails;
    const unsubscribe = /^<(https:\/\/[^>]+)>$/.exec(expiring!.headers!["List-Unsubscribe"]!)![1]!;
    expect(expiring!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(expiring!.text).toContain(`unsubscribe: ${unsubscribe}`);
    expect(expiring!.text).toContain("Sent by Bluestone Photo Booths (ABN");
  });

  it("stops after an unsubscribe made in one click without JavaScript", async () => {
    // Unsubscribing is for the address: this test's own.
    const email = "Leaving.Soon@example.com";
    const asked = await askQuote({ eventDate: eventDate("quotes", 14), service: "Open Booth", packageDuration: "2hrs", eventLocation: "Werribee", email });
    const later = await askQuote({ eventDate: eventDate("quotes", 15), service: "Open Booth", packageDuration: "2hrs", eventLocation: "Werribee", email: email.toLowerCase() });
    await keepPosted(asked.id);
    await keepPosted(later.id);
    await scheduleIn(3);
    let unsubscribe = "";
    await expect.poll(async () => (unsubscribe = (await quoteMailsOf(asked.id)).map((mail) => mail.headers?.["List-Unsubscribe"] ?? "").find(Boolean) ?? "")).toBeTruthy();
    const url = new URL(unsubscribe.slice(1, -1));
    // Opening it (a mail scanner) changes nothing; the mail client's one-click POST, from no page at all, does.
    expect((await worker.fetch(url.pathname + url.search)).status).toBe(200);
    expect((await entryOf(asked.id)).unsubscribed).toBe(false);
    // A generation stored for the kind (as a revocation could once write) takes nothing back: an unsubscribe link has none.
    await (await worker.generations()).move({ kind: "unsubscribe" });
    const oneClick = await worker.fetch(url.pathname + url.search, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You are unsubscribed");
    // The address unsubscribed: none of its quotes is followed up again.
    expect((await entryOf(later.id)).unsubscribed).toBe(true);
    await scheduleIn(6);
    await scheduleIn(8);
    expect(await followUpsOf(asked.id)).toEqual(["follow-up-questions"]);
    expect(await followUpsOf(later.id)).toEqual(["follow-up-questions"]);
  });

  it("tells a proved quote at once when its date is taken by a booking that keeps it, with what is free, and not a second time", async () => {
    const date = eventDate("quotes", 17);
    const asked = await askQuote({ eventDate: date, service: "Glam Booth", packageDuration: "2hrs", eventLocation: "Werribee" });
    await keepPosted(asked.id);
    const other = await bookThrough(worker, { ...validBooking, email: "someone.else@example.com", eventDate: date, boothType: "Glam Booth" });
    // Held for 48 hours only, the date is not taken yet.
    expect(await followUpsOf(asked.id)).toEqual([]);
    expect((await keepMyDate(worker, other)).status).toBe(303);
    await expect.poll(() => followUpsOf(asked.id), { timeout: 20_000 }).toEqual(["follow-up-taken"]);
    let taken: OutboxMail | undefined;
    await expect.poll(async () => (taken = (await quoteMailsOf(asked.id)).find((mail) => mail.subject.includes("has just been booked")))).toBeTruthy();
    expect(taken!.text).toContain("The Open Booth and the Enclosed Booth are still free that day.");
    expect(await pageText(asked.page)).toContain("Your date is not free now");
  });

  it("sends nothing once the quote has ended", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 21), service: "Open Booth", packageDuration: "2hrs", eventLocation: "Werribee", email: "ended@example.com" });
    await keepPosted(asked.id);
    // The first run after its last day (a week of runs missed): nothing goes.
    await scheduleIn(8);
    expect(await followUpsOf(asked.id)).toEqual([]);
    // A quote whose last day was yesterday: its page says so, and it books no more.
    const { quote } = await entryOf(asked.id);
    const ended: QuoteRecord = { ...quote, id: "Q-ENDEDQ23", validUntil: addDays(melbourneToday(), -1) };
    await (await worker.quotes()).put([ended]);
    const endedPage = `/quote/${ended.id}?key=${ended.key}`;
    expect(await pageText(endedPage)).toContain("This quote held its price until");
    const pressed = await postForm(worker, endedPage, { intent: "book" });
    expect(pressed.status).toBe(409);
    expect(decode(await pressed.text())).toContain("Please ask for a new quote.");
  });

  it("sends nothing after No thanks", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 19), service: "Open Booth", packageDuration: "2hrs", eventLocation: "Werribee" });
    await keepPosted(asked.id);
    expect((await postForm(worker, asked.page, { intent: "no-thanks" })).status).toBe(303);
    expect((await entryOf(asked.id)).status).toBe("declined");
    await scheduleIn(3);
    await scheduleIn(6);
    expect(await followUpsOf(asked.id)).toEqual([]);
    expect(await pageText(asked.page)).toContain("You told us no thanks");
  });
});

describe("the owner's morning", () => {
  it("counts the open quotes and names the quotes booked yesterday with the booking each became", async () => {
    const asked = await askQuote({ eventDate: eventDate("quotes", 23), service: "Enclosed Booth", packageDuration: "4hrs", eventLocation: "Werribee", fullName: "Trần Văn Minh", email: "minh@example.com" });
    await askQuote({ eventDate: eventDate("quotes", 24), service: "Enclosed Booth", packageDuration: "4hrs", eventLocation: "Werribee", email: "still.open@example.com" });
    const pressed = await postForm(worker, asked.page, { intent: "book" });
    expect(pressed.status).toBe(303);
    const invoiceNumber = /PB-\d{8}-\d{3}/.exec(pressed.headers.get("location")!)![0];
    await bookedAs(asked.id, invoiceNumber);
    await scheduleIn(1);
    let morning: OutboxMail | undefined;
    await expect.poll(async () => (morning = (await outboxMailsOf(worker, `agenda:${addDays(melbourneToday(), 1)}`))[0]), { timeout: 20_000 }).toBeTruthy();
    const [, booked] = morning!.text.split("Quotes booked yesterday:");
    expect(booked).toContain(`• ${asked.id} Trần Văn Minh became ${invoiceNumber}, Enclosed Booth on`);
    expect(morning!.text).toMatch(/Quotes:\n\n• \d+ quotes? (is|are) open: priced, not booked, not past their last day/);
  });
});

describe("a quote a press claimed before the date's holds decided a quote's use (before issue 59), never settled", () => {
  // The claim as the quote book made it then (074bc9e's workers/quote-book.ts, `claim`), in the same object's storage.
  const claimedBefore = `export class QuoteBook {
    constructor(state) { this.sql = state.storage.sql; }
    async fetch(request) {
      const { id, at } = await request.json();
      this.sql.exec("UPDATE quotes SET status = 'booking', claimed_at = ? WHERE id = ?", at, id);
      return Response.json(this.sql.exec("SELECT status FROM quotes WHERE id = ?", id).one());
    }
  }
  export default { fetch: (request, env) => env.QUOTE_BOOK.get(env.QUOTE_BOOK.idFromName("all")).fetch(request) };`;

  it("opens again, offers its button, and a press books it", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "quote-book-"));
    const options = { vars: { RATE_LIMIT_MAX: "1000" }, persistTo: folder };
    try {
      const asking = await startWorker(options);
      const asked = await postForm(asking, "/quickquote", { ...validQuote, website: "", eventDate: eventDate("quotes", 22), service: "Glam Booth", packageDuration: "2hrs", eventLocation: "Werribee" });
      await asking.dispose();
      expect(asked.status).toBe(303);
      const thankYou = new URL(asked.headers.get("location")!, testOrigin);
      const id = thankYou.searchParams.get("quote")!;
      const page = `/quote/${id}?key=${thankYou.searchParams.get("key")}`;

      const before = new Miniflare({ defaultPersistRoot: folder, workers: [{ name: "site", modules: true, script: claimedBefore, durableObjects: { QUOTE_BOOK: { className: "QuoteBook", useSQLite: true } } }] });
      const claimed = await before.dispatchFetch("https://quote-book/claim", { method: "POST", body: JSON.stringify({ id, at: new Date().toISOString() }) });
      expect(await claimed.json()).toEqual({ status: "booking" });
      await before.dispose();

      const now = await startWorker(options);
      try {
        expect((await (await now.quotes()).get(id))?.status).toBe("open");
        expect(await (await now.fetch(page)).text()).toContain("Book this quote");
        expect((await postForm(now, page, { intent: "book" })).status).toBe(303);
        await expect.poll(async () => (await (await now.quotes()).get(id))?.status).toBe("booked");
      } finally {
        await now.dispose();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
