/**
 * Every document the site sends, read by its reference reader: pages and HTML e-mails by the W3C
 * Nu checker, stylesheets by its CSS checker, JSON-LD by JSON.parse and Google's property lists,
 * social cards and JSON-LD found by a browser's HTML parser (Chromium), invoice PDFs by qpdf and
 * pdftotext. Each kind is one table: a new page, e-mail or file is one line.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import ICAL from "ical.js";
import { createEvent } from "ics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { bookingSchema, contactSchema } from "~/input/public-forms";
import { quoteSchema } from "~/input/quote-forms";
import { postPath } from "~/content/blog-post";
import { blogPosts } from "~/content/blog-posts.server";
import { amountsDue, type Payment } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { ownerActionLinks, ownerLinkPath } from "~/bookings/record/owner-links.server";
import { ownerToken } from "~/agenda/tokens.server";
import { billingDocuments } from "~/bookings/invoice/billing-documents";
import { formatCents } from "~/bookings/record/amounts";
import { renderDocumentPdf } from "~/bookings/invoice/document-pdf.server";
import { cancellationOf } from "~/bookings/record/cancellation";
import { cancelledMails, movedMails, owedBackMail, refundMail } from "~/bookings/mails/change-mails.server";
import { acceptanceMails, detailsMail } from "~/bookings/mails/client-mails.server";
import { extrasChangedMails } from "~/bookings/mails/extras-mails.server";
import { bookingMails, paymentMails, receiptWithdrawnMail, restoredMail, statusMails } from "~/bookings/mails/mails.server";
import { photosMail } from "~/bookings/mails/photos-mails.server";
import { proofAnswerMail, proofReadyMail } from "~/bookings/mails/proof-mails.server";
import type { ProofVersion } from "~/bookings/record/proofs";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { priceBooking } from "~/prices/booking-price";
import { noExtras } from "~/prices/extras";
import { contactMails } from "~/requests/mails.server";
import { quoteMails } from "~/quotes/mails.server";
import { ownerQuoteUrl, unsubscribeUrl } from "~/quotes/addresses.server";
import { feedEvents, ownerCalendar } from "~/agenda/feed.server";
import { morningContents, morningMail } from "~/agenda/morning.server";
import type { ReminderKind } from "~/reminders/due";
import { reminderMails } from "~/reminders/mails.server";
import { travelTo } from "~/travel/travel.server";
import type { Mail } from "~/mail/message";
import { media } from "~/media";
import { chromiumArgs, findChromium } from "../../scripts/find-chromium.mjs";
import { eventDate } from "../support/event-dates";
import { validBooking, validContact, validQuote } from "../support/form-data";
import { sampleQuote } from "../support/sample-quote";
import { daySheetAddresses, firstGenerations } from "../support/links";
import { pdfText } from "../support/pdf-text";
import { routeTitles } from "../support/routes";
import { bookThrough, termsShown, type Booked } from "../integration/booking";
import { postForm, postJson } from "../integration/forms-support";
import { ownerProofPath, pngFile, postProof, uploadProofThrough } from "../integration/proofs-support";
import { startWorker, testOrigin, testVars, type TestWorker } from "../integration/worker";
import { nuErrors } from "./nu-checker";
import { structuredDataProblems } from "./structured-data";

let worker: TestWorker;

/** What a browser without JavaScript posts: every field as text, the spam trap empty. */
const browserPost = (pathname: string, fields: Record<string, string | number>) => postForm(worker, pathname, { ...fields, website: "" });

/** Books on a date of this suite's own and returns the booking and its page's address. */
const book = (fullName: string, day: number, boothType: string) => bookThrough(worker, { ...validBooking, fullName, boothType, eventDate: eventDate("conformance", day) });

/** Books, then opens the client's invoice page (with `query` added, e.g. a checkout return). */
async function invoicePage(fullName: string, day: number, boothType: string, query = "") {
  return worker.fetch((await book(fullName, day, boothType)).page + query);
}

/** "Send me my booking link" posted without JavaScript, and the page its answer sends the browser back to. */
async function lostLinkAnswer(email: string) {
  const answer = await browserPost("/invoice/PB-20290101-123/link", { email });
  return worker.fetch(answer.headers.get("location")!);
}

/** The owner's numbers, with this suite's bookings made this month among them. */
async function ownerNumbersPage() {
  await bookThrough(worker, { ...validBooking, fullName: "Numbers Page", boothType: "Glam Booth", eventDate: eventDate("numbers", 20) });
  const token = await ownerToken({ config: { OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET }, generations: firstGenerations }, "numbers");
  return worker.fetch(`/owner/numbers?token=${token}`);
}

/** Asks for a quote without JavaScript: the thank-you page's address and the quote page's. */
async function askQuote(fields: Record<string, string>) {
  const answer = await browserPost("/quickquote", { ...validQuote, eventLocation: "Werribee", ...fields });
  if (answer.status !== 303) throw new Error(`The quote form answered ${answer.status}`);
  const thankYou = answer.headers.get("location")!;
  const url = new URL(thankYou, testOrigin);
  const id = url.searchParams.get("quote")!;
  return { thankYou, id, page: `/quote/${id}?key=${url.searchParams.get("key")}` };
}

const quoteKeys = { config: { SITE_ORIGIN: testOrigin, OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET }, generations: firstGenerations };

