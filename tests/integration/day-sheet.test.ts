import { execFile } from "node:child_process";
import { promisify } from "node:util";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { bookingIn } from "../support/form-data";
import { daySheetAddresses, feedToken } from "../support/links";
import { noisePng } from "../support/png";
import { bookThrough, confirmAndAccept, postMultipart, type Booked } from "./booking";
import { settledMailsOf } from "./forms-support";
import { pngFile, uploadProofThrough } from "./proofs-support";
import { testOrigin, testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

/** The `index`-th booking of this file: the three booths of day 1, then of day 2… */
const book = (index: number, fields: Record<string, string>) => bookThrough(worker, { ...bookingIn("daySheet", index), email: `sheet${index}@example.com`, ...fields });

/** Gives the event's details from the booking page's form, as a browser sends it. */
async function giveDetails(booked: Booked, details: Record<string, string>, logo?: Buffer) {
  const form = new FormData();
  form.set("intent", "details");
  for (const [name, value] of Object.entries({ accessNotes: "", printLine1: "", printLine2: "", ...details })) form.set(name, value);
  if (logo) form.set("logo", new Blob([new Uint8Array(logo)], { type: "image/png" }), "logo.png");
  const response = await postMultipart(worker, booked.page, form);
  expect(response.status).toBe(303);
}

/** The site-relative address of a date's sheet, signed with `secret`. */
async function sheetPath(date: string, secret = testVars.OWNER_DAY_SECRET): Promise<string> {
  const url = new URL((await daySheetAddresses({ SITE_ORIGIN: testOrigin, OWNER_DAY_SECRET: secret }, [date])).get(date)!);
  return url.pathname + url.search;
}

const sitePath = (address: string) => new URL(address).pathname + new URL(address).search;

const date = eventDate("daySheet", 1);

/**
 * Three bookings on one date, made in an order that is not their arrival's: the evening one and the
 * afternoon one confirmed with their details, and a request with none.
 */
async function bookTheDay() {
  const evening = await book(0, { fullName: "Trần Văn Minh", phoneNumber: "0498 765 432" });
  expect((await confirmAndAccept(worker, evening, "Trần Văn Minh")).status).toBe(200);
  await giveDetails(evening, { startTime: "19:00", venueAddress: "12 Station Place, Werribee VIC 3030", contactName: "Nguyễn Văn An", contactMobile: "0412 345 678", accessNotes: "Loading dock at the rear.", printLine1: "Lan & Minh" });
  const afternoon = await book(1, { fullName: "Ελένη Γεωργίου", phoneNumber: "0401 222 333" });
  expect((await confirmAndAccept(worker, afternoon, "Ελένη Γεωργίου")).status).toBe(200);
  await giveDetails(afternoon, { startTime: "14:30", venueAddress: "1 Nicholson St, Footscray VIC 3011", contactName: "Sam Lee", contactMobile: "+61 400 555 666", printLine1: "Happy 40th Eleni" }, noisePng(24, 24));
  const untimed = await book(2, { fullName: "Jo Citizen" });
  return { evening, afternoon, untimed };
}

let booked: ReturnType<typeof bookTheDay> | undefined;
/** The day's bookings, made once for the file's tests (on the file's worker, once it has started). */
const theDay = () => (booked ??= bookTheDay());

/** The sheet once the index has every booking and its details (the ledger hands it each change as a follow-up, a new booking's right after the answer). */
async function sheetHtml(): Promise<string> {
  const { untimed } = await theDay();
  const path = await sheetPath(date);
  let html = "";
  await expect
    .poll(async () => {
      // Without React's markers between adjacent pieces of text, as a reader sees it.
      html = (await (await worker.fetch(path)).text()).replaceAll("<!-- -->", "");
      return html.includes("Happy 40th Eleni") && html.includes("Lan &amp; Minh") && html.includes(`(${untimed.invoiceNumber}`);
    }, { timeout: 20_000 })
    .toBe(true);
  return html;
}

describe("the owner's day sheet", () => {
  it("lists the date's events in the order of arrival, an hour before each starts, the one with no start time last", async () => {
    const { evening, afternoon, untimed } = await theDay();
    const html = await sheetHtml();
    const at = (booked: Booked) => html.indexOf(`(${booked.invoiceNumber}`);
    expect(at(afternoon)).toBeGreaterThan(0);
    expect([at(afternoon) < at(evening), at(evening) < at(untimed)]).toEqual([true, true]);
    expect(html).toContain(`Arrive 1:30 pm: Glam Booth, 3 Hours (${afternoon.invoiceNumber})`);
    expect(html).toContain(`Arrive 6:00 pm: Open Booth, 3 Hours (${evening.invoiceNumber})`);
    expect(html).toContain(`Arrival not known: Enclosed Booth, 3 Hours (${untimed.invoiceNumber}, not confirmed yet)`);
    expect(html).toContain("2:30 pm to 5:30 pm");
    expect(html).toContain(`<h1>Day sheet: ${formatDateInWords(date)}</h1>`);
  });

  it("gives each event's venue as a maps link, tap-to-call numbers, access notes, print text, logo, proof and what is owed", async () => {
    const { afternoon } = await theDay();
    const html = await sheetHtml();
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=12%20Station%20Place%2C%20Werribee%20VIC%203030"');
    expect(html).toContain('Nguyễn Văn An, <a href="tel:0412345678">0412 345 678</a>');
    expect(html).toContain('Sam Lee, <a href="tel:+61400555666">+61 400 555 666</a>');
    expect(html).toContain('Trần Văn Minh, <a href="tel:0498765432">0498 765 432</a>');
    expect(html).toContain("Loading dock at the rear.");
    expect(html).toContain("No proof yet");
    expect(html).toMatch(/\$[\d,]+\.\d\d still owed/);
    expect(html).toContain("Werribee Park Mansion</a> (suburb only: no street address given yet)");

    const logo = /<img[^>]*src="([^"]+)"[^>]*alt="The logo for ([^"]+)'s prints"/.exec(html.replaceAll("&#x27;", "'"));
    expect(logo?.[2]).toBe(afternoon.invoiceNumber);
    const served = await worker.fetch(logo![1]!.replaceAll("&amp;", "&"));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
  });

  it("is private: not stored by any cache, not indexed, and sends no referrer", async () => {
    await theDay();
    const response = await worker.fetch(await sheetPath(date));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await response.text()).toContain('<meta name="robots" content="noindex"/>');
  });

  it("answers 404 to a forged token, another date's, another secret's, the feed's, an expired one and a date that is not one", async () => {
    const path = `/owner/day/${date}`;
    const expired = addDays(melbourneToday(), -8);
    const answers = await Promise.all(
      [
        path,
        `${path}?token=${"0".repeat(64)}`,
        (await sheetPath(addDays(date, 1))).replace(addDays(date, 1), date),
        await sheetPath(date, "another-secret-of-at-least-32-characters-0123"),
        `${path}?token=${await feedToken(testVars.OWNER_FEED_SECRET, "feed")}`,
        await sheetPath(expired),
        "/owner/day/2027-02-30",
      ].map(async (address) => (await worker.fetch(address)).status),
    );
    expect(answers).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // A week after its date, a sheet still opens (to settle up); the day after that it does not.
    expect((await worker.fetch(await sheetPath(addDays(melbourneToday(), -7)))).status).toBe(200);
  });

  it("shows the proof that will be printed, under the sheet's own token, and its status", async () => {
    const { evening } = await theDay();
    await sheetHtml();
    const proof = pngFile(2048);
    await uploadProofThrough(worker, evening.invoiceNumber, proof);
    const path = await sheetPath(date);
    let html = "";
    await expect.poll(async () => (html = await (await worker.fetch(path)).text()).includes("Not approved: version 1 will be printed"), { timeout: 20_000 }).toBe(true);
    const src = new RegExp(`<img src="([^"]+)" alt="Version 1 of ${evening.invoiceNumber}&#x27;s print design"`).exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(src).toMatch(new RegExp(`^/owner/day/${date}/${evening.invoiceNumber}/proof/1\\?token=[0-9a-f]{64}$`));
    const served = await worker.fetch(src!);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(proof.bytes);
    expect((await worker.fetch(src!.replace(/token=\w+/, `token=${"0".repeat(64)}`))).status).toBe(404);
  });
});

