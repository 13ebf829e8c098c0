import { expect } from "vitest";
import { durableBookingIndex } from "~/bookings/by-date/booking-index";
import type { BookingRecord } from "~/bookings/record/booking";
import { signedStripeEvent, type FakeStripe } from "../support/fake-stripe";
import { getJson, outboxMailsOf, postJson } from "./forms-support";
import { ownerLink } from "../support/links";
import { testOrigin, testVars, type TestWorker } from "./worker";

/** A booking made through the booking endpoint, and where to find it again. */
export interface Booked {
  invoiceNumber: string;
  eventDate: string;
  boothType: string;
  /** The KV key of its record. */
  recordKey: string;
  /** The booking page's site-relative address, its key included. */
  page: string;
  /** The key in the booking page's address. */
  secret: string;
}

/** Books `fields` (a whole booking: each test its own date and booth) and expects it taken. */
export async function bookThrough(worker: TestWorker, fields: { eventDate: string; boothType: string } & Record<string, unknown>): Promise<Booked> {
  const response = await postJson(worker, "/.netlify/functions/booking", fields);
  expect(response.status, await response.clone().text()).toBe(200);
  const { invoiceNumber, invoiceUrl } = (await response.json()) as { invoiceNumber: string; invoiceUrl: string };
  const url = new URL(invoiceUrl);
  return {
    invoiceNumber,
    eventDate: fields.eventDate,
    boothType: fields.boothType,
    recordKey: `booking:${fields.eventDate}:${invoiceNumber}`,
    page: `${url.pathname}${url.search}`,
    secret: url.searchParams.get("key")!,
  };
}

/**
 * Waits until the index of bookings by date has the booking, as the owner's reads and the schedule
 * see it: its ledger puts it there right after the answer (decision 008).
 */
export async function indexed(worker: TestWorker, booked: Pick<Booked, "invoiceNumber" | "eventDate">): Promise<void> {
  const index = durableBookingIndex(await worker.index());
  const found = async () => (await index.find({ kind: "events", from: booked.eventDate, to: booked.eventDate })).some(({ booking }) => booking.invoiceNumber === booked.invoiceNumber);
  await expect.poll(found, { timeout: 20_000 }).toBe(true);
}

/** The booking as KV holds it now, wherever a move has put it. */
export async function currentRecord(worker: TestWorker, booked: Booked): Promise<BookingRecord> {
  const index = await getJson<{ eventDate: string }>(worker, `invoice:${booked.invoiceNumber}`);
  return getJson<BookingRecord>(worker, `booking:${index.eventDate}:${booked.invoiceNumber}`);
}

/** Posts a form as a browser does: multipart, with its boundary in the Content-Type. */
export async function postMultipart(worker: TestWorker, path: string, form: FormData, headers: Record<string, string> = {}) {
  const encoded = new Request("https://encode.test/", { method: "POST", body: form });
  const body = await encoded.arrayBuffer();
  return worker.fetch(path, { method: "POST", body, headers: { ...headers, "Content-Type": encoded.headers.get("Content-Type")! }, redirect: "manual" });
}

/** Presses the booking page's pay button: the Checkout Session Stripe opened for what is owing now. */
export async function startCheckout(worker: TestWorker, stripe: FakeStripe, booked: Booked) {
  const response = await worker.fetch(`/invoice/${booked.invoiceNumber}/checkout?key=${booked.secret}`, { method: "POST", headers: { Origin: testOrigin }, redirect: "manual" });
  const session = stripe.sessions.find((candidate) => candidate.url === response.headers.get("Location"));
  if (!session) throw new Error(`No checkout session: the pay button answered ${response.status} ${response.headers.get("Location")}`);
  return session;
}

/** Stripe's signed webhook for a paid Checkout Session, delivered. */
export async function deliverPaid(worker: TestWorker, session: FakeStripe["sessions"][number]) {
  const { body, signature } = signedStripeEvent("checkout.session.completed", session);
  const answer = await worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
  expect(answer.status).toBe(200);
}

/**
 * Pays what is owing now by card: the checkout, then Stripe's signed webhook. Returns once KV's copy
 * of the booking, which its page and pay button read, has the payment: the ledger answers Stripe
 * once it has stored it and writes KV's copy just after (docs/speed.md), so a second press at once
 * would start a checkout for what was owed before.
 */
export async function payThrough(worker: TestWorker, stripe: FakeStripe, booked: Booked) {
  const session = await startCheckout(worker, stripe, booked);
  await deliverPaid(worker, session);
  await storedWith(worker, booked, session.id);
  return session;
}

/**
 * KV's copy of the booking once it has the payment of `sessionId`. Stripe's webhook is answered once
 * the ledger has stored the payment, and KV's copy, which pages and these reads see, is written just
 * after (docs/speed.md): read at once, it may not have it yet.
 */