/** A quote's page: open and free, its date taken by a booking, booked from the page, or one the site could not price. */
async function quotePage(state: "open" | "taken" | "booked" | "unpriced", day: number) {
  const eventDate_ = eventDate("quotes", day);
  if (state === "taken") await bookThrough(worker, { ...validBooking, eventDate: eventDate_, boothType: "Glam Booth" });
  const fields = { fullName: "Nguyễn Thị Hương", eventDate: eventDate_, service: "Glam Booth", "addOn-audio-guest-book": "on", ...(state === "unpriced" ? { packageDuration: "7hrs+" } : {}) };
  const { page } = await askQuote(fields);
  if (state === "booked" && (await browserPost(page, { intent: "book" })).status !== 303) throw new Error("The quote was not booked");
  return worker.fetch(page);
}

/** The owner's read-only view of a quote, from the link in the owner's copy. */
async function ownerQuotePage(day: number) {
  const { id } = await askQuote({ fullName: "Ελένη <b>Νικολάου</b>", eventDate: eventDate("quotes", day), promoCode: "NOSUCHCODE" });
  const url = new URL((await ownerQuoteUrl(quoteKeys, id))!);
  return worker.fetch(url.pathname + url.search);
}

/** The unsubscribe page a follow-up links, before and after its button. */
async function unsubscribePage(day: number, pressed: boolean) {
  const { id } = await askQuote({ eventDate: eventDate("quotes", day), email: `unsubscribe${day}@example.com` });
  const url = new URL((await unsubscribeUrl(quoteKeys, id))!);
  return pressed ? browserPost(url.pathname + url.search, { "List-Unsubscribe": "One-Click" }) : worker.fetch(url.pathname + url.search);
}

/** Books, then opens the owner's signed Confirm link. */
async function ownerLinkPage(day: number) {
  const { invoiceNumber } = await book("Owner Link", day, "Glam Booth");
  const [confirm] = await ownerActionLinks({ config: { SITE_ORIGIN: testOrigin, OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET }, generations: firstGenerations }, invoiceNumber, ["confirm"]);
  const url = new URL(confirm!.url);
  return worker.fetch(url.pathname + url.search);
}

/** The owner's page of a booking with a bank payment and a note for the day recorded from it; or, `refused`, the page answering a mistyped amount. */
async function ownerBookingPage(day: number, refused = false) {
  const { invoiceNumber } = await bookThrough(worker, { ...validBooking, fullName: "Trần Thị <b>Mai</b>", boothType: "Open Booth", eventDate: eventDate("ownerPage", day) });
  const page = await ownerLinkPath({ config: { OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET }, generations: firstGenerations }, invoiceNumber, "booking");
  if (refused) return browserPost(page!, { intent: "bank", attempt: crypto.randomUUID(), amount: "a lot", receivedOn: "2026-11-26" });
  // Each form must have been taken, so the page checked carries the payment and the note.
  const forms: Record<string, string>[] = [{ intent: "bank", attempt: crypto.randomUUID(), amount: "100.00", receivedOn: melbourneToday(), reference: "Mai & Co" }, { intent: "day-note", note: "Gate code 4321 <not a tag>" }];
  for (const fields of forms) {
    const answer = await browserPost(page!, fields);
    if (answer.status !== 303) throw new Error(`The owner's page did not take its ${fields.intent} form: ${answer.status}`);
  }
  return worker.fetch(page!);
}

/** The owner's home, searching for a name. */
async function ownerHomePage() {
  await bookThrough(worker, { ...validBooking, fullName: "Ελένη Νικολάου", boothType: "Enclosed Booth", eventDate: eventDate("ownerPage", 14) });
  const token = await ownerToken({ config: { OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET }, generations: firstGenerations }, "home");
  return worker.fetch(`/owner?token=${token}&q=${encodeURIComponent("ελένη")}`);
}

/** An attendant's page with one event on it and its print design shown: the attendant added on the owner's home, assigned from the booking's owner's page, without JavaScript. */
async function attendantPage() {
  const home = `/owner?token=${await ownerToken({ config: { OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET }, generations: firstGenerations }, "home")}`;
  const added = await browserPost(home, { intent: "attendant", name: "Lan <b>Nguyễn</b>", phone: "0412 000 111", email: "lan@example.com", rate: "35", wwccNumber: "WWC1234567E", wwccExpires: "2099-12-31", "booth-open-booth": "on" });
  if (added.status !== 303) throw new Error(`The owner's home did not add the attendant: ${added.status}`);
  const link = /href="(\/crew\/A-[^"]+)"/.exec(await (await worker.fetch(home)).text())![1]!.replaceAll("&amp;", "&");
  const { invoiceNumber } = await bookThrough(worker, { ...validBooking, fullName: "Trần Thị <b>Mai</b>", boothType: "Open Booth", eventDate: eventDate("crew", 12) });
  const page = await ownerLinkPath({ config: { OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET }, generations: firstGenerations }, invoiceNumber, "booking");
  const assigned = await browserPost(page!, { intent: "assign", attendant: /\/crew\/(A-[^?]+)/.exec(link)![1]! });
  if (assigned.status !== 303) throw new Error(`The owner's page did not assign the attendant: ${assigned.status}`);
  await uploadProofThrough(worker, invoiceNumber, pngFile(), "Gold <b>foil</b>");
  const response = await worker.fetch(link);
  const html = await response.clone().text();
  if (!html.includes(`/proof/${invoiceNumber}/1?sig=`)) throw new Error("The attendant's page does not show the print design");
  return response;
}

/** Books, and has the owner upload a proof through the signed proof page. */
async function bookedWithProof(day: number) {
  const booked = await book("Proof Page", day, "Open Booth");
  await uploadProofThrough(worker, booked.invoiceNumber, pngFile(), "Gold <b>foil</b> & silver");
  return booked;
}

