/**
 * Every link grants one power, and each kind can be taken back on its own (docs/product-decisions.md,
 * "Links and what each may do"; app/links/): the day sheet links nothing that acts, moving a kind's
 * generation on makes its old links answer 404 and leaves every other kind working, and an owner
 * link whose booking has moved on does nothing.
 */
import { describe, expect, it } from "vitest";
import type { SignedLinkKind } from "~/links/kinds";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { atGenerations, daySheetAddresses, feedToken, homeToken, ownerLink } from "../support/links";
import { noisePng } from "../support/png";
import { bookThrough, indexed, postMultipart, type Booked } from "./booking";
import { newKeys, postForm } from "./forms-support";
import { pngFile, postProof, uploadProofThrough } from "./proofs-support";
import { testOrigin, testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

const book = (day: number, boothType = "Open Booth") =>
  bookThrough(worker, { ...validBooking, eventDate: eventDate("links", day), boothType, packageDuration: "3 Hours", email: `links${day}@example.com` });

/** Takes back every link of `kind` made so far, as `npm run owner:links -- --revoke {kind}` does; returns the kind's new generation. A generation never moves back, so every test signs at the Worker's own (`current`). */
async function revoke(kind: SignedLinkKind): Promise<number> {
  return (await (await worker.generations()).move({ kind })).generation;
}

const current = () => worker.generations();

const statusOf = async (path: string, init?: RequestInit) => (await worker.fetch(path, init)).status;

async function sheetPath(date: string): Promise<string> {
  const url = new URL((await daySheetAddresses(testVars, [date], await current())).get(date)!);
  return url.pathname + url.search;
}

/** A booking with a logo and one proof, on the day sheet of its date. */
async function onTheSheet(day: number): Promise<{ booked: Booked; html: string }> {
  const booked = await book(day);
  const form = new FormData();
  form.set("intent", "details");
  for (const [name, value] of Object.entries({ startTime: "18:00", venueAddress: "1 Nicholson St, Footscray VIC 3011", contactName: "Sam Lee", contactMobile: "0400 555 666", accessNotes: "", printLine1: "", printLine2: "" })) form.set(name, value);
  form.set("logo", new Blob([new Uint8Array(noisePng(24, 24))], { type: "image/png" }), "logo.png");
  expect((await postMultipart(worker, booked.page, form)).status).toBe(303);
  await uploadProofThrough(worker, booked.invoiceNumber, pngFile(2048));
  await indexed(worker, booked);
  let html = "";
  const path = await sheetPath(booked.eventDate);
  await expect.poll(async () => (html = await (await worker.fetch(path)).text()).includes("will be printed") && html.includes("The logo for"), { timeout: 20_000 }).toBe(true);
  return { booked, html: html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'") };
}

describe("the day sheet", () => {
  it("links nothing that acts: its proof's address is refused by the upload page, GET and POST", async () => {
    const { booked, html } = await onTheSheet(1);
    const proof = new RegExp(`<img src="([^"]+)" alt="Version 1 of ${booked.invoiceNumber}'s print design"`).exec(html)?.[1];
    expect(proof).toBeDefined();
    expect((await worker.fetch(proof!)).headers.get("Content-Type")).toBe("image/png");
    // The upload page at the address the sheet's proof carries its credentials to.
    const upload = `/owner/${booked.invoiceNumber}/proof${new URL(proof!, testOrigin).search}`;
    expect(await statusOf(upload)).toBe(404);
    const stored = await newKeys(worker, async () => expect((await postProof(worker, upload, pngFile())).status).toBe(404));
    expect(stored).toEqual([]);
    // Nor does the sheet carry any owner action link.
    expect(html).not.toMatch(/\/owner\/[^/"]+\/(confirm|decline|cancel|refund|proof)\?/);
  });

  it("is taken back with its logo and proof when the day sheet kind moves on, and the owner's e-mailed links keep working", async () => {
    const { booked, html } = await onTheSheet(2);
    const files = [...html.matchAll(/<img src="([^"]*\/owner\/day\/[^"]+)"/g)].map((match) => match[1]!);
    expect(files).toHaveLength(2);
    const sheet = await sheetPath(booked.eventDate);
    const generation = await revoke("day-sheet");
    for (const path of [sheet, ...files]) expect(await statusOf(path)).toBe(404);
    expect(await statusOf(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "proof", await current()))).toBe(200);
    expect(await statusOf(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "logo", await current()))).toBe(200);
    const next = new URL((await daySheetAddresses(testVars, [booked.eventDate], atGenerations({ "day-sheet": generation }))).get(booked.eventDate)!);
    expect(await statusOf(next.pathname + next.search)).toBe(200);
  });

  it("opens a booking's files only on its own date's sheet", async () => {
    const { booked, html } = await onTheSheet(3);
    const logo = /<img src="([^"]*\/owner\/day\/[^"]+\/logo\?[^"]+)"/.exec(html)![1]!;
    const other = eventDate("links", 4);
    const otherSheet = new URL((await daySheetAddresses(testVars, [other], await current())).get(other)!);
    const moved = `/owner/day/${other}/${booked.invoiceNumber}/logo${otherSheet.search}`;
    expect(await statusOf(logo)).toBe(200);
    expect(await statusOf(moved)).toBe(404);
  });
});

