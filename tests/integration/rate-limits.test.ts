import { describe, expect, it } from "vitest";
import { takeSubmission } from "~/rate-limit.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { eventDate } from "../support/event-dates";
import { bookingIn, validContact, validQuote } from "../support/form-data";
import { bookThrough, currentRecord, postMultipart, type Booked } from "./booking";
import { getJson, outboxMailsOf, postJson, settledMailsOf } from "./forms-support";
import { workerForFile, type TestWorker } from "./worker";

const limit = 5;
// A year's window: no test runs across the end of one, which would start the counts again.
const window = { RATE_LIMIT_WINDOW_SECONDS: String(365 * 24 * 3600) };
const worker = workerForFile({ vars: { RATE_LIMIT_MAX: String(limit), ...window } });
const faulty = workerForFile({ vars: { RATE_LIMIT_MAX: "1", ...window }, faults: { planned: true } });

/** Each test sends from its own addresses, each with its own e-mail address unless told: the counts live as long as the file's Worker. */
function sendQuote(on: TestWorker, address: string, email = `q${address.replace(/[^\da-z]/gi, "")}@example.com`): Promise<number> {
  return postJson(on, "/.netlify/functions/sendQuote", { ...validQuote, email }, { "CF-Connecting-IP": address }).then((response) => response.status);
}

/** Presses a quote page's "Book this quote" from `address`, without JavaScript. */
function pressBook(page: string, address: string): Promise<Response> {
  return worker.fetch(page, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address }, body: "intent=book", redirect: "manual" });
}

/** Asks a quote for `email` from a connection of its own and books it, from another: the quote page's address, booked. */
async function bookedQuote(day: number, email: string): Promise<string> {
  const asked = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, eventDate: eventDate("rateLimits", day), service: "Open Booth", email }, { "CF-Connecting-IP": `192.0.2.${100 + day}` });
  const quote = new URL(((await asked.json()) as { quote: string }).quote);
  const page = quote.pathname + quote.search;
  expect((await pressBook(page, `192.0.2.${150 + day}`)).status).toBe(303);
  return page;
}

/** Presses a booked quote's "Send me my booking link" from `address`: where the answer sends the browser. */
async function pressLink(page: string, address: string, fields: Record<string, string> = {}): Promise<Response> {
  return worker.fetch(page, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address }, body: new URLSearchParams({ intent: "booking-link", ...fields }).toString(), redirect: "manual" });
}

/** Saves a booking's event details from `address` with the venue at `number` Station Place, without JavaScript. */
function saveDetails(booked: Booked, address: string, number: number, path = booked.page): Promise<Response> {
  const form = new FormData();
  const fields = { intent: "details", startTime: "18:30", venueAddress: `${number} Station Place, Werribee VIC 3030`, contactName: "Nguyễn Văn An", contactMobile: "0412 345 678", accessNotes: "", printLine1: "Lan & Minh", printLine2: "" };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return postMultipart(worker, path, form, { "CF-Connecting-IP": address });
}

