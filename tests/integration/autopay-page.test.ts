/**
 * Autopay on the client's booking page (issue 58), through the site's own plain forms (as a browser
 * posts them with JavaScript off) against the strict fake Stripe: the agreement's words shown
 * before Stripe, one Customer and one Checkout however often the button is pressed, the webhook
 * turning autopay on with the words kept, the page showing the card and the instalments to come,
 * turning it off (the card detached at Stripe, which then refuses to charge it), changing the card,
 * PayTo, and a failed instalment paid by the ordinary pay button.
 */
import { describe, expect, it } from "vitest";
import { stripeClient } from "~/bookings/payments/stripe.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { melbourneInstant } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { fakeStripeKeys, signedPendingEvent, startFakeStripe, stripeVars } from "../support/fake-stripe";
import { declines } from "../support/fake-stripe/test-cards";
import { validBooking } from "../support/form-data";
import { bookThrough, currentRecord, deliverPaid, startCheckout, storedWith, type Booked } from "./booking";
import { startedForFile, testOrigin, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));
const api = () => stripeClient({ STRIPE_SECRET_KEY: fakeStripeKeys.secretKey, STRIPE_API_BASE: stripe.url })!;

// Days 12, 13, 17 to 19, 22 and 23 of the payment plans' month: its own tests, autopay's consent and charges, and the end-to-end plans take the others.
const bookMonthly = (day: number, fullName: string) =>
  bookThrough(worker, { ...validBooking, fullName, email: `autopay${day}@example.com`, eventDate: eventDate("paymentPlans", day), boothType: "Glam Booth", packageDuration: "4 Hours", paymentOption: "monthly" });

const autopayPath = (booked: Booked) => `/invoice/${booked.invoiceNumber}/autopay?key=${booked.secret}`;

/** Posts one of autopay's forms as the browser does without JavaScript: urlencoded, from the site's own origin, not following the 303. */
const press = (booked: Booked, fields: Record<string, string>) =>
  worker.fetch(autopayPath(booked), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: testOrigin }, body: new URLSearchParams(fields).toString(), redirect: "manual" });

const pageOf = async (booked: Booked, query = "") => (await worker.fetch(`${booked.page}${query}`)).text();