/** The owner's proof page refusing a web page named proof.png, the note kept. */
async function refusedProofPage(day: number) {
  const { invoiceNumber } = await book("Refused Proof", day, "Open Booth");
  const disguised = { bytes: new TextEncoder().encode("<!doctype html><title>x</title>"), name: "proof.png", type: "image/png" };
  return postProof(worker, await ownerProofPath(invoiceNumber), disguised, "Gold <b>foil</b>");
}

/** Books, then reads the booking's calendar file from the address its invoice page links to. */
async function eventFile(day: number) {
  const html = await (await invoicePage("Calendar Entry", day, "Enclosed Booth")).text();
  const icsPath = html.match(/href="(\/invoice\/[^"]+\/event\.ics\?key=[^"]+)"/)![1]!.replaceAll("&amp;", "&");
  return (await worker.fetch(icsPath)).text();
}

const eventDetails = {
  startTime: "18:30",
  venueAddress: "12 Station Place, Werribee VIC 3030",
  contactName: "Ελένη Γεωργίου",
  contactMobile: "0412 345 678",
  accessNotes: "Loading dock at the rear.",
  printLine1: "Lan & Minh",
  printLine2: "",
};

/**
 * Books, then takes the booking page through the client's steps without JavaScript (accepting the
 * terms, then giving the details) as far as `step` asks, and opens it again.
 */
async function bookingPageAfter(step: "accepted" | "details", fullName: string, day: number, eventDay = eventDate("conformance", day)) {
  const { page: pagePath } = await bookThrough(worker, { ...validBooking, fullName, boothType: "Open Booth", eventDate: eventDay });
  await browserPost(pagePath, { intent: "accept", accept: "on", signature: fullName, termsSha256: await termsShown(worker, { page: pagePath }) });
  if (step === "details") await browserPost(pagePath, { intent: "details", ...eventDetails });
  return worker.fetch(pagePath);
}

/** A booking with its details given, then the owner's day sheet of its date. */
async function daySheetPage(day: number) {
  await bookingPageAfter("details", "Day Sheet", day);
  const date = eventDate("conformance", day);
  const sheet = new URL((await daySheetAddresses(testVars, [date])).get(date)!);
  return worker.fetch(sheet.pathname + sheet.search);
}

/** The booking's own page for a change of plans. */
function changePage({ invoiceNumber, secret }: Booked, page: "move" | "cancel") {
  return `/invoice/${invoiceNumber}/${page}?key=${secret}`;
}

/** Books, cancels from the cancel page without JavaScript, and opens the booking page again. */
async function cancelledBookingPage(day: number) {
  const booked = await book("Cancelled Page", day, "Enclosed Booth");
  await browserPost(changePage(booked, "cancel"), {});
  return worker.fetch(booked.page);
}

/** The move page after a day of its calendar was pressed without JavaScript: the day filled in, its price difference and due dates beside the button. */
async function movePageWithDay() {
  const date = eventDate("bookingOnAPhone", 22);
  const booked = await bookThrough(worker, { ...validBooking, fullName: "Move Day", boothType: "Glam Booth", eventDate: date });
  return browserPost(`${changePage(booked, "move")}&month=${date.slice(0, 7)}&date=${addDays(date, 1)}`, { newDate: "", intent: "price" });
}

/** A booking page whose details form was refused: the messages beside the fields, what was typed kept. */
async function refusedDetailsPage(day: number) {
  const { page: pagePath } = await book("Refused Details", day, "Open Booth");
  return browserPost(pagePath, { intent: "details", ...eventDetails, startTime: "25:00", contactMobile: "12" });
}

/**
 * The booking page after a change of add-ons without JavaScript: made (the page again), or refused
 * for the Floral backdrop another booking holds (the choices kept beside the form).
 */
async function addOnsChangedPage(day: number, backdrop: "Floral" | "Black") {
  await bookThrough(worker, { ...validBooking, fullName: "Floral Holder", boothType: "Glam Booth", eventDate: eventDate("conformance", day), backdrop: "Floral" });
  const { page: pagePath } = await book("Add-on Change", day, "Open Booth");
  const answer = await browserPost(pagePath, { intent: "extras", "addOn-usb": "on", extraHours: "1", backdrop });
  return answer.status === 303 ? worker.fetch(pagePath) : answer;
}

const calendarMonth = eventDate("conformance", 1).slice(0, 7);

/** A booking's extras as the booking form sends them. */
const withExtras = { "addOn-guest-book": "on", "addOn-online-gallery": "on", extraHours: "1", backdrop: "Graduation" };

interface PageCase {
  name: string;
  status: number;
  /** Public pages carry a social card. */
  card: boolean;
  response: () => Promise<Response>;
}

const page = (pathname: string): PageCase => ({ name: pathname, status: 200, card: true, response: () => worker.fetch(pathname) });