describe("taking back one kind of link", () => {
  it("a taken-back feed token answers 404 while the export token still works", async () => {
    const [feed, exportToken] = await Promise.all([feedToken(testVars.OWNER_FEED_SECRET, "feed"), feedToken(testVars.OWNER_FEED_SECRET, "export")]);
    const exportPath = `/owner/export.csv?from=${eventDate("links", 1)}&to=${eventDate("links", 28)}&token=${exportToken}`;
    expect(await statusOf(`/owner/calendar.ics?token=${feed}`)).toBe(200);
    const generation = await revoke("feed");
    expect(await statusOf(`/owner/calendar.ics?token=${feed}`)).toBe(404);
    expect(await statusOf(exportPath)).toBe(200);
    expect(await statusOf(`/owner/calendar.ics?token=${await feedToken(testVars.OWNER_FEED_SECRET, "feed", atGenerations({ feed: generation }))}`)).toBe(200);
  });

  it("a taken-back Cancel link answers 404, changes nothing, and the booking's other owner links still work", async () => {
    const booked = await book(5);
    const cancel = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "cancel", await current());
    const generation = await revoke("cancel");
    expect(await statusOf(cancel)).toBe(404);
    const added = await newKeys(worker, async () => expect(await statusOf(cancel, { method: "POST" })).toBe(404));
    expect(added).toEqual([]);
    for (const action of ["confirm", "decline", "refund", "proof"] as const) expect(await statusOf(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, action, await current())), action).toBe(200);
    expect(await statusOf(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "cancel", atGenerations({ cancel: generation })))).toBe(200);
  });

  it("an owner link of an older generation answers 404, as a forged one does", async () => {
    const booked = await book(6);
    const confirm = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm", await current());
    await revoke("confirm");
    const generation = await revoke("confirm");
    const older = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm", atGenerations({ confirm: generation - 1 }));
    const forged = await ownerLink("another-secret-that-is-at-least-32-characters", booked.invoiceNumber, "confirm", atGenerations({ confirm: generation }));
    const answers = await Promise.all([confirm, older, forged].map((path) => worker.fetch(path)));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    const [first, second, third] = await Promise.all(answers.map((answer) => answer.text()));
    expect(first).toBe(third);
    expect(second).toBe(third);
  });
});

describe("taking back one booking's owner links", () => {
  /** The owner's home, where the form is, and a press of it without JavaScript. */
  const home = async () => `/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET, await current())}`;
  const takeBack = async (invoiceNumber: string) => postForm(worker, await home(), { intent: "take-back-booking", invoiceNumber });

  it("from the owner's home: that booking's page and action links answer 404, every other booking's keep working, and the home lists its new page", async () => {
    const [taken, other] = await Promise.all([book(8), book(9)]);
    const [page, cancel, otherPage] = await Promise.all([
      ownerLink(testVars.OWNER_LINK_SECRET, taken.invoiceNumber, "booking", await current()),
      ownerLink(testVars.OWNER_LINK_SECRET, taken.invoiceNumber, "cancel", await current()),
      ownerLink(testVars.OWNER_LINK_SECRET, other.invoiceNumber, "booking", await current()),
    ]);
    for (const path of [page, cancel, otherPage]) expect(await statusOf(path)).toBe(200);

    const pressed = await takeBack(taken.invoiceNumber.toLowerCase());
    expect(pressed.status).toBe(303);
    expect(new URL(pressed.headers.get("location")!, testOrigin).searchParams.get("done")).toContain(`Took back every link of yours to booking ${taken.invoiceNumber}`);
    expect(await statusOf(page)).toBe(404);
    const added = await newKeys(worker, async () => expect(await statusOf(cancel, { method: "POST" })).toBe(404));
    expect(added).toEqual([]);
    expect(await statusOf(otherPage)).toBe(200);
    // Every other kind of link of the booking's own is signed afresh too: the home's search links its new page.
    await indexed(worker, taken);
    const found = await (await worker.fetch(`${await home()}&q=${taken.invoiceNumber}`)).text();
    const fresh = new RegExp(`href="(/owner/booking/${taken.invoiceNumber}\\?sig=[0-9a-f]{64})"`).exec(found)?.[1];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(page);
    expect(await statusOf(fresh!)).toBe(200);
    // Taken back again, the second page goes too.
    expect((await takeBack(taken.invoiceNumber)).status).toBe(303);
    expect(await statusOf(fresh!)).toBe(404);
  });

  it("refuses a number that is no booking, beside the form", async () => {
    const refused = await takeBack("PB-20200101-100");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("There is no booking PB-20200101-100.");
    expect((await takeBack("not a number")).status).toBe(400);
  });
});

describe("an owner link whose booking has moved on", () => {
  it("a Cancel link on a booking already cancelled says so, offers no button, and does nothing when posted", async () => {
    const booked = await book(7);
    const [confirm, cancel] = await Promise.all([ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm", await current()), ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "cancel", await current())]);
    expect(await (await postForm(worker, confirm, {})).text()).toContain("is now confirmed");
    expect(await (await postForm(worker, cancel, {})).text()).toContain("is now cancelled");
    const page = await (await worker.fetch(cancel)).text();
    expect(page).toContain(`Booking ${booked.invoiceNumber} is already cancelled: this link has nothing left to do.`);
    expect(page).not.toContain("Cancel this booking</button>");
    const added = await newKeys(worker, async () => expect(await (await postForm(worker, cancel, {})).text()).toContain("this link has nothing left to do"));
    expect(added).toEqual([]);
    // A Confirm link on it says why it cannot act either.
    expect(await (await worker.fetch(confirm)).text()).toContain(`Booking ${booked.invoiceNumber} is cancelled, so it cannot become confirmed: this link has nothing left to do.`);
  });
});