describe("links to the day sheet", () => {
  it("are in the owner's calendar feed for each event, instead of the client's own page", async () => {
    const { evening } = await theDay();
    await sheetHtml();
    const feed = await (await worker.fetch(`/owner/calendar.ics?token=${await feedToken(testVars.OWNER_FEED_SECRET, "feed")}`)).text();
    const vevent = new ICAL.Component(ICAL.parse(feed)).getAllSubcomponents("vevent").find((candidate) => candidate.getFirstPropertyValue("uid") === `${evening.invoiceNumber}@photobooths.test`)!;
    const sheet = `${testOrigin}${await sheetPath(date)}`;
    expect(vevent.getFirstPropertyValue("url")).toBe(sheet);
    expect(vevent.getFirstPropertyValue("description")).toContain(`Day sheet: ${sheet}`);
    expect(feed).not.toContain(evening.secret);
    expect(feed).not.toContain("/invoice/");
  });

  it("are in the morning e-mail, today's and tomorrow's, and each opens its sheet", async () => {
    const { evening } = await theDay();
    await sheetHtml();
    const morning = addDays(date, -1);
    await worker.scheduled(melbourneInstant(morning, "06:00"));
    const [mail] = await settledMailsOf(worker, `agenda:${morning}`);
    const today = new RegExp(`Today's day sheet \\(${formatDateInWords(morning)}\\): (\\S+)`).exec(mail!.text)?.[1];
    const tomorrow = new RegExp(`Tomorrow's day sheet \\(${formatDateInWords(date)}\\): (\\S+)`).exec(mail!.text)?.[1];
    expect([today, tomorrow]).toEqual([`${testOrigin}${await sheetPath(morning)}`, `${testOrigin}${await sheetPath(date)}`]);
    expect((await worker.fetch(sitePath(today!))).status).toBe(200);
    expect(await (await worker.fetch(sitePath(tomorrow!))).text()).toContain(evening.invoiceNumber);
  });

  // The script reads the generations through the site, a process of its own that takes seconds.
  it("is what npm run owner:links -- --day prints", async () => {
    const env = { ...process.env, SITE_ORIGIN: testOrigin, OWNER_DAY_SECRET: testVars.OWNER_DAY_SECRET, OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET };
    const { stdout } = await promisify(execFile)("node", ["scripts/owner-links.mjs", "--site", worker.url, "--day", date], { env });
    expect(stdout).toContain(`Day sheet of ${date} (works until 7 days after it): ${testOrigin}${await sheetPath(date)}`);
  }, 90_000);
});