const pages: PageCase[] = [
  ...Object.keys(routeTitles).map(page),
  page(postPath(blogPosts[0]!.slug)),
  { name: "the 404 page", status: 404, card: false, response: () => worker.fetch("/no-such-page") },
  { name: "/quickquote with an error, no JavaScript", status: 400, card: true, response: () => browserPost("/quickquote", { ...validQuote, eventLocation: " " }) },
  { name: "/booking with an error, no JavaScript", status: 400, card: true, response: () => browserPost("/booking", { ...validBooking, fullName: " " }) },
  {
    name: "/booking with an error and add-ons, extra hours, a backdrop and a code chosen, no JavaScript",
    status: 400,
    card: true,
    response: () => browserPost("/booking", { ...validBooking, fullName: " ", "addOn-audio-guest-book": "on", "addOn-usb": "on", extraHours: "2", backdrop: "Floral", promoCode: "WINTER10" }),
  },
  {
    name: "an invoice page with add-ons and the weekday's rule",
    status: 200,
    card: false,
    response: async () => worker.fetch((await bookThrough(worker, { ...validBooking, ...withExtras, fullName: "Add-on Page", boothType: "Glam Booth", eventDate: eventDate("conformance", 5) })).page),
  },
  { name: "/contact with an error, no JavaScript", status: 400, card: true, response: () => browserPost("/contact", { ...validContact, email: "not-an-address" }) },
  { name: "an invoice page", status: 200, card: false, response: () => invoicePage("Zoë Šimić-O’Brien", 20, "Open Booth") },
  { name: "an invoice page back from a cancelled card checkout", status: 200, card: false, response: () => invoicePage("Card Return", 19, "Glam Booth", "&checkout=cancelled") },
  page(`/booking?month=${calendarMonth}&booth=glam-booth`),
  page(`/quickquote?month=${calendarMonth}`),
  {
    name: "/booking's calendar with an add-on already booked",
    status: 200,
    card: true,
    response: async () => {
      await bookThrough(worker, { ...validBooking, "addOn-audio-guest-book": true, boothType: "Enclosed Booth", eventDate: eventDate("conformance", 24) });
      return worker.fetch(`/booking?month=${calendarMonth}&booth=open-booth`);
    },
  },
  page(`/?date=${eventDate("conformance", 20)}`),
  { name: "an owner's Confirm link", status: 200, card: false, response: () => ownerLinkPage(18) },
  // First, so the owner's pages after it have an attendant to offer, change and assign.
  { name: "an attendant's page with an event to accept and its print design", status: 200, card: false, response: () => attendantPage() },
  { name: "the owner's page of a booking with a bank payment and a day note", status: 200, card: false, response: () => ownerBookingPage(10) },
  { name: "the owner's page of a booking refusing a mistyped amount, no JavaScript", status: 400, card: false, response: () => ownerBookingPage(11, true) },
  { name: "the owner's home with a search", status: 200, card: false, response: () => ownerHomePage() },
  { name: "the owner's numbers", status: 200, card: false, response: () => ownerNumbersPage() },
  { name: "the thank-you page with the quote's link", status: 200, card: false, response: async () => worker.fetch((await askQuote({ eventDate: eventDate("quotes", 1) })).thankYou) },
  { name: "a quote's page, its date free", status: 200, card: false, response: () => quotePage("open", 2) },
  { name: "a quote's page, its date taken", status: 200, card: false, response: () => quotePage("taken", 3) },
  { name: "a quote's page once booked", status: 200, card: false, response: () => quotePage("booked", 4) },
  { name: "a quote's page the site could not price", status: 200, card: false, response: () => quotePage("unpriced", 5) },
  { name: "the owner's view of a quote", status: 200, card: false, response: () => ownerQuotePage(6) },
  { name: "the unsubscribe page", status: 200, card: false, response: () => unsubscribePage(7, false) },
  { name: "the unsubscribe page once pressed, no JavaScript", status: 200, card: false, response: () => unsubscribePage(8, true) },
  { name: "a booking page with the terms accepted", status: 200, card: false, response: () => bookingPageAfter("accepted", "Σοφία Παπαδοπούλου", 16) },
  { name: "a booking page with the event's details given", status: 200, card: false, response: () => bookingPageAfter("details", "Nguyễn Văn An", 15) },
  { name: "a booking page whose details form was refused", status: 400, card: false, response: () => refusedDetailsPage(14) },
  { name: "the owner's proof page with a version uploaded", status: 200, card: false, response: async () => worker.fetch(await ownerProofPath((await bookedWithProof(24)).invoiceNumber)) },
  { name: "the owner's proof page refusing a file, no JavaScript", status: 400, card: false, response: () => refusedProofPage(25) },
  { name: "a booking page with a proof to approve", status: 200, card: false, response: async () => worker.fetch((await bookedWithProof(26)).page) },
  { name: "a booking's Change the date page", status: 200, card: false, response: async () => worker.fetch(changePage(await book("Move Page", 12, "Open Booth"), "move")) },
  { name: "a booking's Change the date page with a day chosen from its calendar, no JavaScript", status: 200, card: false, response: () => movePageWithDay() },
  { name: "a booking's Cancel page", status: 200, card: false, response: async () => worker.fetch(changePage(await book("Cancel Page", 11, "Open Booth"), "cancel")) },
  { name: "a booking page after its add-ons changed, no JavaScript", status: 200, card: false, response: () => addOnsChangedPage(27, "Black") },
  { name: "a booking page refusing an add-on another booking holds, no JavaScript", status: 409, card: false, response: () => addOnsChangedPage(28, "Floral") },
  { name: "a cancelled booking's page", status: 200, card: false, response: () => cancelledBookingPage(10) },
  { name: "the owner's day sheet", status: 200, card: false, response: () => daySheetPage(9) },
  { name: "a booking page opened without its key", status: 404, card: false, response: () => worker.fetch("/invoice/PB-20290101-123?key=not-the-key") },
  { name: "a booking page opened without its key, its link asked for, no JavaScript", status: 404, card: false, response: () => lostLinkAnswer("someone@example.com") },
  { name: "a booking page opened without its key, a malformed address typed, no JavaScript", status: 404, card: false, response: () => lostLinkAnswer("not an address") },
  {
    name: "a booking page read-only a few days before the event",
    status: 200,
    card: false,
    response: () => bookingPageAfter("details", "王小明", 0, addDays(melbourneToday(), 3)),
  },
];

