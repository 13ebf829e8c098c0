/**
 * Years of bookings (docs/product-decisions.md, "Years of bookings"): with 5,000 bookings stored
 * over ten years, every owner read and the scheduled run costs what it shows. Cloudflare allows
 * 1,000 KV operations in one invocation and the local runtime sets no such limit, so the Worker's
 * KV, R2 and Durable Object calls are counted here (scripts/lib/local-worker.mjs, counted storage)
 * and each must stay under 100. The bookings are written straight into storage, not through HTTP.
 */
import ICAL from "ical.js";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { indexRow } from "~/bookings/by-date/booking-index";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { seedBookings } from "../../scripts/lib/seed-bookings.mjs";
import { daySheetAddresses, feedToken, homeToken, numbersToken } from "../support/links";
import { sampleQuote } from "../support/sample-quote";
import { validQuote } from "../support/form-data";
import { quoteSchema } from "~/input/quote-forms";
import type { QuoteRecord } from "~/quotes/quote";
import { testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" }, faults: { counted: true } });
const stored = 5_000;
const quotesStored = 20_000;
let quotesSeeded = { thisMonth: 0, bookedThisMonth: 0 };
const limit = 100;
const today = melbourneToday();
let seeded: BookingRecord[] = [];

beforeAll(async () => {
  seeded = (await seedBookings({ kv: await worker.kv(), index: await worker.index(), indexRow, count: stored, today })) as BookingRecord[];
  quotesSeeded = await seedQuotes(quotesStored);
}, 240_000);

async function costOf(path: string): Promise<{ operations: number; response: Response; body: string }> {
  let response!: Response;
  let body = "";
  const operations = await worker.operations(async () => {
    response = await worker.fetch(path);
    body = await response.text();
  });
  return { operations, response, body };
}

describe(`with ${stored} bookings stored over ten years`, () => {
  it("the calendar feed carries the last 12 months and what is to come, in under 100 operations", async () => {
    const { operations, response, body } = await costOf(`/owner/calendar.ics?token=${await feedToken(testVars.OWNER_FEED_SECRET, "feed")}`);
    expect(response.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent");
    const shown = seeded.filter((booking) => booking.eventDate >= addDays(today, -365) && holdsBooth(booking.status));
    expect(events.length).toBe(shown.length);
    expect(shown.length).toBeLessThan(stored / 10);
    expect(operations).toBeGreaterThan(0);
    expect(operations).toBeLessThan(limit);
  });

  it("a month's export carries what happened in it, in under 100 operations", async () => {
    const from = `${addDays(today, -60).slice(0, 7)}-01`;
    const to = addDays(`${today.slice(0, 7)}-01`, -1);
    const { operations, response, body } = await costOf(`/owner/export.csv?from=${from}&to=${to}&token=${await feedToken(testVars.OWNER_FEED_SECRET, "export")}`);
    expect(response.status).toBe(200);
    const rows = parse(body.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(operations).toBeGreaterThan(0);
    expect(operations).toBeLessThan(limit);
  });

  it("the day sheet of the busiest date to come lists each of its events in a handful of operations", async () => {
    const coming = seeded.filter((booking) => holdsBooth(booking.status) && booking.eventDate >= today);
    const count = (date: string) => coming.filter((booking) => booking.eventDate === date).length;
    const busiest = coming.map((booking) => booking.eventDate).reduce((best, date) => (count(date) > count(best) ? date : best));
    const sheet = new URL((await daySheetAddresses(testVars, [busiest])).get(busiest)!);
    const { operations, response, body } = await costOf(sheet.pathname + sheet.search);
    expect(response.status).toBe(200);
    for (const booking of coming.filter((entry) => entry.eventDate === busiest)) expect(body).toContain(booking.invoiceNumber);
    expect(operations).toBeGreaterThan(0);
    expect(operations).toBeLessThan(5);
  });

  it("a month of availability answers in under 100 operations", async () => {
    const { operations, response } = await costOf(`/api/availability?from=${today}&to=${addDays(today, 30)}`);
    expect(response.status).toBe(200);
    expect(operations).toBeGreaterThan(0);
    expect(operations).toBeLessThan(limit);
  });

  it("the morning's scheduled run (expiries, reminders, the owner's e-mail) does its work in under 100 operations", async () => {
    let outcome = "";
    const operations = await worker.operations(async () => {
      outcome = (await worker.scheduled(new Date())).outcome;
    });
    expect(outcome).toBe("ok");
    expect(worker.logs.join("\n")).toMatch(/Scheduled run/);
    expect(operations).toBeGreaterThan(0);
    expect(operations).toBeLessThan(limit);
  });
});

describe(`the owner's home with ${stored} bookings stored`, () => {
  it("lists the coming weeks and finds a booking of any year by its client's name, in under 100 operations", async () => {
    const oldest = [...seeded].sort((a, b) => a.eventDate.localeCompare(b.eventDate))[0]!;
    const name = oldest.fullName.split(" ")[0]!;
    const { operations, response, body } = await costOf(`/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET)}&q=${encodeURIComponent(name)}`);
    expect(response.status).toBe(200);
    expect(body).toContain("The next 6 weeks");
    expect(body).toMatch(new RegExp(`${name}[^<]*\\(PB-`));
    expect(operations).toBeGreaterThan(0);
    expect(operations).toBeLessThan(limit);
  });
});

/** `count` quotes received over the last two years, written straight into the quote book; a third of this month's booked, as "Book this quote" books them. */
async function seedQuotes(count: number): Promise<{ thisMonth: number; bookedThisMonth: number }> {
  const book = await worker.quotes();
  const request = quoteSchema(today).parse({ ...validQuote, eventDate: addDays(today, 30) });
  const template = sampleQuote(request, { today });
  const quotes: QuoteRecord[] = Array.from({ length: count }, (_, index) => {
    const day = addDays(today, -Math.floor((index * 730) / count));
    return { ...template, id: `Q-${String(index).padStart(8, "0")}`, receivedAt: `${day}T01:00:00.000Z` };
  });
  for (let from = 0; from < quotes.length; from += 2_000) await book.put(quotes.slice(from, from + 2_000));
  const inThisMonth = (quote: QuoteRecord) => melbourneToday(new Date(quote.receivedAt)).startsWith(today.slice(0, 7));
  const booked = quotes.filter(inThisMonth).filter((_, index) => index % 3 === 0);
  for (const quote of booked) {
    // Marked booked as its booking's ledger marks it; booked the day it was asked.
    await book.settle(quote.id, "PB-20260101-123", quote.receivedAt);
  }
  return { thisMonth: quotes.filter(inThisMonth).length, bookedThisMonth: booked.length };
}

describe(`the owner's numbers with ${stored} bookings and ${quotesStored} quotes stored`, () => {
  it("count two years of months in a handful of operations", async () => {
    const { operations, response, body } = await costOf(`/owner/numbers?token=${await numbersToken(testVars.OWNER_LINK_SECRET)}`);
    expect(response.status).toBe(200);
    // Each month's bookings made, read back from its table.
    const month = today.slice(0, 7);
    const made = seeded.filter((booking) => melbourneToday(new Date(booking.receivedAt)).startsWith(month)).length;
    const label = new Intl.DateTimeFormat("en-AU", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
    const table = body.split("<caption>Bookings made</caption>")[1]!.split("</table>")[0]!;
    expect(table).toContain(`<th scope="row">${label}</th><td>${made}</td>`);
    const quotesTable = body.split("<caption>Quotes</caption>")[1]!.split("</table>")[0]!;
    expect(quotesTable).toContain(`<th scope="row">${label}</th><td>${quotesSeeded.thisMonth}</td>`);
    const bookedTable = body.split("<caption>Quotes that became bookings</caption>")[1]!.split("</table>")[0]!;
    expect(bookedTable).toContain(`<th scope="row">${label}</th><td>${quotesSeeded.bookedThisMonth} of ${quotesSeeded.thisMonth}</td>`);
    expect(operations).toBeGreaterThan(0);
    expect(operations).toBeLessThan(5);
  });
});
