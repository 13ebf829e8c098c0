/**
 * The Durable Object calls a client waits on, one after another, on each path a client waits for
 * (issue 59): after the rate limits, a booking makes one, or two with a promo code; a quote booked
 * one; Stripe's webhook one, the ledger's, before its 200. What follows the answer (the index, the
 * ledger's copy, the PDF, the e-mails) is no longer waited on. Counted with the local Worker's
 * counted storage, which makes each object call wait a while first: the visitor's extra wait says
 * how many were made one after another; the figures are docs/speed.md's. */
import { describe, expect, it } from "vitest";
import type { PromoCode } from "~/prices/promo-codes";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking, validQuote } from "../support/form-data";
import { bookThrough, deliverPaid, startCheckout } from "./booking";
import { postForm } from "./forms-support";
import { beforeAnswer, startedForFile, testOrigin, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) }, faults: { counted: true } }));

/**
 * The objects a visitor may wait on after the rate limits, which every form pays and which refuse
 * before anything is stored; the quote page reads its quote before them (its key checked), and
 * that read is not counted either.
 */
const objects = ["holds.", "claims.", "ledger.", "index.", "promo-uses.", "quotes.fetch https://quote-book/claim", "quotes.fetch https://quote-book/settle", "generations."];
/** Each of them waits this long first: the visitor's wait, in whole multiples of it, is how many were made one after another. */
const slowMs = 1500;

/** Waits until nothing a request set going is still running: no counted call open, none started for a moment. */
async function everythingDone(): Promise<void> {
  let calls = -1;
  for (;;) {
    const now = await worker.operations(() => new Promise((resolve) => setTimeout(resolve, 300)));
    if (now === 0 && calls === 0) return;
    calls = now;
  }
}

/**
 * How many object calls the request `works` make (three alike, each a request of its own) waited
 * on one after another, an object's own calls to others before it answers included: the first
 * timed as it is, the second with each object call waiting `slowMs` first, the difference in whole
 * multiples of it. The counts docs/speed.md gives are printed, and with COUNT_STORAGE set the
 * storage round trips in a row too, from the third (KV and R2 waiting as well, 400 ms each).
 */
async function inARow(path: string, [plain, slowed, stored]: (() => Promise<unknown>)[]): Promise<number> {
  // What earlier requests set going (a PDF drawn) would slow this one's answer.
  await everythingDone();
  const baseline = (await worker.spans(plain!)).tookMs;
  await everythingDone();
  const traced = await worker.spans(slowed!, { ms: slowMs, calls: objects });
  await everythingDone();
  const waited = beforeAnswer(traced);
  const count = Math.round((traced.tookMs - baseline) / slowMs);
  const storage = process.env.COUNT_STORAGE ? Math.round(((await worker.spans(stored!, { ms: 400, calls: [...objects, "kv.", "r2."] })).tookMs - baseline) / 400) : "?";
  console.info(`${path}: ${count} object calls in a row, ${waited.filter((span) => objects.some((name) => span.call.startsWith(name))).length} in all; ${storage} storage round trips in a row, ${waited.filter((span) => !span.call.startsWith("submission-limits.")).length} in all, before the answer`);
  return count;
}

const booking = (day: number, fields: Record<string, unknown> = {}) => ({ ...validBooking, eventDate: eventDate("misc", day), boothType: "Glam Booth", ...fields });

/** A quote asked through the form; its page, where "Book this quote" posts. */
async function quotePage(day: number): Promise<string> {
  const asked = await postForm(worker, "/quickquote", { ...validQuote, website: "", fullName: "王小明", email: "xiaoming@example.com", eventDate: eventDate("misc", day) });
  expect(asked.status).toBe(303);
  const thankYou = new URL(asked.headers.get("location")!, testOrigin);
  return `/quote/${thankYou.searchParams.get("quote")}?key=${thankYou.searchParams.get("key")}`;
}

async function bookQuote(page: string): Promise<void> {
  expect((await postForm(worker, page, { intent: "book" })).status).toBe(303);
}

/** A booking paid by card, up to Stripe's webhook: the Checkout Session it delivers as paid. */
async function sessionToPay(day: number) {
  const booked = await bookThrough(worker, booking(day, { fullName: "Lê Thị Hoa", email: "hoa@example.com" }));
  await everythingDone();
  return startCheckout(worker, stripe, booked);
}

describe("the Durable Object calls a client waits on in a row", () => {
  it("a booking: one, the date's hold beside its number's claim", async () => {
    const book = (day: number) => () => bookThrough(worker, booking(day, { fullName: "Nguyễn Văn Bình", email: "binh@example.com" }));
    expect(await inARow("booking", [book(1), book(2), book(3)])).toBe(1);
  });

  it("a booking with a promo code: two, its use then the hold", async () => {
    const code: PromoCode = { code: "INAROW", off: { percent: 10 }, from: eventDate("misc", 1), to: eventDate("misc", 28), weekdaysOnly: false, uses: 5, createdAt: "2026-01-01T00:00:00.000Z" };
    await (await worker.kv()).put(`promo:${code.code}`, JSON.stringify(code));
    const book = (day: number) => () => bookThrough(worker, booking(day, { fullName: "Παπαδόπουλος Νίκος", email: "nikos@example.com", promoCode: code.code }));
    expect(await inARow("booking with a code", [book(4), book(5), book(6)])).toBe(2);
  });

  // The date's holds decide the quote's use in the same step as its booth (app/quotes/book.server.ts).
  it("a quote booked: one, the hold that takes the quote with the booth", async () => {
    const pages = [await quotePage(7), await quotePage(8), await quotePage(9)];
    expect(await inARow("quote booked", pages.map((page) => () => bookQuote(page)))).toBe(1);
  });

  it("Stripe's webhook for a paid Checkout: one, the ledger's", async () => {
    const sessions = [await sessionToPay(10), await sessionToPay(11), await sessionToPay(12)];
    expect(await inARow("webhook", sessions.map((session) => () => deliverPaid(worker, session)))).toBe(1);
  });
});
