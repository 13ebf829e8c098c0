/**
 * The owner's home (docs/product-decisions.md, "The owner's page, bank payments and the photos"):
 * its own token, the coming weeks, a search over every booking through the index, blocked dates
 * and promo codes written to the same keys the CLI writes.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { indexRow } from "~/bookings/by-date/booking-index";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { seededBooking, storeBookings } from "../../scripts/lib/seed-bookings.mjs";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { atGenerations, feedToken, homeToken } from "../support/links";
import { bookThrough, indexed } from "./booking";
import { freeOn, postForm, postJson } from "./forms-support";
import { testOrigin, testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

/** The home's address, as `npm run owner:links` prints it (the token is signed with OWNER_LINK_SECRET). */
const home = async () => `/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET)}`;

const said = (answer: Response) => new URL(answer.headers.get("Location")!, testOrigin).searchParams.get("done");

describe("the owner's home", () => {
  it("opens with its own token only", async () => {
    const page = await worker.fetch(await home());
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    const html = await page.text();
    expect(html).toContain("Your bookings");
    // A code may be as long as `npm run promo` takes.
    expect(html).toMatch(/name="code" required="" maxLength="40"/i);
    const revoked = `/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET, atGenerations({ home: 1 }))}`;
    const feedsToken = `/owner?token=${await feedToken(testVars.OWNER_FEED_SECRET, "feed")}`;
    for (const path of ["/owner", "/owner?token=nope", revoked, feedsToken]) expect((await worker.fetch(path)).status, path).toBe(404);
  });

  it("blocks a date the booking form and /api/availability then refuse, and unblocks it", async () => {
    const date = eventDate("ownerHome", 1);
    const blocked = await postForm(worker, await home(), { intent: "block", date, what: "glam-booth", reason: "Private job booked by phone" });
    expect(blocked.status).toBe(303);
    expect(said(blocked)).toContain("Blocked Glam Booth");
    expect(await (await worker.kv()).get(`blocked:${date}:glam-booth`)).toBe("Private job booked by phone");
    expect((await freeOn(worker, date))["Glam Booth"]).toBe(0);
    expect((await postJson(worker, "/.netlify/functions/booking", { ...validBooking, eventDate: date, boothType: "Glam Booth" })).status).toBe(409);
    expect(await (await worker.fetch(await home())).text()).toContain(`${date}: Glam Booth (Private job booked by phone)`);

    expect((await postForm(worker, await home(), { intent: "unblock", key: `blocked:${date}:glam-booth` })).status).toBe(303);
    expect((await freeOn(worker, date))["Glam Booth"]).toBe(1);
    await bookThrough(worker, { ...validBooking, eventDate: date, boothType: "Glam Booth" });
    expect((await postForm(worker, await home(), { intent: "unblock", key: "booking:2026-01-01:PB-1" })).status).toBe(400);
    expect((await postForm(worker, await home(), { intent: "block", date: "2026-02-30", what: "" })).status).toBe(400);
  });

  it("adds a code that books with its discount, refuses a bad one with the CLI's reasons, and ends it", async () => {
    const added = await postForm(worker, await home(), { intent: "add-promo", code: "home15", off: "percent", amount: "15", uses: "5" });
    expect(added.status).toBe(303);
    expect(said(added)).toContain("HOME15: 15% off");
    const booked = await bookThrough(worker, { ...validBooking, eventDate: eventDate("ownerHome", 2), boothType: "Open Booth", promoCode: "HOME15" });
    const record = await (await worker.kv()).get<{ priceLines: { kind: string; label: string }[] }>(booked.recordKey, "json");
    expect(record!.priceLines.some((line) => line.kind === "promo" && line.label.includes("HOME15"))).toBe(true);

    const bad = await postForm(worker, await home(), { intent: "add-promo", code: "OOPS", off: "percent", amount: "150" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("“percent” must be a whole number from 1 to 100");
    expect((await postForm(worker, await home(), { intent: "add-promo", code: "HOME15", off: "dollars", amount: "10" })).status).toBe(400);
    expect((await postForm(worker, await home(), { intent: "add-promo", code: "HOME20", off: "pounds", amount: "10" })).status).toBe(400);
    expect(await (await postForm(worker, await home(), { intent: "add-promo", code: "", off: "percent", amount: "10" })).text()).toContain("Please fill in");
    expect((await postForm(worker, await home(), { intent: "end-promo", code: "NO-SUCH-CODE" })).status).toBe(400);

    expect((await postForm(worker, await home(), { intent: "end-promo", code: "HOME15" })).status).toBe(303);
    const after = await postJson(worker, "/.netlify/functions/booking", { ...validBooking, eventDate: eventDate("ownerHome", 3), boothType: "Open Booth", promoCode: "HOME15" });
    expect(after.status).toBe(422);
    expect(await after.text()).toMatch(/HOME15/);
  });

  it("finds a booking by any part of its name however it is typed, by e-mail and by number, beyond the coming weeks", async () => {
    const booked = await bookThrough(worker, { ...validBooking, fullName: "Nguyễn Đức Anh", email: "duc.anh@example.com", eventDate: eventDate("ownerHome", 4), boothType: "Enclosed Booth" });
    await indexed(worker, booked);
    const page = async (q: string) => (await worker.fetch(`${await home()}&q=${encodeURIComponent(q)}`)).text();
    for (const q of ["nguyen duc", "NGUYỄN", "Đức Anh", "duc.anh@example", booked.invoiceNumber.toLowerCase()]) expect(await page(q), q).toContain(booked.invoiceNumber);
    expect(await page("nobody-by-this-name")).not.toContain(booked.invoiceNumber);
    // The coming weeks list only the next six weeks: this event is a year or more away.
    expect(eventDate("ownerHome", 4) > addDays(melbourneToday(), 42)).toBe(true);
    const coming = (await page("")).split("Bookings with events in the next")[1] ?? "";
    expect(coming).not.toContain(booked.invoiceNumber);
  });

  it("lists the coming weeks' bookings and finds past ones, each linked to its owner's page while that page opens", async () => {
    const today = melbourneToday();
    // Written straight into storage, as the site would have stored them: no test can book a date already past.
    const stored = (i: number, offset: number, fullName: string, email: string) => ({ ...(seededBooking(i, offset, today) as BookingRecord), fullName, email });
    const soon = stored(351, 10, "Trần Thị Bích Ngọc", "bich.ngoc@example.com");
    const lately = stored(352, -5, "Lê Minh Khôi", "minh.khoi@example.com");
    const longAgo = stored(353, -400, "Nguyễn Văn Phúc", "van.phuc@example.com");
    await storeBookings({ kv: await worker.kv(), index: await worker.index(), indexRow, bookings: [soon, lately, longAgo] });
    const page = async (q: string) => (await worker.fetch(`${await home()}&q=${encodeURIComponent(q)}`)).text();
    const links = (html: string) => [...html.matchAll(/href="(\/owner\/booking\/[^"]+)"/g)].map(([, href]) => href!.replaceAll("&amp;", "&"));

    const coming = (await page("")).split("Bookings with events in the next")[1]!;
    expect(coming).toContain(`Trần Thị Bích Ngọc (${soon.invoiceNumber})`);
    expect(coming).not.toContain(lately.invoiceNumber);
    expect(links(coming).some((href) => href.startsWith(`/owner/booking/${soon.invoiceNumber}?`))).toBe(true);

    for (const q of ["nguyen van phuc", "Phúc", "van.phuc@", longAgo.invoiceNumber]) expect(await page(q), q).toContain(`Nguyễn Văn Phúc (${longAgo.invoiceNumber})`);
    expect(await page("phuc")).toContain("A booking&#x27;s page closes 30 days after its event");
    expect(await page("le minh khoi")).toContain(lately.invoiceNumber);
    // The owner's page of a booking opens until 30 days after its event: the home links no page that would not open.
    const searched = async (q: string) => links((await page(q)).split("Bookings with events in the next")[0]!);
    const found = [...(await searched("lê minh")), ...(await searched("nguyễn văn")), ...(await searched("bich ngoc"))];
    expect(found.map((href) => href.split("?")[0])).toEqual([`/owner/booking/${lately.invoiceNumber}`, `/owner/booking/${soon.invoiceNumber}`]);
    for (const href of found) expect((await worker.fetch(href)).status, href).toBe(200);
  });

  it("finds a booking the index stored before the search once npm run reindex has stored it again", async () => {
    const booking = { ...(seededBooking(354, -700, melbourneToday()) as BookingRecord), fullName: "Phạm Thu Hương", email: "thu.huong@example.com" };
    const index = await worker.index();
    await storeBookings({ kv: await worker.kv(), index, indexRow, bookings: [booking] });
    // As the index kept a booking before it knew names: no search text.
    const before = await index.get(index.idFromName("all")).fetch("https://booking-index/put", { method: "POST", body: JSON.stringify([{ ...indexRow({ booking, notes: "" }), searchText: "" }]) });
    expect(before.ok).toBe(true);
    const page = async () => (await worker.fetch(`${await home()}&q=${encodeURIComponent("huong")}`)).text();
    expect(await page()).not.toContain(booking.invoiceNumber);

    // What `npm run reindex` does, page after page.
    const token = await feedToken(testVars.OWNER_FEED_SECRET, "reindex");
    let cursor: string | null = null;
    do {
      const answer = await worker.fetch(`/owner/reindex?token=${token}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { method: "POST", headers: { Origin: testOrigin } });
      expect(answer.status).toBe(200);
      cursor = (await answer.json<{ next: string | null }>()).next;
    } while (cursor);
    expect(await page()).toContain(`Phạm Thu Hương (${booking.invoiceNumber})`);
  });

  // The script reads the generations through the site, a process of its own that takes seconds.
  it("is printed by npm run owner:links, and so is a booking's owner's page with --booking", async () => {
    const booked = await bookThrough(worker, { ...validBooking, eventDate: eventDate("ownerHome", 5), boothType: "Glam Booth" });
    const env = { ...process.env, SITE_ORIGIN: testOrigin, OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET, OWNER_FEED_SECRET: testVars.OWNER_FEED_SECRET };
    const run = async (...args: string[]) => (await promisify(execFile)("node", ["scripts/owner-links.mjs", "--site", worker.url, ...args], { env })).stdout;
    const printed = await run();
    const homeLink = new URL(/Your home[^:]*: (https:\/\/\S+)/.exec(printed)![1]!);
    const home = await (await worker.fetch(homeLink.pathname + homeLink.search)).text();
    expect(home).toContain("Find a booking");
    // Last month into Xero, from the script and from the home page, each file opening with its template's header.
    const xero = /sales invoices (https:\/\/\S+) and credit notes (https:\/\/\S+)/.exec(printed)!.slice(1).map((url) => new URL(url));
    for (const url of xero) expect(home).toContain(`${url.pathname}${url.search}`.replaceAll("&", "&amp;"));
    // The calendar feed too: the morning e-mail, which an owner forwards, no longer carries it.
    expect(home).toContain(`/owner/calendar.ics?token=${await feedToken(testVars.OWNER_FEED_SECRET, "feed")}`);
    expect(await (await worker.fetch(xero[0]!.pathname + xero[0]!.search)).text()).toMatch(/^"\*ContactName","EmailAddress",/);
    expect(await (await worker.fetch(xero[1]!.pathname + xero[1]!.search)).text()).toMatch(/^"\*ContactName",.*"\*CreditNoteNumber"/);
    const pageLink = new URL(/https:\/\/\S+/.exec(await run("--booking", booked.invoiceNumber))![0]);
    expect(pageLink.pathname).toBe(`/owner/booking/${booked.invoiceNumber}`);
    expect((await worker.fetch(pageLink.pathname + pageLink.search)).status).toBe(200);
    // An unsubscribe link has no generation: it cannot be taken back, and the script says why.
    await expect(run("--revoke", "unsubscribe")).rejects.toMatchObject({ stderr: expect.stringContaining("cannot be taken back") });
  }, 90_000);
});
