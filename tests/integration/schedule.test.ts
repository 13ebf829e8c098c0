import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { feedToken, homeToken, ownerLink } from "../support/links";
import { bookThrough, confirmAndAccept, indexed, type Booked } from "./booking";
import { getJson, newKeys, postForm, postJson, settledMailsOf, type OutboxMail } from "./forms-support";
import { testOrigin, testVars, workerForFile, type TestWorker } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });
const quiet = workerForFile();

const book = (day: number, boothType: string, fields: Record<string, string> = {}) =>
  bookThrough(worker, { ...validBooking, eventDate: eventDate("schedule", day), boothType, packageDuration: "3 Hours", email: `schedule${day}@example.com`, ...fields });

/** The morning run (05:00 or 06:00 Melbourne time, as the first cron fires) of a Melbourne date. */
const morningOf = (date: string) => melbourneInstant(date, "06:00");

// Confirmed by the owner first: these bookings live on for days unpaid, past the 48 hours an unproved one holds its date and past their deposit's due date.
const accept = (booked: Booked, name: string, on = worker) => confirmAndAccept(on, booked, name);

async function current(booked: Booked): Promise<{ key: string; booking: BookingRecord }> {
  const { eventDate: date } = await getJson<{ eventDate: string }>(worker, `invoice:${booked.invoiceNumber}`);
  const key = `booking:${date}:${booked.invoiceNumber}`;
  return { key, booking: await getJson<BookingRecord>(worker, key) };
}

/** The reminders the booking has been sent, by name, once the queue is done with them. */
async function reminders(booked: Booked): Promise<OutboxMail[]> {
  const { key } = await current(booked);
  return (await settledMailsOf(worker, key)).filter((mail) => mail.messageId.includes("#reminder-")).sort((a, b) => a.messageId.localeCompare(b.messageId));
}

const names = (mails: OutboxMail[]) => mails.map((mail) => mail.messageId.split("#")[1]);

describe("the client's reminders", () => {
  it("sends each reminder once on its day, and a second run the same morning sends nothing", async () => {
    const booked = await book(1, "Open Booth", { fullName: "Nguyễn Thị Hoa" });
    expect((await accept(booked, "Nguyễn Thị Hoa")).status).toBe(200);
    const event = booked.eventDate;
    const today = melbourneToday();

    await worker.scheduled(morningOf(addDays(today, 6)));
    expect(names(await reminders(booked))).toEqual([`reminder-deposit-due-${addDays(today, 7)}`]);
    expect(await newKeys(worker, () => worker.scheduled(morningOf(addDays(today, 6))))).toEqual([]);

    for (const day of [-28, -1, 1]) await worker.scheduled(morningOf(addDays(event, day)));
    const sent = await reminders(booked);
    expect(names(sent)).toEqual([`reminder-day-before-${event}`, `reminder-deposit-due-${addDays(today, 7)}`, `reminder-details-${event}-28`, `reminder-thank-you-${event}`]);
    expect(sent.every((mail) => mail.to.email === "schedule1@example.com")).toBe(true);
    expect(sent.every((mail) => mail.text.includes(booked.page))).toBe(true);
    expect(await newKeys(worker, () => worker.scheduled(morningOf(addDays(event, 1))))).toEqual([]);
  });

  it("copies an overdue payment to the owner with their page of the booking", async () => {
    // Confirmed, or the same run would expire the unpaid request first.
    const booked = await book(2, "Open Booth");
    expect((await accept(booked, "Olivia Brown")).status).toBe(200);
    await worker.scheduled(morningOf(addDays(melbourneToday(), 9)));
    const { key } = await current(booked);
    const mails = await settledMailsOf(worker, key);
    const owner = mails.find((mail) => mail.messageId.endsWith("-owner") && mail.messageId.includes("#reminder-overdue-"));
    expect(owner?.to.email).toBe(testVars.OWNER_EMAIL);
    expect(owner?.text).toMatch(new RegExp(`Your page of booking ${booked.invoiceNumber}: \\S+/owner/booking/${booked.invoiceNumber}\\?sig=`));
    expect(mails.filter((mail) => mail.messageId.includes("#reminder-overdue-") && mail.to.email === "schedule2@example.com")).toHaveLength(1);
  });

  it("sends nothing to a cancelled booking", async () => {
    const booked = await book(3, "Open Booth");
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(303);
    for (const day of [-28, -1]) await worker.scheduled(morningOf(addDays(booked.eventDate, day)));
    expect((await current(booked)).booking.status).toBe("cancelled");
    expect(await reminders(booked)).toEqual([]);
  });

  it("sends a moved booking's day-before e-mail before its new date, not its old one", async () => {
    const booked = await book(4, "Glam Booth");
    expect((await accept(booked, "Mai Trần")).status).toBe(200);
    const newDate = eventDate("schedule", 11);
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate })).status).toBe(303);
    await worker.scheduled(morningOf(addDays(booked.eventDate, -1)));
    expect(names(await reminders(booked))).toEqual([]);
    await worker.scheduled(morningOf(addDays(newDate, -1)));
    const [dayBefore] = await reminders(booked);
    expect(dayBefore?.messageId).toBe(`booking:${newDate}:${booked.invoiceNumber}#reminder-day-before-${newDate}`);
    expect(dayBefore?.subject).toMatch(/^Your photo booth on \w+day \d+ March 2029: what to have ready/);
  });
});