/** The text a page shows, its tags dropped and its entities read, one space between words. */
const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The hidden agreement digest the page put in the form of `method`. */
function shownSha(html: string, method: "card" | "payto"): string {
  const form = html.split("<form").find((part) => part.includes(`name="method" value="${method}"`));
  const sha = form?.match(/name="agreementSha256" value="([0-9a-f]{64})"/)?.[1];
  if (!sha) throw new Error(`The page shows no autopay form by ${method}`);
  return sha;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const inWords = (date: string) => new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

async function deliverEvents() {
  for (const event of stripe.autopay.takeEvents()) {
    const { body, signature } = signedPendingEvent(event);
    const answer = await worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
    expect(answer.status, `${event.type}: ${await answer.text()}`).toBe(200);
  }
}

/** Turns autopay on by `method` from the page's form, completes Stripe's Checkout as the client, and delivers its events. */
async function autopayOn(booked: Booked, method: "card" | "payto", paidWith = method === "card" ? "pm_card_visa" : "payto") {
  const answer = await press(booked, { intent: "autopay", method, agreementSha256: shownSha(await pageOf(booked), method) });
  expect(answer.status).toBe(303);
  const session = stripe.sessions.find((one) => one.url === answer.headers.get("Location"));
  if (!session) throw new Error(`No Checkout: ${answer.headers.get("Location")}`);
  stripe.autopay.takeEvents();
  stripe.autopay.completeCheckout(session.id, paidWith);
  await deliverEvents();
  return session;
}

describe("autopay on the booking page", () => {
  it("shows the agreement's words before Stripe: the deposit now, each instalment's date and amount, charged to what, the three-day notice, how to stop it", async () => {
    const booked = await bookMonthly(12, "Nguyễn Văn Minh");
    const record = await currentRecord(worker, booked);
    // A booking made now holds none of autopay's fields: it reads as autopay off.
    expect(record.autopay).toBeUndefined();
    const text = textOf(await pageOf(booked));
    const depositCents = Math.ceil((record.totalCents * 0.3) / 100) * 100;
    expect(text).toContain(`Autopay agreement for booking ${booked.invoiceNumber}`);
    expect(text).toContain(`You pay the deposit of ${money(depositCents)} now by card`);
    for (const { dueOn, amountCents } of record.paymentPlan!.instalments!) expect(text).toContain(`${money(amountCents)} on ${inWords(dueOn)}`);
    expect(text).toContain("Three days before each charge we e-mail you what will be charged, when and to what.");
    expect(text).toContain('press "Turn autopay off" on your booking page, or pay another way');
    expect(text).toContain(`Pay the deposit (${money(depositCents)}) by card and have the instalments charged to it by themselves`);
    // PayTo's agreement: at most the total a payment, until six months after the event, stopped from the bank app too.
    expect(text).toContain("approve a PayTo agreement in your bank app");
    expect(text).toContain(`at most ${money(record.totalCents)} a payment`);
    expect(text).toContain("or pause or cancel the agreement in your bank app");
  });

  it("makes one Customer and one Checkout however often it is pressed; completed, autopay is on with the words kept, and the page shows the card", async () => {
    const booked = await bookMonthly(13, "Γιώργος Οικονόμου");
    const html = await pageOf(booked);
    const fields = { intent: "autopay", method: "card", agreementSha256: shownSha(html, "card") };
    const customersBefore = stripe.autopay.customers.length;
    const sessionsBefore = stripe.sessions.length;
    const [first, second] = await Promise.all([press(booked, fields), press(booked, fields)]);
    const third = await press(booked, fields);
    expect([first.status, second.status, third.status]).toEqual([303, 303, 303]);
    const to = first.headers.get("Location");
    expect([second.headers.get("Location"), third.headers.get("Location")]).toEqual([to, to]);
    expect(stripe.autopay.customers.length - customersBefore).toBe(1);
    expect(stripe.sessions.length - sessionsBefore).toBe(1);
    const session = stripe.sessions.find((one) => one.url === to)!;
    expect((await currentRecord(worker, booked)).autopayCustomer).toBe(stripe.autopay.customers.at(-1)!.id);

    stripe.autopay.takeEvents();
    stripe.autopay.completeCheckout(session.id, "pm_card_visa");
    await deliverEvents();
    const on = await currentRecord(worker, booked);
    expect(on.autopay?.saved).toMatchObject({ kind: "card", brand: "visa", last4: "4242" });
    expect(on.autopay?.agreement?.sha256).toBe(fields.agreementSha256);
    const text = textOf(await pageOf(booked, "&checkout=success"));
    const saved = on.autopay!.saved;
    if (saved.kind !== "card") throw new Error("not a card");
    expect(text).toContain(`Autopay is on Your instalments are charged by themselves to your Visa card ending 4242, expiring ${String(saved.expMonth).padStart(2, "0")}/${saved.expYear}.`);
    for (const { dueOn, amountCents } of on.paymentPlan!.instalments!) expect(text).toContain(`${money(amountCents)} on ${inWords(dueOn)}`);
    expect(text).not.toContain("Autopay agreement for booking");
    // The words the client read, word for word: their SHA-256 is the one the form carried.
    const copy = await worker.fetch(`/invoice/${booked.invoiceNumber}/autopay-agreement.txt?key=${booked.secret}`);
    expect(copy.status).toBe(200);
    const words = await copy.text();
    expect(words).toContain(`Autopay agreement for booking ${booked.invoiceNumber}`);
    const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(words)))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    expect(digest).toBe(fields.agreementSha256);
    expect((await worker.fetch(`/invoice/${booked.invoiceNumber}/autopay-agreement.txt?key=wrong`)).status).toBe(404);
  });

  it("turned off, detaches the card at Stripe (which then refuses to charge it) and records why; Stripe down is a message and nothing half-done", async () => {
    const booked = await bookMonthly(23, "Trần Thị Lan");
    await autopayOn(booked, "card");
    const { autopay } = await currentRecord(worker, booked);
    const paymentMethod = autopay!.saved.paymentMethod;

    stripe.failNext(`/v1/payment_methods/${paymentMethod}/detach`, "down", "down", "down");
    const down = await press(booked, { intent: "autopay-off", paymentMethod });
    expect(down.headers.get("Location")).toBe(`${booked.page}&autopay=unavailable#plan`);
    expect((await currentRecord(worker, booked)).autopay?.saved.paymentMethod).toBe(paymentMethod);
    expect(textOf(await pageOf(booked, "&autopay=unavailable"))).toContain("We could not reach our card processor just now, so nothing was charged or changed.");
    stripe.clearFaults();

    const off = await press(booked, { intent: "autopay-off", paymentMethod });
    expect(off.status).toBe(303);
    expect(off.headers.get("Location")).toBe(`${booked.page}&autopay=off#plan`);
    const after = await currentRecord(worker, booked);
    expect(after.autopay).toBeUndefined();
    expect(after.autopayStopped).toEqual({ why: "client", at: expect.any(String) });
    const html = await pageOf(booked, "&autopay=off");
    expect(textOf(html)).toContain("Autopay is off: nothing more is charged by itself.");
    expect(textOf(html)).not.toContain("Autopay is on");
    expect(html).not.toContain('value="autopay-off"');
    // Offered again, with the words to read again.
    expect(shownSha(html, "card")).toMatch(/^[0-9a-f]{64}$/);
    // Stripe refuses the detached card: no instalment can be charged to it any more.
    const charge = api().paymentIntents.create({ amount: 1000, currency: "aud", customer: autopay!.customer, payment_method: paymentMethod, off_session: true, confirm: true });
    await expect(charge).rejects.toMatchObject({ statusCode: 400 });
    // Pressed again from the old page: off already, nothing more.
    expect((await press(booked, { intent: "autopay-off", paymentMethod })).headers.get("Location")).toBe(`${booked.page}&autopay=off#plan`);
  });

  it("changes the card by a Checkout in setup mode; the page then shows the new card", async () => {
    const booked = await bookMonthly(18, "Δημήτρης Αλεξίου");
    await autopayOn(booked, "card");
    const { autopay } = await currentRecord(worker, booked);
    const answer = await press(booked, { intent: "change-card", paymentMethod: autopay!.saved.paymentMethod });
    expect(answer.status).toBe(303);
    const setupId = answer.headers.get("Location")?.match(/\/c\/pay\/(cs_\w+)$/)?.[1];
    expect((await api().checkout.sessions.retrieve(setupId!)).mode).toBe("setup");
    stripe.autopay.completeCheckout(setupId!, "pm_card_mastercard");
    await deliverEvents();
    const after = await currentRecord(worker, booked);
    expect(after.autopay?.saved).toMatchObject({ kind: "card", brand: "mastercard", last4: "4444" });
    // The agreement read at the start is kept through the change of card.
    expect(after.autopay?.agreement).toEqual(autopay!.agreement);
    expect(textOf(await pageOf(booked, "&checkout=card-saved"))).toContain("your Mastercard card ending 4444");
  });

  it("starts nothing for words the page no longer shows or a form it never sends; by PayTo, the page shows the agreement's account and no change of card", async () => {
    const booked = await bookMonthly(19, "Lê Hoàng Nam");
    const before = stripe.sessions.length;
    const stale = await press(booked, { intent: "autopay", method: "payto", agreementSha256: "0".repeat(64) });
    expect(stale.status).toBe(303);
    expect(stale.headers.get("Location")).toBe(`${booked.page}&autopay=changed#plan`);
    expect(textOf(await pageOf(booked, "&autopay=changed"))).toContain("What autopay would charge changed since this page showed it, so nothing was started.");
    expect((await press(booked, { intent: "autopay", method: "cash", agreementSha256: "0".repeat(64) })).status).toBe(400);
    expect((await press(booked, { intent: "something" })).status).toBe(400);
    expect(stripe.sessions.length).toBe(before);
    expect((await currentRecord(worker, booked)).autopayCustomer).toBeUndefined();

    const session = await autopayOn(booked, "payto");
    expect(session.payment_method_options).toMatchObject({ payto: { mandate_options: { amount_type: "maximum", payment_schedule: "adhoc" } } });
    const after = await currentRecord(worker, booked);
    expect(after.autopay?.saved).toMatchObject({ kind: "payto", last4: "6789" });
    const text = textOf(await pageOf(booked));
    expect(text).toContain("charged by themselves to your PayTo agreement from the account ending 6789");
    expect(text).toContain("Turn autopay off");
    expect(text).not.toContain("Change card");
  });

  it("after a failed instalment, the page's pay button pays that instalment by an ordinary Checkout", async () => {
    const booked = await bookMonthly(22, "王丽华");
    await autopayOn(booked, "card");
    const { paymentPlan, autopay } = await currentRecord(worker, booked);
    const first = paymentPlan!.instalments![0]!;
    stripe.autopay.cardFailsFromNow(autopay!.saved.paymentMethod, declines.expired);
    await worker.scheduled(melbourneInstant(first.dueOn, "06:00"));
    const failed = await settled(booked, (record) => !record.autopay);
    expect(failed.autopayStopped?.why).toBe("last-try");
    expect(textOf(await pageOf(booked))).toContain("Autopay stopped on");
    const session = await startCheckout(worker, stripe, booked);
    expect(session.mode).toBe("payment");
    expect(session.customer).toBeFalsy();
    expect(session.amount_total).toBe(first.amountCents);
    expect(session.metadata).toMatchObject({ invoiceNumber: booked.invoiceNumber, kind: "instalment" });
    await deliverPaid(worker, session);
    const paid = await storedWith(worker, booked, session.id);
    expect((paid.payments ?? []).map(({ kind, amountCents }) => ({ kind, amountCents })).at(-1)).toEqual({ kind: "instalment", amountCents: first.amountCents });
  });

  it("reads a record stored before autopay, and a consent kept before its agreement was, as they were", async () => {
    const booked = await bookMonthly(17, "Ελένη Γεωργίου");
    const record = await currentRecord(worker, booked);
    const kv = await worker.kv();
    const store = (booking: BookingRecord) => kv.put(booked.recordKey, JSON.stringify(booking), { metadata: { summary: booking.fullName, status: booking.status, receivedAt: booking.receivedAt, notes: "" } });
    // Stored before plans and autopay: no plan, no autopay fields at all.
    const { paymentPlan: _plan, ...beforePlans } = record;
    await store(beforePlans as BookingRecord);
    const plain = await worker.fetch(booked.page);
    expect(plain.status).toBe(200);
    const text = textOf(await plain.text());
    expect(text).toContain("The deposit now and the balance later");
    expect(text).not.toContain("Autopay agreement");
    // A consent kept before agreements were: on, with the card, and no copy of words to read.
    const consent = { customer: "cus_before", saved: { kind: "card", paymentMethod: "pm_before", brand: "amex", last4: "0005", expMonth: 4, expYear: 2031 }, since: "2026-11-30T00:00:00.000Z" };
    await store({ ...record, autopay: consent } as BookingRecord);
    const on = textOf(await pageOf(booked));
    expect(on).toContain("your Amex card ending 0005, expiring 04/2031");
    expect(on).not.toContain("The autopay agreement you read");
    expect((await worker.fetch(`/invoice/${booked.invoiceNumber}/autopay-agreement.txt?key=${booked.secret}`)).status).toBe(404);
  });
});

/** The booking as its ledger has it once `done` holds (the queue's consumer runs after the Cron run returns). */
async function settled(booked: Booked, done: (record: BookingRecord) => boolean): Promise<BookingRecord> {
  for (let wait = 0; wait < 150; wait++) {
    const reading = await (await worker.ledger()).read(booked.invoiceNumber);
    if (reading && reading.waiting === 0 && done(reading.booking)) return reading.booking;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Never settled; the Worker's last logs:\n${worker.logs.slice(-8).join("\n")}`);
}