export async function storedWith(worker: TestWorker, booked: Booked, sessionId: string): Promise<BookingRecord> {
  let record: BookingRecord | undefined;
  const stored = async () => (record = await currentRecord(worker, booked)).payments?.some((payment) => payment.sessionId === sessionId) ?? false;
  await expect.poll(stored, { timeout: 20_000 }).toBe(true);
  return record!;
}

/** The SHA-256 of the terms the booking page shows, read from its accept form's hidden field as a browser posts it. */
export async function termsShown(worker: TestWorker, booked: Pick<Booked, "page">): Promise<string> {
  const html = await (await worker.fetch(booked.page)).text();
  const field = /<input[^>]*name="termsSha256"[^>]*>/.exec(html)?.[0] ?? "";
  const sha256 = /value="([0-9a-f]{64})"/.exec(field)?.[1];
  if (!sha256) throw new Error(`The booking page ${booked.page} shows no terms to accept`);
  return sha256;
}

/** Accepts the terms the booking page shows, as `name`, through its JSON endpoint; a request is confirmed by it. */
export async function acceptTerms(worker: TestWorker, booked: Pick<Booked, "invoiceNumber" | "secret" | "page">, name: string) {
  return postJson(worker, `/invoice/${booked.invoiceNumber}/accept?key=${booked.secret}`, { accept: true, signature: name, termsSha256: await termsShown(worker, booked) });
}

/** The booking page's address as the booking e-mail links it ("Keep my date"): its key and the one-time proof of the client's address. */
export async function provingLink(worker: TestWorker, booked: Pick<Booked, "recordKey" | "invoiceNumber">): Promise<string> {
  const pattern = new RegExp(`Keep my date: ${testOrigin}(/invoice/${booked.invoiceNumber}\\?key=[^\\s&]+&proof=[^\\s]+)`);
  let found: string | undefined;
  // The e-mail reaches the outbox a moment after the answer (the record's key may have moved since: the outbox keeps the first).
  await expect.poll(async () => (found = (await outboxMailsOf(worker, booked.recordKey)).map((mail) => pattern.exec(mail.text)?.[1]).find(Boolean)), { timeout: 20_000 }).toBeTruthy();
  return found!;
}

/** The "Keep my date" form on the page `path` opens, as a browser would post it (null when the page shows none). */
export async function keepDateForm(worker: TestWorker, path: string): Promise<{ action: string; proof: string } | null> {
  const html = await (await worker.fetch(path)).text();
  const form = /<form method="post" action="([^"]+\/keep\?[^"]+)"><input type="hidden" name="proof" value="([^"]+)"/.exec(html);
  return form ? { action: form[1]!.replaceAll("&amp;", "&"), proof: form[2]! } : null;
}

/**
 * The client opens the booking e-mail's link and presses "Keep my date": the booking keeps its date
 * past its first 48 hours (docs/product-decisions.md, "A booking proves its address"). Tests whose
 * booking lives on for days after it is made prove its address this way first.
 */
export async function keepMyDate(worker: TestWorker, booked: Pick<Booked, "recordKey" | "invoiceNumber">): Promise<Response> {
  const form = await keepDateForm(worker, await provingLink(worker, booked));
  if (!form) throw new Error(`The page the e-mail of ${booked.invoiceNumber} links shows no "Keep my date" button`);
  return worker.fetch(form.action, { method: "POST", headers: { Origin: testOrigin, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ proof: form.proof }), redirect: "manual" });
}

/** The client keeps their date from the booking e-mail, then accepts the terms: a confirmed booking that lives on for days after it is made, as a real one must. */
export async function keepAndAccept(worker: TestWorker, booked: Pick<Booked, "recordKey" | "invoiceNumber" | "secret" | "page">, name: string) {
  expect((await keepMyDate(worker, booked)).status).toBe(303);
  return acceptTerms(worker, booked, name);
}

/**
 * The owner confirms the booking by hand (a client who phoned): a booking that holds its date until
 * its event with nothing paid, as tests whose unpaid booking lives on past its deposit's due date
 * need (docs/product-decisions.md, "Dates are held by money or by the owner"). Before the terms
 * are accepted: once the client has confirmed it, the owner's Confirm changes nothing.
 */
export async function confirmByOwner(worker: TestWorker, booked: Pick<Booked, "invoiceNumber">): Promise<void> {
  const confirm = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm");
  expect((await worker.fetch(confirm, { method: "POST" })).status).toBe(200);
}

/** The owner confirms the booking by hand, then the client accepts the terms: confirmed and unpaid, it lives on for days. */
export async function confirmAndAccept(worker: TestWorker, booked: Pick<Booked, "invoiceNumber" | "secret" | "page">, name: string) {
  await confirmByOwner(worker, booked);
  return acceptTerms(worker, booked, name);
}