describe("the day before's e-mail", () => {
  it("is not made good on the event's day when the morning before was missed: it would say tomorrow", async () => {
    const booked = await book(5, "Enclosed Booth");
    expect((await accept(booked, "Lan Trần")).status).toBe(200);
    await worker.scheduled(morningOf(booked.eventDate));
    expect(names(await reminders(booked))).toEqual([]);
    await worker.scheduled(morningOf(addDays(booked.eventDate, 1)));
    expect(names(await reminders(booked))).toEqual([`reminder-thank-you-${booked.eventDate}`]);
  });
});

describe("the owner's morning e-mail", () => {
  /** The morning e-mail of a Melbourne date, from its first run; the second cron, an hour later, finds it sent. */
  async function morningMail(day: string): Promise<OutboxMail> {
    expect(await newKeys(worker, () => worker.scheduled(morningOf(day)))).toContain(`agenda:${day}`);
    expect(await newKeys(worker, () => worker.scheduled(new Date(morningOf(day).getTime() + 3_600_000)))).toEqual([]);
    const mails = await settledMailsOf(worker, `agenda:${day}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: { email: testVars.OWNER_EMAIL }, subject: expect.stringMatching(/^Your morning: /) });
    return mails[0]!;
  }

  it("comes once a day with the week's events: time, booth, client, phone, venue, contact and what is owing", async () => {
    const booked = await book(20, "Enclosed Booth", { fullName: "王小明", phoneNumber: "0498 765 432" });
    expect((await accept(booked, "王小明")).status).toBe(200);
    const details = { startTime: "18:30", venueAddress: "12 Station Place, Werribee VIC 3030", contactName: "Nguyễn Văn An", contactMobile: "0412 345 678", accessNotes: "", printLine1: "Lan & Minh", printLine2: "" };
    expect((await postJson(worker, `/invoice/${booked.invoiceNumber}/details?key=${booked.secret}`, details)).status).toBe(200);
    const morning = await morningMail(addDays(booked.eventDate, -3));
    expect(morning.text).toContain(`6:30 pm to 9:30 pm: Enclosed Booth for 王小明 (0498 765 432), ${booked.invoiceNumber}; pack: Enclosed Booth; at 12 Station Place, Werribee VIC 3030; contact Nguyễn Văn An, 0412 345 678; print text "Lan & Minh"; $`);
    expect(morning.text).toMatch(/print text "Lan & Minh"; \$[\d,]+\.\d\d owing; details given/);
    // It hands on nothing more than the day's sheets and the owner's page of a booking to act on: not
    // the owner's home, nor the calendar feed (every client's name, phone and e-mail, never expiring).
    const home = await homeToken(testVars.OWNER_LINK_SECRET);
    for (const part of [morning.text, morning.html]) {
      expect(part).not.toContain(home);
      expect(part).not.toContain(await feedToken(testVars.OWNER_FEED_SECRET, "feed"));
      const ownerAddresses = [...part.matchAll(/https?:\/\/[^\s"<>]+/g)].map(([address]) => new URL(address.replaceAll("&amp;", "&"))).filter((url) => url.pathname.startsWith("/owner"));
      expect(ownerAddresses.length).toBeGreaterThan(0);
      for (const url of ownerAddresses) expect(url.pathname).toMatch(/^\/owner\/(day\/\d{4}-\d\d-\d\d|booking\/PB-\d{8}-\d{3})$/);
    }
  });

  it("lists the requests waiting for an answer, how old they are, with the owner's page of each", async () => {
    const booked = await book(21, "Enclosed Booth", { fullName: "Ελένη Νικολάου" });
    const morning = await morningMail(addDays(melbourneToday(), 2));
    expect(morning.text).toMatch(new RegExp(`${booked.invoiceNumber} Ελένη Νικολάου, Enclosed Booth on .*: waiting 2 days`));
    expect(morning.text).toMatch(new RegExp(`Your page of booking ${booked.invoiceNumber}: \\S+/owner/booking/${booked.invoiceNumber}\\?sig=`));
  });

  it("is not sent when there is nothing in it", async () => {
    const added = await newKeys(quiet, () => quiet.scheduled(morningOf("2027-06-01")));
    expect(added).toEqual(["agenda:2027-06-01"]);
    expect(await getJson(quiet, "agenda:2027-06-01")).toMatchObject({ empty: true, emailDelivery: {} });
  });
});

describe("the owner's calendar feed", () => {
  const feed = async (token: string | null) => worker.fetch(`/owner/calendar.ics${token === null ? "" : `?token=${token}`}`);

  async function eventOf(booked: Booked) {
    const response = await feed(await feedToken(testVars.OWNER_FEED_SECRET, "feed"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=300");
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const vevent = calendar.getAllSubcomponents("vevent").find((candidate) => candidate.getFirstPropertyValue("uid") === `${booked.invoiceNumber}@photobooths.test`);
    return vevent ? { status: vevent.getFirstPropertyValue("status"), sequence: new ICAL.Event(vevent).sequence, summary: new ICAL.Event(vevent).summary } : null;
  }

  it("shows a request as tentative, then confirmed, then cancelled, the sequence rising with each change", async () => {
    const booked = await book(22, "Open Booth", { fullName: "Γιώργος Παπαδόπουλος" });
    await indexed(worker, booked);
    const requested = await eventOf(booked);
    expect(requested).toMatchObject({ status: "TENTATIVE", summary: `Open Booth: Γιώργος Παπαδόπουλος (${booked.invoiceNumber})` });
    await accept(booked, "Γιώργος Παπαδόπουλος");
    const confirmed = await eventOf(booked);
    expect(confirmed?.status).toBe("CONFIRMED");
    expect(confirmed!.sequence).toBeGreaterThan(requested!.sequence);
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(303);
    const cancelled = await eventOf(booked);
    expect(cancelled?.status).toBe("CANCELLED");
    expect(cancelled!.sequence).toBeGreaterThan(confirmed!.sequence);
  });

  // The script reads the generations through the site, a process of its own that takes seconds.
  it("is at the address npm run owner:links prints, as is the export", async () => {
    const env = { ...process.env, SITE_ORIGIN: testOrigin, OWNER_FEED_SECRET: testVars.OWNER_FEED_SECRET, OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET };
    const { stdout } = await promisify(execFile)("node", ["scripts/owner-links.mjs", "--site", worker.url], { env });
    // Among the owner's other links, printed when a .dev.vars has their secret.
    const printed = (stdout.match(/https:\/\/\S+/g) ?? []).map((address) => new URL(address));
    const [calendar, csv] = ["/owner/calendar.ics", "/owner/export.csv"].map((pathname) => printed.find((address) => address.pathname === pathname));
    expect([calendar?.pathname, csv?.pathname]).toEqual(["/owner/calendar.ics", "/owner/export.csv"]);
    for (const address of [calendar!, csv!]) expect((await worker.fetch(address.pathname + address.search)).status).toBe(200);
  }, 90_000);

  it("answers 404 to a wrong or missing token, and to the export's token", async () => {
    for (const token of [null, "", "0".repeat(64), await feedToken(testVars.OWNER_FEED_SECRET, "export")]) expect((await feed(token)).status).toBe(404);
  });
});

describe("the accountant's export", () => {
  const exportOf = async (from: string, to: string, token?: string) =>
    worker.fetch(`/owner/export.csv?from=${from}&to=${to}&token=${token ?? (await feedToken(testVars.OWNER_FEED_SECRET, "export"))}`);

  it("reads back with every client's name exact, and a formula name kept as text", async () => {
    const clients = ["Trần Văn Minh", "陈美玲", "Ελένη Νικολάου", '=HYPERLINK("http://evil.example","Click me")'];
    const booked = await Promise.all(clients.map((fullName, index) => book(23 + index, "Glam Booth", { fullName })));
    for (const one of booked) await indexed(worker, one);
    const today = melbourneToday();
    // A new booking reaches the index of dates (which the export reads) right after its answer.
    const clientsExported = async () => {
      const response = await exportOf(today, today);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      const rows = parse(Buffer.from(await response.arrayBuffer()), { bom: true, columns: true, record_delimiter: "\r\n", encoding: "utf8" }) as Record<string, string>[];
      return booked.map((entry) => rows.find((row) => row["Type"] === "tax invoice" && row["Invoice number"] === entry.invoiceNumber)?.["Client"]);
    };
    await expect.poll(clientsExported).toEqual(["Trần Văn Minh", "陈美玲", "Ελένη Νικολάου", `'=HYPERLINK("http://evil.example","Click me")`]);
  });

  it("refuses a wrong token with 404 and a bad range with 400", async () => {
    expect((await exportOf("2026-11-01", "2026-11-30", await feedToken(testVars.OWNER_FEED_SECRET, "feed"))).status).toBe(404);
    expect((await exportOf("2026-11-30", "2026-11-01")).status).toBe(400);
    expect((await exportOf("2026-11", "2026-11-30")).status).toBe(400);
  });
});