const parties = { ownerEmail: "owner@example.com" };
// Typed text with markup in it, which every e-mail must escape.
const typed = { fullName: 'Jo <b>"Bold"</b> & Co', message: "<script>alert(1)</script>\nSecond line" };
const today = "2026-01-01";
const quoteLinks = { page: "https://photobooths.test/quote/Q-TESTQ234?key=quote-key&proof=p", ownerView: "https://photobooths.test/owner/quote/Q-TESTQ234?sig=s" };
const quoteAsked = quoteSchema(today).parse({ ...validQuote, ...typed });
const sampleQuoteRecord = sampleQuote(quoteAsked, { today });
const unpricedQuote = sampleQuote({ ...quoteAsked, eventLocation: "Somewhere nobody lives", addOns: ["audio-guest-book", "guest-book"] }, { today });
const sampleContact = contactSchema.parse({ ...validContact, name: typed.fullName, message: typed.message });
const { price: _browserPrice, invoiceNumber: _browserNumber, ...bookingDetails } = bookingSchema(today).parse({ ...validBooking, ...typed });
const sampleBooking: BookingRecord = {
  kind: "booking",
  ...bookingDetails,
  invoiceNumber: "PB-20290101-123",
  price: 580,
  currency: "AUD",
  receivedAt: "2029-01-01T00:00:00.000Z",
  issuedOn: "2029-01-01",
  invoiceSecret: "secret",
  invoicePdf: "PB-20290101-123.pdf",
  status: "requested",
  history: [{ status: "requested", at: "2029-01-01T00:00:00.000Z", by: "client" }],
  holdId: "hold",
  travel: travelTo("Geelong"),
  travelFee: 12,
  totalCents: 59_200,
  emailDelivery: {},
};
const samplePayment: Payment = { sessionId: "cs_test_1", kind: "deposit", amountCents: 17_800, currency: "AUD", paidAt: "2029-01-02T00:00:00.000Z" };
const paidBooking: BookingRecord = { ...sampleBooking, payments: [samplePayment] };
const invoiceUrl = "https://photobooths.test/invoice/PB-20290101-123?key=secret";
const links = {
  invoice: invoiceUrl,
  calendar: "https://photobooths.test/invoice/PB-20290101-123/event.ics?key=secret",
  ownerActions: [{ label: "Confirm booking PB-20290101-123", url: "https://photobooths.test/owner/PB-20290101-123/confirm?sig=x" }],
};
const statusChanges = ["confirmed", "declined", "expired"] as const;
const extrasBooking: BookingRecord = {
  ...sampleBooking,
  extras: { extraHours: 2, addOns: ["audio-guest-book", "usb"], backdrop: "Black" },
  ...(({ lines, totalCents }) => ({ priceLines: lines, totalCents }))(
    priceBooking({ ...sampleBooking, extras: { extraHours: 2, addOns: ["audio-guest-book", "usb"], backdrop: "Black" }, promo: null }),
  ),
};
const acceptedBooking: BookingRecord = {
  ...sampleBooking,
  status: "confirmed",
  acceptance: { name: typed.fullName, at: "2029-01-01T01:00:00.000Z", ip: "203.0.113.7", userAgent: "<script>", version: "November 24, 2026", sha256: "0".repeat(64), copy: "terms/x.txt" },
};
const sampleCancellation = cancellationOf(paidBooking, "2028-12-20", "client", new Date("2028-12-20T00:00:00.000Z"));
const acceptanceLinks = { page: invoiceUrl, copy: "https://photobooths.test/invoice/PB-20290101-123/terms.txt?key=secret" };

const detailedBooking: BookingRecord = {
  ...acceptedBooking,
  eventDetails: { startTime: "18:30", venueAddress: '<b>12</b> "Station" Place', contactName: typed.fullName, contactMobile: "0412 345 678", printLines: [typed.message], accessNotes: typed.message, updatedAt: "2029-01-01T02:00:00.000Z" },
};
const reminderKinds: ReminderKind[] = ["deposit-due", "balance-due", "autopay-notice", "overdue", "details", "proof", "day-before", "thank-you"];
const ownerProofLink = { label: "Upload a print design proof for PB-20290101-123", url: "https://photobooths.test/owner/PB-20290101-123/proof?sig=x" };
const sampleProof: ProofVersion = { version: 2, key: "proofs/PB-20290101-123/x", contentType: "image/png", bytes: 4096, note: typed.message, uploadedAt: "2029-01-02T00:00:00.000Z" };
const proofAnswers = [
  { kind: "approved", name: typed.fullName, at: "2029-01-03T00:00:00.000Z" },
  { kind: "changes", comment: typed.message, at: "2029-01-03T00:00:00.000Z" },
] as const;
const reminderLinks = { page: invoiceUrl, ownerPage: { label: "Your page of booking PB-20290101-123", url: "https://photobooths.test/owner/booking/PB-20290101-123?sig=x" } };
// An instalment whose autopay charge failed the day before the morning: the morning e-mail lists it.
const failedOn = addDays(sampleBooking.eventDate, -1);
const autopayFailedBooking: BookingRecord = {
  ...acceptedBooking,
  invoiceNumber: "PB-20290101-125",
  paymentPlan: { option: "monthly", instalments: [{ dueOn: failedOn, amountCents: 40_600 }], chosenAt: "2029-01-01T00:00:00.000Z" },
  autopayTries: [
    { instalment: 1, tryNumber: 1, dueOn: failedOn, amountCents: 40_600, enqueuedAt: `${failedOn}T00:00:00.000Z`, answer: { status: "declined", paymentIntent: "pi_1", code: "insufficient_funds", at: `${failedOn}T00:00:01.000Z`, again: true } },
  ],
};
const morning = morningContents(
  [sampleBooking, detailedBooking, autopayFailedBooking, { ...paidBooking, status: "cancelled" as const, cancellation: sampleCancellation }].map((booking) => ({ booking, notes: " · E-MAIL FAILED" })),
  ["contact:2029-01-01T00:00:00.000Z:ab12: Message from <b>Jo</b> · E-MAIL FAILED"],
  sampleBooking.eventDate,
);

