/**
 * Attendants (docs/product-decisions.md, "Attendants"), as the owner and an attendant use them
 * without JavaScript: the owner adds attendants on their home, assigns them from the page of a
 * booking (refused, with the reason, for a booth they do not run, a check expired by the event, or
 * another event within an hour of this one's times; two at once, one wins), the attendant is
 * e-mailed their own page, sees their events' sheets (no money, no client e-mail, nothing of the
 * owner's) and accepts; one attendant's link is taken back alone.
 */
import { parse } from "csv-parse/sync";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { lifecycle } from "~/business";
import { attendantKey } from "~/storage-keys";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { daySheetAddresses, feedToken, homeToken, ownerLink } from "../support/links";
import { pngFile, uploadProofThrough } from "./proofs-support";
import { bookThrough, currentRecord, indexed, keepMyDate, type Booked } from "./booking";
import { outboxMailsOf, postForm, postJson } from "./forms-support";
import { decode } from "./invoice-page";
import { testOrigin, testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

const home = async () => `/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET)}`;
const text = async (path: string) => decode((await (await worker.fetch(path)).text()).replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
const book = (day: number, boothType: string, fields: Record<string, string> = {}) =>
  bookThrough(worker, { ...validBooking, eventDate: eventDate("crew", day), boothType, packageDuration: "3 Hours", email: `crew${day}${boothType.length}@example.com`, ...fields });

/** Adds an attendant from the owner's home, as the form does without JavaScript; their id, from the home's edit form. */
async function addAttendant(name: string, fields: Record<string, string>): Promise<string> {
  const added = await postForm(worker, await home(), { intent: "attendant", name, phone: "0412 000 111", email: `${name.toLowerCase()}@example.com`, rate: "35.50", wwccNumber: "WWC1234567E", wwccExpires: "2099-12-31", ...fields });
  expect(added.status, await added.clone().text()).toBe(303);
  expect(new URL(added.headers.get("location")!, testOrigin).searchParams.get("done")).toBe(`Added ${name} to your crew. Send them their link below.`);
  const html = await (await worker.fetch(await home())).text();
  return new RegExp(`aria-label="Change ${name}&#x27;s details"[\\s\\S]*?name="id" value="(A-[^"]+)"`).exec(html)![1]!;
}

const ownerPage = (booked: Booked) => ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking");
const assign = async (booked: Booked, attendant: string) => postForm(worker, await ownerPage(booked), { intent: "assign", attendant });

/** The attendant's page, from the last e-mail the site sent them (`count` of them; their record keeps the owner's e-mails about them too). */
async function pageFromMail(id: string, count: number): Promise<string> {
  let mails: Awaited<ReturnType<typeof outboxMailsOf>> = [];
  await expect.poll(async () => (mails = (await outboxMailsOf(worker, attendantKey(id))).filter((mail) => mail.to.email !== "owner@example.com")).length, { timeout: 20_000 }).toBe(count);
  const sorted = mails.sort((a, b) => a.messageId.localeCompare(b.messageId));
  const url = new URL(/Your events: (https:\/\/\S+)/.exec(sorted.at(-1)!.text)![1]!);
  return url.pathname + url.search;
}

describe("attendants", () => {
  it("are assigned by the rules, told by e-mail, see only their part, accept, and lose their link alone", async () => {
    const lan = await addAttendant("Lan", { "booth-open-booth": "on", "booth-glam-booth": "on" });
    const minh = await addAttendant("Minh", { "booth-open-booth": "on", wwccExpires: eventDate("crew", 2) });
    const first = await book(1, "Open Booth", { fullName: "Trần Thị Mai" });
    const sameDay = await book(1, "Glam Booth");
    const enclosed = await book(3, "Enclosed Booth");
    const later = await book(4, "Open Booth");

    expect((await assign(first, lan)).status).toBe(303);
    const lanPage = await pageFromMail(lan, 1);
    // No start time yet: the whole day is theirs.
    const clash = await assign(sameDay, lan);
    expect(clash.status).toBe(409);
    expect(decode(await clash.text())).toContain(`Lan is already on ${first.invoiceNumber} that day (no start time yet, so the whole day)`);
    expect(decode(await (await assign(enclosed, minh)).text())).toContain("Minh does not run the Enclosed Booth.");
    expect(decode(await (await assign(later, minh)).text())).toContain(`Minh's Working with Children Check expires on ${eventDate("crew", 2)}, before this event.`);
    expect(await text(await ownerPage(sameDay))).toContain("Lan (not free: Lan is already on");

    // Two assignments of one attendant to events of one day, made at once: one wins.
    const hoa = await addAttendant("Hoa", { "booth-open-booth": "on", "booth-glam-booth": "on" });
    const [a, b] = await Promise.all([book(5, "Open Booth"), book(5, "Glam Booth")]);
    const statuses = (await Promise.all([assign(a, hoa), assign(b, hoa)])).map((response) => response.status);
    expect(statuses.sort()).toEqual([303, 409]);

    // Lan's page: their events, the sheet for the day, no money, no client e-mail, nothing of the owner's.
    const html = await (await worker.fetch(lanPage)).text();
    // What the page shows (its data for React says the same).
    const page = decode(/<main[\s\S]*<\/main>/.exec(html)![0].replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
    expect(page).toContain("Lan's events");
    expect(page).toContain(`${first.invoiceNumber}`);
    expect(page).toContain("Trần Thị Mai");
    expect(page).toContain("Please accept or decline");
    expect(page).toContain("Paid hours this month: 0");
    for (const absent of ["$", "owed", "owing", "Paid in full"]) expect(page, absent).not.toContain(absent);
    for (const absent of [first.secret, `crew1${"Open Booth".length}@example.com`, "totalCents", "owingCents"]) expect(html, absent).not.toContain(absent);
    expect(html).not.toMatch(/href="[^"]*\/owner\b/i);
    expect(html).not.toContain("/invoice/");

    const accepted = await postForm(worker, lanPage, { intent: "answer", invoiceNumber: first.invoiceNumber, answer: "accepted" });
    expect(accepted.status).toBe(303);
    expect(await text(accepted.headers.get("location")!)).toContain(`You accepted ${first.invoiceNumber}.`);
    expect(await text(await ownerPage(first))).toContain("Lan: accepted");
    // The month's paid hours for payroll: the event's 3 hours and an hour either side, at Lan's rate.
    const month = first.eventDate.slice(0, 7);
    const hours = await worker.fetch(`/owner/crew-hours.csv?month=${month}&token=${await feedToken(testVars.OWNER_FEED_SECRET, "crew-hours")}`);
    expect(hours.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(parse(await hours.text(), { bom: true })).toEqual([
      ["Attendant", "Events", "Paid hours", "Hourly rate (AUD)", "Pay (AUD)"],
      ["Lan", first.invoiceNumber, "5.00", "35.50", "177.50"],
    ]);
    expect((await worker.fetch(`/owner/crew-hours.csv?month=${month}&token=${await feedToken(testVars.OWNER_FEED_SECRET, "export")}`)).status).toBe(404);

    // The owner's day sheet names who works each event.
    const sheet = new URL((await daySheetAddresses(testVars, [first.eventDate])).get(first.eventDate)!);
    expect(await text(sheet.pathname + sheet.search)).toContain("Attendants Lan (accepted)");
    // Not theirs to answer.
    expect((await postForm(worker, lanPage, { intent: "answer", invoiceNumber: enclosed.invoiceNumber, answer: "accepted" })).status).toBe(409);

    // Minh's link (the owner's home shows each attendant's page), then Lan's taken back alone and sent afresh.
    const minhPage = new RegExp(`href="(/crew/${minh}\\?sig=[0-9a-f]{64})"`).exec(await (await worker.fetch(await home())).text())![1]!;
    expect((await worker.fetch(minhPage)).status).toBe(200);
    expect((await postForm(worker, await home(), { intent: "fresh-link", id: lan })).status).toBe(303);
    const freshPage = await pageFromMail(lan, 2);
    expect((await worker.fetch(lanPage)).status).toBe(404);
    expect((await worker.fetch(freshPage)).status).toBe(200);
    expect((await worker.fetch(minhPage)).status).toBe(200);

    // Removed: off every coming event, which the answer names, and their link answers 404.
    const removed = await postForm(worker, await home(), { intent: "remove-attendant", id: lan });
    expect(new URL(removed.headers.get("location")!, testOrigin).searchParams.get("done")).toContain(`They are off ${first.invoiceNumber} on ${first.eventDate}`);
    expect(await text(await ownerPage(first))).toContain("No attendant yet.");
    expect((await worker.fetch(freshPage)).status).toBe(404);
  });

  it("the next two weeks' events with no attendant, and checks about to expire, are on the owner's home and in the morning e-mail", async () => {
    const today = melbourneToday();
    const soon = await bookThrough(worker, { ...validBooking, eventDate: addDays(today, 10), boothType: "Enclosed Booth", packageDuration: "3 Hours", email: "crew-soon@example.com" });
    const bao = await addAttendant("Bao", { "booth-enclosed-booth": "on", wwccExpires: addDays(today, 20) });
    const unstaffed = `${soon.invoiceNumber}, Enclosed Booth, no attendant`;
    expect(await text(await home())).toContain(unstaffed);
    expect(await text(await home())).toContain("Bao's Working with Children Check expires on");

    await worker.scheduled(new Date());
    let morning = "";
    await expect.poll(async () => (morning = (await outboxMailsOf(worker, `agenda:${today}`)).map((mail) => mail.text).join("\n")), { timeout: 20_000 }).toContain("with no attendant");
    expect(morning).toContain(`• ${formatDateInWords(soon.eventDate)}: ${unstaffed}`);
    expect(morning).toContain(`• Bao's Working with Children Check expires on ${formatDateInWords(addDays(today, 20))}.`);

    // Staffed, it is off the list; declined, it is back on it.
    expect((await assign(soon, bao)).status).toBe(303);
    expect(await text(await home())).not.toContain(unstaffed);
    const baoPage = await pageFromMail(bao, 1);
    expect((await postForm(worker, baoPage, { intent: "answer", invoiceNumber: soon.invoiceNumber, answer: "declined" })).status).toBe(303);
    expect(await text(await home())).toContain(`${soon.invoiceNumber}, Enclosed Booth, declined by Bao`);
    expect(await text(await ownerPage(soon))).toContain("Bao: DECLINED");
  });

  it("hear of every change to their event: a move decided again (one that now overlaps takes them off, and the owner is told), a decline", async () => {
    const quan = await addAttendant("Quan", { "booth-open-booth": "on", "booth-glam-booth": "on" });
    const [kept, clashing] = [await book(6, "Open Booth"), await book(8, "Glam Booth")];
    expect((await assign(kept, quan)).status).toBe(303);
    expect((await assign(clashing, quan)).status).toBe(303);
    const quanPage = await pageFromMail(quan, 2);
    const subjects = async () => (await outboxMailsOf(worker, attendantKey(quan))).map((mail) => `${mail.to.email}: ${mail.subject}`);
    const move = (booked: Booked, day: number) => postForm(worker, booked.page.replace("?", "/move?"), { newDate: eventDate("crew", day) });

    // Moved onto the day of Quan's other event: they come off it, both told.
    expect((await move(clashing, 6)).status).toBe(303);
    await expect.poll(subjects, { timeout: 20_000 }).toEqual(expect.arrayContaining([`quan@example.com: Your event ${clashing.invoiceNumber} is no longer yours – Bluestone Photo Booths`, `owner@example.com: Quan is off ${clashing.invoiceNumber}: assign someone else`]));
    expect(await text(await ownerPage(clashing))).toContain("No attendant yet.");

    // Accepted, then moved to a free day: still theirs, told, and their page shows the new date; an
    // answer was for the old date, so they are asked again and the owner no longer reads "accepted".
    const answer = () => postForm(worker, quanPage, { intent: "answer", invoiceNumber: kept.invoiceNumber, answer: "accepted" });
    expect((await answer()).status).toBe(303);
    expect(await text(await ownerPage(kept))).toContain("Quan: accepted");
    expect((await move(kept, 7)).status).toBe(303);
    await expect.poll(subjects, { timeout: 20_000 }).toContain(`quan@example.com: Your event ${kept.invoiceNumber} has changed – Bluestone Photo Booths`);
    expect(await text(quanPage)).toContain(formatDateInWords(eventDate("crew", 7)));
    expect(await text(quanPage)).toContain("Please accept or decline");
    expect(await text(await ownerPage(kept))).not.toContain("Quan: accepted");
    const movedMail = (await outboxMailsOf(worker, attendantKey(quan))).find((mail) => mail.subject.startsWith(`Your event ${kept.invoiceNumber} has changed`))!;
    expect(movedMail.text).toContain("accept or decline it again");
    // Their calendar feed, under the same link, has it on its new date, and nothing of the money or the client's e-mail.
    const feedPath = decode(/href="(\/crew\/[^"]+\/calendar\.ics\?sig=[0-9a-f]{64})"/.exec(await (await worker.fetch(quanPage)).text())![1]!);
    const feed = async () => {
      const response = await worker.fetch(feedPath);
      expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      const body = await response.text();
      for (const absent of ["$", "@example.com", kept.secret]) expect(body).not.toContain(absent);
      return new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    };
    const movedEvent = (await feed()).find((event) => event.summary.includes(kept.invoiceNumber))!;
    expect(movedEvent.startDate.toString()).toBe(eventDate("crew", 7));
    expect(movedEvent.component.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect((await answer()).status).toBe(303);

    // A start time given, then only the venue changed: news each time (each within the hour of the
    // one before, so each goes out when that hour ends: the crew book's alarm, run as of then).
    const changedMails = async () => (await subjects()).filter((subject) => subject.endsWith(`Your event ${kept.invoiceNumber} has changed – Bluestone Photo Booths`)).length;
    const hourEnds = async (hours: number) => (await worker.crew()).sendDueNews(new Date(Date.now() + (hours * 60 + 5) * 60_000).toISOString());
    const details = { startTime: "18:00", venueAddress: "12 Station Place, Werribee VIC 3030", contactName: "Mai", contactMobile: "0412 345 678" };
    expect((await postJson(worker, `/invoice/${kept.invoiceNumber}/details?key=${kept.secret}`, details)).status).toBe(200);
    await hourEnds(1);
    await expect.poll(changedMails, { timeout: 20_000 }).toBe(2);
    expect((await postJson(worker, `/invoice/${kept.invoiceNumber}/details?key=${kept.secret}`, { ...details, venueAddress: "1 Nicholson St, Footscray VIC 3011" })).status).toBe(200);
    await hourEnds(2);
    await expect.poll(changedMails, { timeout: 20_000 }).toBe(3);
    expect(await text(quanPage)).toContain("1 Nicholson St, Footscray VIC 3011");
    // A start time is a change of times (asked again); the venue alone keeps their answer.
    expect(await text(await ownerPage(kept))).not.toContain("Quan: accepted");
    expect((await answer()).status).toBe(303);
    expect((await postJson(worker, `/invoice/${kept.invoiceNumber}/details?key=${kept.secret}`, { ...details, venueAddress: "2 Nicholson St, Footscray VIC 3011" })).status).toBe(200);
    await hourEnds(3);
    await expect.poll(changedMails, { timeout: 20_000 }).toBe(4);
    expect(await text(await ownerPage(kept))).toContain("Quan: accepted");
    // Nothing new for them in details that change neither: no e-mail.
    expect((await postJson(worker, `/invoice/${kept.invoiceNumber}/details?key=${kept.secret}`, { ...details, venueAddress: "2 Nicholson St, Footscray VIC 3011", contactName: "Mai Trần" })).status).toBe(200);

    // Declined by the owner (it was a request): off their page, and told.
    expect((await postForm(worker, await ownerPage(kept), { intent: "decline" })).status).toBe(303);
    await expect.poll(subjects, { timeout: 20_000 }).toContain(`quan@example.com: Your event ${kept.invoiceNumber} is off – Bluestone Photo Booths`);
    expect(await changedMails()).toBe(4);
    expect(await text(quanPage)).toContain("No coming events yet.");
    // Off it, it leaves their feed: a subscribed calendar takes the event away.
    expect((await feed()).some((event) => event.summary.includes(kept.invoiceNumber))).toBe(false);
    expect((await worker.fetch(feedPath.replace(/sig=[0-9a-f]+/, `sig=${"0".repeat(64)}`))).status).toBe(404);
  });

  it("hear when the schedule lets their event go (nothing paid by its deposit's due date, or its first 48 hours ended unproved): told and released, the owner told; put back by a payment that had arrived, it comes back unstaffed", async () => {
    const vy = await addAttendant("Vy", { "booth-open-booth": "on", "booth-glam-booth": "on" });
    const unpaid = await book(9, "Open Booth");
    expect((await keepMyDate(worker, unpaid)).status).toBe(303);
    const unproved = await book(10, "Glam Booth");
    expect((await assign(unpaid, vy)).status).toBe(303);
    expect((await assign(unproved, vy)).status).toBe(303);
    const vyPage = await pageFromMail(vy, 2);
    const crew = await worker.crew();
    const onIt = async (booked: Booked) => (await crew.ofEvent(booked.invoiceNumber)).map((assignment) => assignment.attendantId);
    expect([await onIt(unpaid), await onIt(unproved)]).toEqual([[vy], [vy]]);
    const subjects = async () => (await outboxMailsOf(worker, attendantKey(vy))).map((mail) => `${mail.to.email}: ${mail.subject}`);
    const letGo = (booked: Booked) => [`vy@example.com: Your event ${booked.invoiceNumber} is off – Bluestone Photo Booths`, `owner@example.com: Vy is off ${booked.invoiceNumber}: the booking lapsed`];

    // Its first 48 hours ended with its address unproved: its ledger lets it go.
    const holdEnd = new Date(Date.parse((await currentRecord(worker, unproved)).receivedAt) + lifecycle.unprovedHoldHours * 3_600_000);
    expect((await (await worker.ledger()).endUnprovedHold(unproved.invoiceNumber, holdEnd.toISOString()))?.kind).toBe("changed");
    expect(await onIt(unproved)).toEqual([]);
    await expect.poll(subjects, { timeout: 20_000 }).toEqual(expect.arrayContaining(letGo(unproved)));

    // A bank payment received the day it lapsed puts it back, without Vy (who was told it is off): the owner staffs it again.
    const recorded = await (await worker.ledger()).recordBankPayment({ invoiceNumber: unproved.invoiceNumber, attempt: crypto.randomUUID(), amountCents: 10_000, receivedOn: melbourneToday(holdEnd), reference: "PayID", at: new Date(holdEnd.getTime() + 3_600_000).toISOString() });
    expect(recorded).toMatchObject({ status: "recorded", booking: { status: "requested" } });
    expect(await onIt(unproved)).toEqual([]);
    expect(await text(await ownerPage(unproved))).toContain("No attendant yet.");
    expect((await assign(unproved, vy)).status).toBe(303);

    // Nothing paid by its deposit's due date: the next morning's run lets it go.
    await indexed(worker, unpaid);
    const { depositDueOn } = amountsDue(billableOf(await currentRecord(worker, unpaid)));
    await worker.scheduled(melbourneInstant(addDays(depositDueOn, 1), "07:00"));
    expect((await currentRecord(worker, unpaid)).status).toBe("expired");
    expect(await onIt(unpaid)).toEqual([]);
    await expect.poll(subjects, { timeout: 20_000 }).toEqual(expect.arrayContaining(letGo(unpaid)));
    // The owner is told why, with their page of each booking.
    const ownerMails = (await outboxMailsOf(worker, attendantKey(vy))).filter((mail) => mail.subject.endsWith("the booking lapsed"));
    expect(ownerMails.find((mail) => mail.subject.includes(unproved.invoiceNumber))?.text).toContain("its first 48 hours ended with the client's e-mail address unproved");
    expect(ownerMails.find((mail) => mail.subject.includes(unpaid.invoiceNumber))?.text).toContain("nothing was paid by its deposit's due date");
    for (const mail of ownerMails) expect(mail.text).toContain("/owner/booking/");
    const page = await text(vyPage);
    expect(page).not.toContain(unpaid.invoiceNumber);
    expect(page).toContain(unproved.invoiceNumber);
    await expect.poll(async () => (await subjects()).length, { timeout: 20_000 }).toBe(7);
    expect((await subjects()).filter((subject) => subject.includes(" is off"))).toHaveLength(4);
  });

  it("see their event's print design under a link of their own to it, which stops with their link or once they are off the event", async () => {
    const kim = await addAttendant("Kim", { "booth-open-booth": "on" });
    const tam = await addAttendant("Tam", { "booth-open-booth": "on" });
    const [kims, tams] = [await book(11, "Open Booth"), await book(13, "Open Booth")];
    expect((await assign(kims, kim)).status).toBe(303);
    expect((await assign(tams, tam)).status).toBe(303);
    const image = pngFile(2048);
    await uploadProofThrough(worker, kims.invoiceNumber, image);
    await uploadProofThrough(worker, tams.invoiceNumber);
    const proofOn = async (page: string) => {
      const html = await (await worker.fetch(page)).text();
      return new RegExp(`<img src="(/crew/${kim}/proof/${kims.invoiceNumber}/1\\?sig=[0-9a-f]{64})" alt="Version 1 of ${kims.invoiceNumber}&#x27;s print design"`).exec(html)![1]!;
    };
    const kimPage = await pageFromMail(kim, 1);
    const proof = await proofOn(kimPage);
    const shown = await worker.fetch(proof);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(image.bytes);
    const sig = (path: string) => new URL(path, testOrigin).searchParams.get("sig")!;
    const status = async (path: string) => (await worker.fetch(path)).status;
    // Its own power, for this attendant and this booking only: not their page's signature, not another booking, not another attendant.
    expect(sig(proof)).not.toBe(sig(kimPage));
    expect(await status(proof.replace(sig(proof), sig(kimPage)))).toBe(404);
    expect(await status(proof.replace(kims.invoiceNumber, tams.invoiceNumber))).toBe(404);
    expect(await status(proof.replace(kim, tam))).toBe(404);
    expect(await status(`/crew/${kim}/proof/${kims.invoiceNumber}/1?key=${kims.secret}`)).toBe(404);

    // Their link taken back: the proof's goes with it; the fresh page has a fresh one.
    expect((await postForm(worker, await home(), { intent: "fresh-link", id: kim })).status).toBe(303);
    expect(await status(proof)).toBe(404);
    const freshPage = await pageFromMail(kim, 2);
    const fresh = await proofOn(freshPage);
    expect(await status(fresh)).toBe(200);
    // Declined: the client's design is not theirs to see; taken back, it is again.
    const answer = (to: string) => postForm(worker, freshPage, { intent: "answer", invoiceNumber: kims.invoiceNumber, answer: to });
    expect((await answer("declined")).status).toBe(303);
    expect(await status(fresh)).toBe(404);
    expect((await answer("accepted")).status).toBe(303);
    expect(await status(fresh)).toBe(200);
    // Off the event: nothing.
    expect((await postForm(worker, await ownerPage(kims), { intent: "unassign", attendant: kim })).status).toBe(303);
    expect(await status(fresh)).toBe(404);
  });

  it("answer under the crew's rules: no accept that overlaps another event of theirs or takes back an event someone else now works, none once it started; the owner told of each", async () => {
    const phuc = await addAttendant("Phúc", { "booth-open-booth": "on", "booth-glam-booth": "on", email: "phuc@example.com" });
    const son = await addAttendant("Sơn", { "booth-open-booth": "on", email: "son@example.com" });
    const [open, glam, later] = [await book(15, "Open Booth", { fullName: "Đặng Văn Lâm", phoneNumber: "0412 777 888" }), await book(15, "Glam Booth"), await book(17, "Open Booth")];
    expect((await assign(open, phuc)).status).toBe(303);
    const phucPage = await pageFromMail(phuc, 1);
    const answer = (booked: Booked, to: "accepted" | "declined") => postForm(worker, phucPage, { intent: "answer", invoiceNumber: booked.invoiceNumber, answer: to });
    const ownerSubjects = async () => (await outboxMailsOf(worker, attendantKey(phuc))).filter((mail) => mail.to.email === "owner@example.com").map((mail) => mail.subject);

    // Declined, the owner told; then the other event of that day is theirs, and the first cannot be taken back on top of it.
    expect(await text(phucPage)).toContain("Đặng Văn Lâm");
    expect((await answer(open, "declined")).status).toBe(303);
    // Declined, the event stays on their page (to take it back while nobody else works it), without its client.
    const declinedView = await (await worker.fetch(phucPage)).text();
    expect(declinedView).toContain(open.invoiceNumber);
    for (const absent of ["Đặng Văn Lâm", "0412 777 888", "0412777888"]) expect(declinedView, absent).not.toContain(absent);
    await expect.poll(ownerSubjects, { timeout: 20_000 }).toEqual([`Phúc declined ${open.invoiceNumber}`]);
    const ownerMail = (await outboxMailsOf(worker, attendantKey(phuc))).find((mail) => mail.to.email === "owner@example.com")!;
    expect(ownerMail.text).toContain("/owner/booking/");
    expect((await assign(glam, phuc)).status).toBe(303);
    const overlapping = await answer(open, "accepted");
    expect(overlapping.status).toBe(409);
    expect(decode(await overlapping.text())).toContain(`Phúc is already on ${glam.invoiceNumber} that day`);
    expect(await text(await ownerPage(open))).toContain("Phúc: DECLINED");

    // Declined, then someone else put on it: not theirs to take back.
    expect((await assign(later, phuc)).status).toBe(303);
    expect((await answer(later, "declined")).status).toBe(303);
    expect((await assign(later, son)).status).toBe(303);
    const replaced = await answer(later, "accepted");
    expect(replaced.status).toBe(409);
    expect(decode(await replaced.text())).toContain("Someone else works this event now");
    expect((await answer(glam, "accepted")).status).toBe(303);
    await expect.poll(ownerSubjects, { timeout: 20_000 }).toEqual(expect.arrayContaining([`Phúc declined ${later.invoiceNumber}`, `Phúc accepted ${glam.invoiceNumber}`]));

    // Once the event has started (Melbourne time; the whole day without a start time), no answer: as the book decides it.
    const crew = await worker.crew();
    const rules = { id: phuc, name: "Phúc", booths: ["Open Booth", "Glam Booth"] as const, wwccExpires: "2099-12-31" };
    const event = { invoiceNumber: glam.invoiceNumber, eventDate: glam.eventDate, start: null, hours: 3, booth: "Glam Booth" as const };
    const started = melbourneInstant(glam.eventDate, "00:01").toISOString();
    expect(await crew.answer({ ...rules, booths: [...rules.booths] }, event, "declined", started)).toEqual({ ok: false, reason: expect.stringContaining("has started") });
    expect((await crew.ofEvent(glam.invoiceNumber)).find((assignment) => assignment.attendantId === phuc)?.status).toBe("accepted");
    expect(await crew.answer({ ...rules, booths: [...rules.booths] }, event, "declined", melbourneInstant(addDays(glam.eventDate, -1), "23:59").toISOString())).toMatchObject({ ok: true, assignment: { status: "declined" } });
  });

  it("subscribe to a calendar feed of its own address, which reads only: it opens no page, links nothing that acts, and is taken back with their link or alone", async () => {
    const thao = await addAttendant("Thảo", { "booth-open-booth": "on", email: "thao@example.com" });
    const booked = await book(19, "Open Booth");
    expect((await assign(booked, thao)).status).toBe(303);
    const thaoPage = await pageFromMail(thao, 1);
    const feedOn = async (page: string) => decode(/href="(\/crew\/[^"]+\/calendar\.ics\?sig=[0-9a-f]{64})"/.exec(await (await worker.fetch(page)).text())![1]!);
    const feedPath = await feedOn(thaoPage);
    const sig = (path: string) => new URL(path, testOrigin).searchParams.get("sig")!;
    const status = async (path: string) => (await worker.fetch(path)).status;
    expect(sig(feedPath)).not.toBe(sig(thaoPage));
    const body = await (await worker.fetch(feedPath)).text();
    expect(body).toContain(booked.invoiceNumber);
    // Nothing in it opens their page: no signature, no link of theirs.
    for (const absent of [sig(thaoPage), "sig=", "/crew/"]) expect(body, absent).not.toContain(absent);
    // The feed's address opens no page and answers nothing; the page's signature opens no feed.
    expect(await status(feedPath.replace("/calendar.ics", ""))).toBe(404);
    expect((await postForm(worker, feedPath.replace("/calendar.ics", ""), { intent: "answer", invoiceNumber: booked.invoiceNumber, answer: "declined" })).status).toBe(404);
    expect(await status(thaoPage.replace("?", "/calendar.ics?"))).toBe(404);

    // Taken back alone from the owner's home: the page keeps working and shows the new address.
    const tookBack = await postForm(worker, await home(), { intent: "fresh-feed", id: thao });
    expect(new URL(tookBack.headers.get("location")!, testOrigin).searchParams.get("done")).toContain("Took back Thảo's calendar address");
    expect(await status(feedPath)).toBe(404);
    expect(await status(thaoPage)).toBe(200);
    const newFeed = await feedOn(thaoPage);
    expect(await status(newFeed)).toBe(200);
    // Taken back with their link.
    expect((await postForm(worker, await home(), { intent: "fresh-link", id: thao })).status).toBe(303);
    expect(await status(newFeed)).toBe(404);
    expect(await status(await feedOn(await pageFromMail(thao, 2)))).toBe(200);
  });

  it("hear of a run of changes once: the first at once, the rest of the hour together when it ends", async () => {
    const hieu = await addAttendant("Hiếu", { "booth-open-booth": "on", email: "hieu@example.com" });
    const booked = await book(21, "Open Booth");
    expect((await assign(booked, hieu)).status).toBe(303);
    const hieuPage = await pageFromMail(hieu, 1);
    // What the site queued for them, read from their record as each answer returns (the queue delivers later).
    const queued = async () => Object.keys((await (await worker.kv()).get<{ emailDelivery: Record<string, unknown> }>(attendantKey(hieu), "json"))!.emailDelivery).filter((name) => name.startsWith(`changed-${booked.invoiceNumber}`));
    const details = { startTime: "18:00", venueAddress: "12 Station Place, Werribee VIC 3030", contactName: "Mai", contactMobile: "0412 345 678" };
    const save = async (venueAddress: string, startTime = "18:00") => expect((await postJson(worker, `/invoice/${booked.invoiceNumber}/details?key=${booked.secret}`, { ...details, venueAddress, startTime })).status).toBe(200);

    await save("12 Station Place, Werribee VIC 3030");
    expect(await queued()).toHaveLength(1);
    expect((await postForm(worker, hieuPage, { intent: "answer", invoiceNumber: booked.invoiceNumber, answer: "accepted" })).status).toBe(303);
    // The venue toggled, then the start time changed (their answer reset): no e-mail each time.
    for (const venue of ["1 Nicholson St, Footscray VIC 3011", "12 Station Place, Werribee VIC 3030", "1 Nicholson St, Footscray VIC 3011"]) await save(venue);
    await save("1 Nicholson St, Footscray VIC 3011", "19:00");
    expect(await queued()).toHaveLength(1);
    // When the hour ends (the crew book's alarm, run as of then): one e-mail with the event as it is then.
    const crew = await worker.crew();
    await crew.sendDueNews(new Date(Date.now() + 30 * 60_000).toISOString());
    expect(await queued()).toHaveLength(1);
    await crew.sendDueNews(new Date(Date.now() + 61 * 60_000).toISOString());
    expect(await queued()).toHaveLength(2);
    await crew.sendDueNews(new Date(Date.now() + 125 * 60_000).toISOString());
    expect(await queued()).toHaveLength(2);
    let mails: Awaited<ReturnType<typeof outboxMailsOf>> = [];
    await expect.poll(async () => (mails = (await outboxMailsOf(worker, attendantKey(hieu))).filter((mail) => mail.subject.startsWith(`Your event ${booked.invoiceNumber} has changed`))).length, { timeout: 20_000 }).toBe(2);
    const last = mails.sort((a, b) => a.messageId.localeCompare(b.messageId)).find((mail) => mail.text.includes("from 19:00"))!;
    expect(last.text).toContain("accept or decline it again");
  });

  it("lose their link when their e-mail address changes: the new one goes to the new address only", async () => {
    const ngoc = await addAttendant("Ngọc", { "booth-open-booth": "on", email: "ngoc@example.com" });
    expect((await postForm(worker, await home(), { intent: "fresh-link", id: ngoc })).status).toBe(303);
    const first = await pageFromMail(ngoc, 1);
    const edit = { intent: "attendant", id: ngoc, name: "Ngọc", phone: "0412 000 111", rate: "35.50", wwccNumber: "WWC1234567E", wwccExpires: "2099-12-31", "booth-open-booth": "on" };
    // Other details changed: the link stays.
    expect((await postForm(worker, await home(), { ...edit, email: "ngoc@example.com", phone: "0412 000 999" })).status).toBe(303);
    expect((await worker.fetch(first)).status).toBe(200);
    const changed = await postForm(worker, await home(), { ...edit, email: "ngoc.moi@example.com" });
    expect(new URL(changed.headers.get("location")!, testOrigin).searchParams.get("done")).toContain("new address");
    expect((await worker.fetch(first)).status).toBe(404);
    const fresh = await pageFromMail(ngoc, 2);
    expect((await worker.fetch(fresh)).status).toBe(200);
    const to = (await outboxMailsOf(worker, attendantKey(ngoc))).map((mail) => mail.to.email).sort();
    expect(to).toEqual(["ngoc.moi@example.com", "ngoc@example.com"]);
  });

  it("refuses an attendant with no booth ticked, beside the form", async () => {
    const refused = await postForm(worker, await home(), { intent: "attendant", name: "An", phone: "0412 000 111", email: "an@example.com", rate: "30", wwccNumber: "WWC1", wwccExpires: "2099-01-01" });
    expect(refused.status).toBe(400);
    expect(decode(await refused.text())).toContain("Tick at least one booth they can run.");
  });
});