describe("the month into Xero", () => {
  const xeroFile = async (month: string, file: string, token?: string) => worker.fetch(`/owner/xero/${month}/${file}?token=${token ?? (await feedToken(testVars.OWNER_FEED_SECRET, "export"))}`);

  it("gives the month's tax invoices in Xero's sales template, names exact, with the export's token", async () => {
    const booked = await book(28, "Glam Booth", { fullName: "Ngô Thị Ánh" });
    await indexed(worker, booked);
    const month = melbourneToday().slice(0, 7);
    const sales = async () => {
      const response = await xeroFile(month, "sales-invoices.csv");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="xero-sales-invoices-${month}.csv"`);
      return (parse(await response.text(), { columns: true }) as Record<string, string>[]).filter((row) => row["Reference"] === booked.invoiceNumber);
    };
    await expect.poll(async () => (await sales()).map((row) => row["*ContactName"])[0]).toBe("Ngô Thị Ánh");
    const rows = await sales();
    expect(rows.every((row) => row["*InvoiceNumber"] === booked.invoiceNumber && /^\d{2}\/\d{2}\/\d{4}$/.test(row["*InvoiceDate"]!))).toBe(true);
    const credit = await xeroFile(month, "credit-notes.csv");
    expect((parse(await credit.text(), { columns: true }) as Record<string, string>[]).filter((row) => row["Reference"] === booked.invoiceNumber)).toEqual([]);
  });

  it("answers 404 to a wrong token or the feed's, and 400 to a month or file it does not know", async () => {
    expect((await xeroFile("2026-11", "sales-invoices.csv", "0".repeat(64))).status).toBe(404);
    expect((await xeroFile("2026-11", "sales-invoices.csv", await feedToken(testVars.OWNER_FEED_SECRET, "feed"))).status).toBe(404);
    expect((await xeroFile("2026-13", "sales-invoices.csv")).status).toBe(400);
    expect((await xeroFile("2026-11", "bills.csv")).status).toBe(400);
  });
});

describe("the owner's two secrets", () => {
  const otherSecret = "a-new-secret-of-at-least-32-characters-0123456789";
  const feedChanged = workerForFile({ vars: { OWNER_FEED_SECRET: otherSecret } });
  const linksChanged = workerForFile({ vars: { OWNER_LINK_SECRET: otherSecret } });

  /** The answers to the feed, the export and a booking's Confirm link, each made with the secrets given. */
  async function answers(on: TestWorker, booked: Booked, secrets: { link: string; feed: string }) {
    const status = async (path: string) => (await on.fetch(path)).status;
    return {
      feed: await status(`/owner/calendar.ics?token=${await feedToken(secrets.feed, "feed")}`),
      export: await status(`/owner/export.csv?from=2026-11-01&to=2026-11-30&token=${await feedToken(secrets.feed, "export")}`),
      link: await status(await ownerLink(secrets.link, booked.invoiceNumber, "confirm")),
    };
  }
  const before = { link: testVars.OWNER_LINK_SECRET, feed: testVars.OWNER_FEED_SECRET };
  const bookOn = (on: TestWorker, day: number) => bookThrough(on, { ...validBooking, eventDate: eventDate("schedule", day), boothType: "Glam Booth", email: `secrets${day}@example.com` });

  it("changing OWNER_FEED_SECRET changes the feed's and the export's addresses, and no owner link", async () => {
    const booked = await bookOn(feedChanged, 7);
    expect(await answers(feedChanged, booked, before)).toEqual({ feed: 404, export: 404, link: 200 });
    expect(await answers(feedChanged, booked, { ...before, feed: otherSecret })).toEqual({ feed: 200, export: 200, link: 200 });
  });

  it("changing OWNER_LINK_SECRET changes the owner links, and not the feed's or the export's addresses", async () => {
    const booked = await bookOn(linksChanged, 8);
    expect(await answers(linksChanged, booked, before)).toEqual({ feed: 200, export: 200, link: 404 });
    expect(await answers(linksChanged, booked, { ...before, link: otherSecret })).toEqual({ feed: 200, export: 200, link: 200 });
  });
});

describe("a run where something fails", () => {
  const faulty = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" }, faults: { kvWrites: { failPrefix: "agenda:" } } });
  const flaky = workerForFile({ faults: { planned: true } });

  it("sends the morning e-mail from a later run when the queue refused it, and marks the day done only then", async () => {
    const booked = await bookThrough(flaky, { ...validBooking, eventDate: eventDate("schedule", 6), boothType: "Open Booth", email: "flaky@example.com" });
    await settledMailsOf(flaky, booked.recordKey);
    const day = addDays(melbourneToday(), 1);
    const key = `agenda:${day}`;
    await flaky.failNext("queue.send");
    const refused = await flaky.scheduled(morningOf(day));
    expect(await flaky.faultsLeft("queue.send")).toBe(0);
    expect(refused.outcome).toBe("exception");
    expect(flaky.logs.join("\n")).toMatch(/morning e-mail: FAILED \(Error: The morning e-mail of .* could not be queued/);
    expect((await getJson<{ emailDelivery: Record<string, { status: string }> }>(flaky, key)).emailDelivery.morning?.status).toBe("failed");

    const later = await flaky.scheduled(new Date(morningOf(day).getTime() + 3_600_000));
    expect(later.outcome).toBe("ok");
    const mails = await settledMailsOf(flaky, key);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${booked.invoiceNumber} ${validBooking.fullName}`);
    expect(await newKeys(flaky, () => flaky.scheduled(new Date(morningOf(day).getTime() + 7_200_000)))).toEqual([]);
  });

  it("still sends the reminders when the morning e-mail cannot be recorded, and reports the run as failed", async () => {
    const booked = await bookThrough(faulty, { ...validBooking, eventDate: eventDate("schedule", 27), boothType: "Open Booth", email: "faulty@example.com" });
    expect((await accept(booked, "Jane Citizen", faulty)).status).toBe(200);
    const day = addDays(booked.eventDate, -1);
    const result = await faulty.scheduled(morningOf(day));
    expect(result.outcome).toBe("exception");
    expect(faulty.logs.join("\n")).toMatch(/reminders queued: 1 \(.*reminder-day-before.*\);.* morning e-mail: FAILED/);
    const mails = await settledMailsOf(faulty, booked.recordKey);
    expect(mails.map((mail) => mail.messageId)).toContain(`${booked.recordKey}#reminder-day-before-${booked.eventDate}`);
  });
});