/** Moves a booking to `to` from `address`, without JavaScript. */
function moveTo(booked: Booked, address: string, to: string): Promise<Response> {
  return worker.fetch(`/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address }, body: new URLSearchParams({ newDate: to }).toString(), redirect: "manual" });
}

/** What the client is told when a change from their booking page has been made too often (docs/operations.md, "Spam and rate limits"). */
const pausedChange = "paused for now, and nothing was changed";

const accepted = (statuses: number[]) => statuses.filter((status) => status === 200).length;

describe("the submission limit", () => {
  it("counts 20 quotes from 20 addresses of one IPv6 /64 as 20 from one address", async () => {
    const statuses: number[] = [];
    // One after another, each from another address of 2001:db8:aa:1::/64, written every way an address may be.
    for (let i = 0; i < 20; i++) {
      const address = i % 2 === 0 ? `2001:db8:aa:1:${(i + 1).toString(16)}::1` : `2001:0DB8:00AA:0001:0:0:${i.toString(16)}:beef`;
      statuses.push(await sendQuote(worker, address));
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(200), ...Array<number>(20 - limit).fill(429)]);
  });

  it("accepts no more than the limit of 10 quotes sent at once from one address", async () => {
    const statuses = await Promise.all(Array.from({ length: 10 }, () => sendQuote(worker, "198.51.100.33")));
    expect(accepted(statuses)).toBe(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - limit);
  });

  it("counts different /64s apart, and each form apart", async () => {
    const first = ["2001:db8:bb:1::1", "2001:db8:bb:1::2", "2001:db8:bb:1:ffff:ffff:ffff:ffff", "2001:db8:bb:1::4", "2001:db8:bb:1::5"];
    for (const address of first) expect(await sendQuote(worker, address)).toBe(200);
    expect(await sendQuote(worker, "2001:db8:bb:1::6")).toBe(429);
    // The neighbouring /64 is another visitor, and a used-up quote limit leaves the contact form's.
    expect(await sendQuote(worker, "2001:db8:bb:2::1")).toBe(200);
    expect((await postJson(worker, "/.netlify/functions/sendQuote", validContact, { "CF-Connecting-IP": "2001:db8:bb:1::7" })).status).toBe(200);
  });

  it("counts an IPv4 address written as an IPv6 one as that IPv4 address", async () => {
    for (let i = 0; i < limit; i++) expect(await sendQuote(worker, "192.0.2.44")).toBe(200);
    expect(await sendQuote(worker, "::ffff:192.0.2.44")).toBe(429);
    expect(await sendQuote(worker, "::ffff:c000:22c")).toBe(429);
    expect(await sendQuote(worker, "192.0.2.45")).toBe(200);
  });

  it("counts one e-mail address across connections", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i++) statuses.push(await sendQuote(worker, `198.51.100.${120 + i}`, "same.mailbox@example.com"));
    expect(statuses).toEqual([...Array<number>(limit).fill(200), 429]);
    const refused = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, email: " Same.Mailbox@EXAMPLE.com" }, { "CF-Connecting-IP": "198.51.100.140" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: "Too many requests for this e-mail address. Please wait a few minutes and try again." });
  });

  it("limits Book this quote like the forms, per connection and per the quote's address", async () => {
    const asked = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, email: "book.quote@example.com" }, { "CF-Connecting-IP": "198.51.100.150" });
    const quote = new URL(((await asked.json()) as { quote: string }).quote);
    const page = quote.pathname + quote.search;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i++) statuses.push((await pressBook(page, "198.51.100.151")).status);
    // The first press books it, the rest are told it is booked already, until the limit.
    expect(statuses).toEqual([303, ...Array<number>(limit - 1).fill(409), 429]);
    // From another connection: the quote's address has had its presses.
    const other = await pressBook(page, "198.51.100.152");
    expect(other.status).toBe(429);
    expect(await other.text()).toContain("Too many requests for this e-mail address.");
  });

  it("counts an address only for a valid post that is not the spam trap's, so nobody can lock another out", async () => {
    const email = "not.locked.out@example.com";
    // Junk from many connections naming someone else's address: the form not filled in, or the trap filled.
    for (let i = 0; i < limit; i++) {
      const incomplete = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, fullName: "", email }, { "CF-Connecting-IP": `198.51.100.${160 + i}` });
      expect(incomplete.status).toBe(400);
      const trapped = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, email, website: "https://spam.example" }, { "CF-Connecting-IP": `198.51.100.${170 + i}` });
      expect(trapped.status).toBe(400);
    }
    // The address's owner, from their own connection, is not refused for it.
    expect(await sendQuote(worker, "198.51.100.180", email)).toBe(200);
  });

  it("shows the spam trap in a quote page's Book this quote and Send me my booking link, and a trap filled in books nothing", async () => {
    const asked = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, eventDate: eventDate("rateLimits", 20), fullName: "Trần Thị Bẫy", email: "trap.quote@example.com" }, { "CF-Connecting-IP": "198.51.100.200" });
    const quote = new URL(((await asked.json()) as { quote: string }).quote);
    const page = quote.pathname + quote.search;
    /** The page's form whose button says `intent`, as served without JavaScript. */
    const formOf = async (intent: string) => ((await (await worker.fetch(page)).text()).match(/<form[\s\S]*?<\/form>/g) ?? []).find((form) => form.includes(`name="intent" value="${intent}"`));
    expect(await formOf("book")).toContain('name="website"');
    const trapped = await worker.fetch(page, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.201" }, body: "intent=book&website=https%3A%2F%2Fspam.example", redirect: "manual" });
    expect(trapped.status).toBe(400);
    expect(await formOf("book")).toBeDefined();
    expect((await pressBook(page, "198.51.100.202")).status).toBe(303);
    // The quote is marked booked by the new booking's ledger, once its open is taken off the queue.
    await expect.poll(() => formOf("booking-link")).toContain('name="website"');
  });

  it("limits a quote page's Send me my booking link per connection, like the forms", async () => {
    const pages: string[] = [];
    for (let day = 1; day <= limit + 1; day++) pages.push(await bookedQuote(day, `quote.link${day}@example.com`));
    // One connection presses each booked quote's button once: each booking's own limit allows it, the connection's does not.
    const answers: string[] = [];
    for (const page of pages) answers.push((await pressLink(page, "198.51.100.190")).headers.get("location")!);
    expect(answers.slice(0, limit).every((answer) => answer.includes("&link=sent#"))).toBe(true);
    expect(answers[limit]).toBe(`${pages[limit]}&link=connection-limited#status`);
    // The spam trap, filled in, sends nothing.
    expect((await pressLink(pages[0]!, "198.51.100.191", { website: "https://spam.example" })).status).toBe(400);
  });

  it("saves a booking's event details at most 10 times in any hour, from any connections: the 11th is refused with 429 on the page, nothing changed or sent", async () => {
    const booked = await bookThrough(worker, { ...bookingIn("rateLimits", 60), fullName: "Παπαδόπουλος Γιώργος", email: "details.limit@example.com" });
    // Each save moves the venue, so each is a change the owner is e-mailed about.
    for (let i = 1; i <= 10; i++) expect((await saveDetails(booked, `203.0.113.${100 + i}`, i)).status).toBe(303);
    const sent = (await settledMailsOf(worker, booked.recordKey)).length;
    const refused = await saveDetails(booked, "203.0.113.111", 11);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(pausedChange);
    // The JSON endpoint is the same action: refused too.
    const json = await saveDetails(booked, "203.0.113.112", 12, `/invoice/${booked.invoiceNumber}/details?key=${booked.secret}`);
    expect(json.status).toBe(429);
    expect(((await json.json()) as { error: string }).error).toContain(pausedChange);
    expect((await getJson<BookingRecord>(worker, booked.recordKey)).eventDetails?.venueAddress).toBe("10 Station Place, Werribee VIC 3030");
    expect(await settledMailsOf(worker, booked.recordKey)).toHaveLength(sent);
  });

  it("moves a booking at most 10 times in any hour: the 11th is refused with 429 on the move page, the date kept and nothing sent", async () => {
    const booked = await bookThrough(worker, { ...bookingIn("rateLimits", 63), fullName: "王小明", email: "move.limit@example.com" });
    const [there, back] = [eventDate("rateLimits", 23), booked.eventDate];
    for (let i = 1; i <= 10; i++) expect((await moveTo(booked, `203.0.113.${120 + i}`, i % 2 ? there : back)).status).toBe(303);
    const mailsOf = async () => [...(await outboxMailsOf(worker, `booking:${there}:${booked.invoiceNumber}`)), ...(await outboxMailsOf(worker, `booking:${back}:${booked.invoiceNumber}`))].length;
    // An even number of moves: back on its own date.
    await settledMailsOf(worker, booked.recordKey);
    const sent = await mailsOf();
    const refused = await moveTo(booked, "203.0.113.131", there);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(pausedChange);
    expect((await currentRecord(worker, booked)).eventDate).toBe(back);
    expect(await mailsOf()).toBe(sent);
  });

  it("counts a connection's changes from booking pages like its forms, whichever booking they change", async () => {
    const [first, second] = [
      await bookThrough(worker, { ...bookingIn("rateLimits", 72), email: "connection.one@example.com" }),
      await bookThrough(worker, { ...bookingIn("rateLimits", 75), email: "connection.two@example.com" }),
    ];
    for (let i = 1; i <= limit; i++) expect((await saveDetails(i % 2 ? first : second, "203.0.113.140", i)).status).toBe(303);
    const refused = await saveDetails(first, "203.0.113.140", limit + 1);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many requests from your connection.");
  });

  it("never lets more than its limit through in any window's span, across the clock's window edges", async () => {
    const limits = await worker.submissionLimits();
    const take = (at: string) => takeSubmission(limits, { visitor: "198.51.100.36", now: new Date(at) }, [{ form: "quote", max: limit, windowSeconds: 600 }]);
    for (let i = 0; i < limit; i++) expect(await take(`2029-02-01T10:0${5 + (i % 5)}:00.000Z`)).toBe(true);
    // 10:10 ends a clock window of 10 minutes, not the 10 minutes since the first of them.
    expect(await take("2029-02-01T10:10:00.000Z")).toBe(false);
    expect(await take("2029-02-01T10:14:59.000Z")).toBe(false);
    expect(await take("2029-02-01T10:15:00.001Z")).toBe(true);
  });

  it("lets a submission through when its count cannot be reached, and says so in the log", async () => {
    expect(await sendQuote(faulty, "203.0.113.33", "fault1@example.com")).toBe(200);
    // The connection's count fails; the new address's is counted.
    await faulty.failNext("submission-limits.take");
    expect(await sendQuote(faulty, "203.0.113.33", "fault2@example.com")).toBe(200);
    expect(await faulty.faultsLeft("submission-limits.take")).toBe(0);
    await expect.poll(() => faulty.logs.join("\n")).toContain("The quote submission limit could not be counted; the submission is let through");
    // Counted again once it can be: the first quote used the window.
    expect(await sendQuote(faulty, "203.0.113.33", "fault3@example.com")).toBe(429);
  });

  it("forgets a count once its last take has left its span", async () => {
    const limits = await worker.submissionLimits();
    const hour = [{ form: "quote", max: 1, spanMs: 3_600_000 }];
    const now = Date.now();
    expect(await limits.take("198.51.100.34", now, hour)).toBe(true);
    expect(await limits.take("198.51.100.34", now + 60_000, hour)).toBe(false);
    // Taken more than an hour ago, the object's alarm forgets the count at once, and it can be taken again at that time.
    const past = now - 2 * 3_600_000;
    expect(await limits.take("198.51.100.35", past, hour)).toBe(true);
    await expect.poll(() => limits.take("198.51.100.35", past, hour), { timeout: 10_000 }).toBe(true);
  });

  it("takes an hour's and a day's limit together or not at all", async () => {
    const limits = await worker.submissionLimits();
    const both = [{ form: "link-hour", max: 1, spanMs: 3_600_000 }, { form: "link-day", max: 2, spanMs: 24 * 3_600_000 }];
    expect(await limits.take("booking:together", Date.parse("2029-03-01T08:00:00Z"), both)).toBe(true);
    expect(await limits.take("booking:together", Date.parse("2029-03-01T09:00:00Z"), both)).toBe(true);
    // The day's two are used: refused, and the hour's count is not spent by the refusal.
    expect(await limits.take("booking:together", Date.parse("2029-03-01T10:00:00Z"), both)).toBe(false);
    expect(await limits.take("booking:together", Date.parse("2029-03-02T08:00:00.001Z"), both)).toBe(true);
  });
});