/** Each e-mail, and whether it repeats what was typed: an acknowledgement repeats none of it (docs/product-decisions.md, "E-mail delivery"). */
const mails: { name: string; mail: Mail; repeatsTyped?: false }[] = [
  { name: "quote, to the owner", mail: quoteMails(sampleQuoteRecord, quoteLinks, parties).owner },
  { name: "quote it could not price, asking about add-ons, to the owner", mail: quoteMails(unpricedQuote, quoteLinks, parties).owner },
  { name: "quote, to the visitor", mail: quoteMails(sampleQuoteRecord, quoteLinks, parties).visitor, repeatsTyped: false },
  { name: "quote it could not price, to the visitor", mail: quoteMails(unpricedQuote, quoteLinks, parties).visitor, repeatsTyped: false },
  { name: "contact message, to the owner", mail: contactMails(sampleContact, parties).owner },
  { name: "contact message, to the visitor", mail: contactMails(sampleContact, parties).visitor, repeatsTyped: false },
  { name: "booking, to the owner", mail: bookingMails(sampleBooking, links, parties).owner },
  { name: "booking, to the client", mail: bookingMails(sampleBooking, links, parties).visitor },
  { name: "booking with add-ons and the date's rule, to the owner", mail: bookingMails(extrasBooking, links, parties).owner },
  { name: "booking with add-ons and the date's rule, to the client", mail: bookingMails(extrasBooking, links, parties).visitor },
  ...statusChanges.flatMap((status) =>
    Object.entries(statusMails(sampleBooking, status, links, parties)).map(([name, mail]) => ({ name: `booking ${status}: ${name}`, mail })),
  ),
  { name: "card payment receipt, to the client", mail: paymentMails(paidBooking, samplePayment, amountsDue(billableOf(paidBooking)), invoiceUrl, parties).visitor },
  { name: "card payment note, to the owner", mail: paymentMails(paidBooking, samplePayment, amountsDue(billableOf(paidBooking)), invoiceUrl, parties).owner },
  {
    name: "bank payment's receipt withdrawn, to the client",
    mail: receiptWithdrawnMail(sampleBooking, { ...samplePayment, method: "bank", reference: "Trần <b>&", voidedAt: "2029-01-04T00:00:00.000Z", reason: "Mistyped" }, amountsDue(billableOf(sampleBooking)), invoiceUrl, parties),
  },
  { name: "a lapsed booking put back by a payment that came in time, to the client", mail: restoredMail(paidBooking, { ...samplePayment, method: "bank", reference: "Trần <b>&" }, invoiceUrl, parties) },
  { name: "terms accepted, to the client", mail: acceptanceMails(acceptedBooking, acceptanceLinks, parties).visitor },
  { name: "terms accepted, to the owner", mail: acceptanceMails(acceptedBooking, acceptanceLinks, parties).owner },
  { name: "date moved, to the client", mail: movedMails(acceptedBooking, "2029-01-05", invoiceUrl, parties).visitor },
  { name: "date moved, to the owner", mail: movedMails(acceptedBooking, "2029-01-05", invoiceUrl, parties).owner },
  ...Object.entries(cancelledMails(acceptedBooking, sampleCancellation, { page: invoiceUrl, refund: { label: "Refund", url: invoiceUrl } }, parties)).map(([side, mail]) => ({ name: `cancelled, to the ${side}`, mail })),
  ...Object.entries(
    extrasChangedMails(extrasBooking, { from: noExtras, to: extrasBooking.extras!, at: "2029-01-03T00:00:00.000Z", differenceCents: -29_800 }, { page: invoiceUrl, refund: { label: "Refund", url: invoiceUrl } }, parties),
  ).map(([side, mail]) => ({ name: `add-ons changed with money owed back, to the ${side}`, mail })),
  { name: "refund, to the client", mail: refundMail(acceptedBooking, { id: "re_1", amountCents: 17_800, method: "card", at: "2029-01-03T00:00:00.000Z" }, invoiceUrl, parties) },
  { name: "refund owed on a declined booking, to the owner", mail: owedBackMail({ ...acceptedBooking, status: "declined" }, invoiceUrl, { label: "Refund", url: invoiceUrl }, parties, 17_800) },
  ...reminderKinds.flatMap((kind) =>
    Object.entries(reminderMails({ kind, name: `reminder-${kind}`, day: sampleBooking.eventDate, about: sampleBooking.eventDate }, detailedBooking, reminderLinks, parties.ownerEmail)).map(([name, mail]) => ({ name: `${name} reminder`, mail })),
  ),
  { name: "owner's morning", mail: morningMail(morning, { links: [{ label: "Calendar", url: "https://photobooths.test/owner/calendar.ics?token=t" }], actions: links.ownerActions }, parties.ownerEmail, sampleBooking.eventDate) },
  { name: "proof ready, to the client", mail: proofReadyMail(detailedBooking, sampleProof, invoiceUrl, parties) },
  { name: "photos, to the client", mail: photosMail(detailedBooking, "https://photos.example/albums/lan-and-minh?key=a&b=c", invoiceUrl, parties) },
  ...proofAnswers.map((answer) => ({ name: `proof ${answer.kind}, to the owner`, mail: proofAnswerMail(detailedBooking, { ...sampleProof, answer }, { page: invoiceUrl, upload: ownerProofLink }, parties) })),
  {
    name: "event details, to the owner",
    mail: detailsMail(acceptedBooking, [["Venue address", '<b>12</b> "Station" Place'], ["Print text", typed.message]], { page: invoiceUrl, ownerPage: ownerProofLink }, parties),
  },
];

const stylesDir = fileURLToPath(new URL("../../app/styles/", import.meta.url));
const stylesheets = readdirSync(stylesDir).filter((file) => file.endsWith(".css"));

const invoices = [
  { name: "Nguyễn Thị Hằng", day: 21, boothType: "Glam Booth" },
  { name: "王小明", day: 22, boothType: "Enclosed Booth" },
  { name: "김민준", day: 23, boothType: "Open Booth" },
];

/** Calendar files, parsed by ical.js; the site's own event files get a line each. */
const calendars: { name: string; text: () => Promise<string> }[] = [
  {
    name: "an event written by the ics package the site uses",
    text: async () => createEvent({ title: "Photo booth: Glam Booth", start: [2029, 9, 20, 18, 0], duration: { hours: 3 } }).value!,
  },
  { name: "a booking's event.ics, from its invoice page's link", text: () => eventFile(17) },
  {
    name: "the owner's calendar feed (requested, confirmed with a start time, cancelled)",
    text: async () => ownerCalendar(feedEvents([sampleBooking, detailedBooking, { ...paidBooking, invoiceNumber: "PB-20290101-124", status: "cancelled" as const, history: [...paidBooking.history, { status: "cancelled" as const, at: new Date().toISOString(), by: "client" as const }] }], new Date()), "https://photobooths.test", new Map([[sampleBooking.eventDate, `https://photobooths.test/owner/day/${sampleBooking.eventDate}?token=0`]])),
  },
];

interface PageRead {
  status: number;
  file: string;
  jsonLd: string[];
  card: Record<string, string | null>;
}

const cardProperties = ["og:image", "og:image:alt", "og:image:width", "og:image:height", "twitter:image", "twitter:image:alt"];

/** The invoice PDF of a booking made on this suite's own date and booth. */
async function invoicePdf({ name, day, boothType }: (typeof invoices)[number]): Promise<Uint8Array> {
  const invoice = await invoicePage(name, day, boothType);
  const pdfPath = (await invoice.text()).match(/href="(\/invoice\/[^"]+\/pdf\?key=[^"]+)"/)![1]!.replaceAll("&amp;", "&");
  return new Uint8Array(await (await worker.fetch(pdfPath)).arrayBuffer());
}

const outDir = mkdtempSync(path.join(tmpdir(), "conformance-"));
const read = new Map<string, PageRead>();
const mailFiles = new Map<string, string>();
const pdfs = new Map<string, Uint8Array>();
let nu = new Map<string, string[]>();

// Everything is fetched at once, and the Nu checker's slow Java run overlaps the browser's parsing.
beforeAll(async () => {
  worker = await startWorker({ vars: { RATE_LIMIT_MAX: "1000" } });
  const pdfRuns = Promise.all(invoices.map(async (invoice) => pdfs.set(invoice.name, await invoicePdf(invoice))));
  const fetched = await Promise.all(
    pages.map(async (pageCase, index) => {
      const response = await pageCase.response();
      const html = await response.text();
      const file = path.join(outDir, `page-${index}.html`);
      writeFileSync(file, html);
      return { pageCase, status: response.status, html, file };
    }),
  );
  for (const [index, { name, mail }] of mails.entries()) {
    const file = path.join(outDir, `mail-${index}.html`);
    writeFileSync(file, mail.html);
    mailFiles.set(name, file);
  }
  const nuRun = nuErrors([...fetched.map((page) => page.file), ...mailFiles.values(), ...stylesheets.map((file) => path.join(stylesDir, file))]);

  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const parser = await browser.newPage({ javaScriptEnabled: false });
  for (const { pageCase, status, html, file } of fetched) {
    // The browser's own parser finds the JSON-LD and the social card, as a crawler would.
    await parser.setContent(html, { waitUntil: "commit" });
    const jsonLd = await parser.locator('script[type="application/ld+json"]').allTextContents();
    const card: Record<string, string | null> = {};
    for (const property of cardProperties) {
      const attribute = property.startsWith("og:") ? "property" : "name";
      const meta = parser.locator(`head meta[${attribute}="${property}"]`);
      card[property] = (await meta.count()) === 1 ? await meta.getAttribute("content") : null;
    }
    read.set(pageCase.name, { status, file, jsonLd, card });
  }
  await browser.close();
  [nu] = await Promise.all([nuRun, pdfRuns]);
}, 180_000);

afterAll(async () => {
  await worker?.dispose();
  rmSync(outDir, { recursive: true, force: true });
});

describe("pages", () => {
  it.each(pages)("$name answers $status and passes the Nu HTML checker", ({ name, status }) => {
    const page = read.get(name)!;
    expect(page.status).toBe(status);
    expect(nu.get(page.file)).toEqual([]);
  });

  it.each(pages.filter((pageCase) => pageCase.card))("$name has a complete social card", ({ name }) => {
    const { card } = read.get(name)!;
    expect(card).toEqual({
      "og:image": expect.stringMatching(new RegExp(`^https://.+${media.socialCard.src}$`)),
      "og:image:alt": media.socialCard.alt,
      "og:image:width": String(media.socialCard.width),
      "og:image:height": String(media.socialCard.height),
      "twitter:image": card["og:image"],
      "twitter:image:alt": media.socialCard.alt,
    });
  });

  it.each(pages)("$name has JSON-LD that parses and has Google's properties for its type", ({ name, card }) => {
    const { jsonLd } = read.get(name)!;
    // Every public page names the business; pages without a card (404, invoice) may carry none.
    if (card) expect(jsonLd.length).toBeGreaterThan(0);
    for (const text of jsonLd) expect(structuredDataProblems(JSON.parse(text))).toEqual([]);
  });
});

describe("e-mails", () => {
  it.each(mails)("the $name e-mail passes the Nu HTML checker, keeps its text part and escapes what was typed", ({ name, mail, repeatsTyped = true }) => {
    expect(nu.get(mailFiles.get(name)!)).toEqual([]);
    expect(mail.text.includes(typed.fullName)).toBe(repeatsTyped);
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).not.toContain("<script>");
  });
});

describe("stylesheets", () => {
  it.each(stylesheets)("%s passes the Nu CSS checker", (file) => {
    expect(nu.get(path.join(stylesDir, file))).toEqual([]);
  });
});

describe("invoice PDFs", () => {
  it.each(invoices)("the invoice for $name passes qpdf --check and its text reads back the name", ({ name, day }) => {
    const bytes = pdfs.get(name)!;
    const file = path.join(outDir, `invoice-${day}.pdf`);
    writeFileSync(file, bytes);
    // qpdf exits non-zero on any structural error (and 3 on warnings), which throws here.
    expect(execFileSync("qpdf", ["--check", file], { encoding: "utf8" })).toContain("No syntax or stream encoding errors");
    expect(pdfText(bytes).split("\n")).toContain(name);
  });
});

describe("an accepted booking's documents", () => {
  it("keep the accepted terms as the text whose SHA-256 was recorded, and the PDF says who accepted them", async () => {
    const name = "Trần Thị Mai";
    const booked = await book(name, 13, "Glam Booth");
    const { invoiceNumber, secret: key } = booked;
    const accepted = await postJson(worker, `/invoice/${invoiceNumber}/accept?key=${key}`, { accept: true, signature: name, termsSha256: await termsShown(worker, booked) });
    const { acceptance } = (await accepted.json()) as { acceptance: { sha256: string } };
    const copy = await (await worker.fetch(`/invoice/${invoiceNumber}/terms.txt?key=${key}`)).text();
    const digest = createHash("sha256").update(copy, "utf8").digest("hex");
    expect(digest).toBe(acceptance.sha256);
    expect(copy).toContain(`What these terms mean for booking ${invoiceNumber}`);
    const pdf = new Uint8Array(await (await worker.fetch(`/invoice/${invoiceNumber}/pdf?key=${key}`)).arrayBuffer());
    const file = path.join(outDir, "accepted.pdf");
    writeFileSync(file, pdf);
    expect(execFileSync("qpdf", ["--check", file], { encoding: "utf8" })).toContain("No syntax or stream encoding errors");
    expect(pdfText(pdf)).toContain(`Terms accepted by ${name} on`);
  });
});

describe("an adjustment note", () => {
  it("passes qpdf --check and reads back what it takes off, its GST and the invoice it adjusts", async () => {
    const cancelledAt = "2029-01-03T00:00:00.000Z";
    const cancelled: BookingRecord = {
      ...acceptedBooking,
      fullName: "Nguyễn Thị Hằng",
      status: "cancelled",
      history: [...acceptedBooking.history, { status: "cancelled", at: cancelledAt, by: "owner" }],
      cancellation: { by: "owner", at: cancelledAt, stage: "by-owner", daysBefore: 60, paidCents: 0, feeCents: 0, keptCents: 0, refundCents: 0, owedCents: 0 },
    };
    const fonts = async (file: string) => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../public${file}`, import.meta.url)))).buffer;
    const note = billingDocuments(cancelled).find((document) => document.kind === "adjustment")!;
    const bytes = await renderDocumentPdf(cancelled, note, fonts);
    const file = path.join(outDir, "adjustment-note.pdf");
    writeFileSync(file, bytes);
    expect(execFileSync("qpdf", ["--check", file], { encoding: "utf8" })).toContain("No syntax or stream encoding errors");
    const text = pdfText(bytes);
    expect(text).toContain(`Adjustment note ${acceptedBooking.invoiceNumber}-CN1`);
    expect(text).toContain("Nguyễn Thị Hằng");
    expect(text).toContain(`GST ${formatCents(note.gstCents)}`);
    expect(text).toContain(`This note adjusts tax invoice ${acceptedBooking.invoiceNumber}`);
  });
});

describe("calendar files", () => {
  it.each(calendars)("$name parses with ical.js and holds an event with a start", async ({ text }) => {
    const calendar = new ICAL.Component(ICAL.parse(await text()));
    const events = calendar.getAllSubcomponents("vevent");
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(new ICAL.Event(event).startDate).toBeTruthy();
  });
});
