import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { fakeStripeKeys, signedStripeEvent, startFakeStripe, stripeVars, type FakeSession, type StripeEventType } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { feedToken, ownerLink } from "../support/links";
import { pdfText } from "../support/pdf-text";
import { bookThrough, type Booked } from "./booking";
import { settledRecord } from "./forms-support";
import { startedForFile, startWorker, testOrigin, testVars, workerForFile, type TestWorker } from "./worker";

// Glam Booth, 4 Hours: $740 from Friday to Sunday (a test that checks the figures books one of those
// days: Monday to Thursday takes 10% off), so a 30% deposit of $222 (rounded up to the dollar) and a $518 balance.
const depositCents = 22_200;
const balanceCents = 51_800;

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

/** Books a Glam Booth for 4 hours on its own day of the payments month. */
const book = (target: TestWorker, day: number) =>
  bookThrough(target, { ...validBooking, fullName: `Payer ${day}`, eventDate: eventDate("payments", day), boothType: "Glam Booth", packageDuration: "4 Hours" });

/** Where the invoice page's pay button posts. */
const checkoutPathOf = (booked: Booked) => `/invoice/${booked.invoiceNumber}/checkout?key=${encodeURIComponent(booked.secret)}`;

/** The pay button's form post, as the browser sends it from the invoice page. */
function clickPay(target: TestWorker, path: string) {
  return target.fetch(path, { method: "POST", headers: { Origin: testOrigin }, redirect: "manual" });
}

/** Clicks pay and returns the session the fake Stripe made (or handed back). */
async function checkout(booked: Booked): Promise<FakeSession> {
  const response = await clickPay(worker, checkoutPathOf(booked));
  expect(response.status).toBe(303);
  const session = stripe.sessions.find((candidate) => candidate.url === response.headers.get("Location"));
  expect(session).toBeDefined();
  return session!;
}

function deliver(type: StripeEventType, session: FakeSession, options?: Parameters<typeof signedStripeEvent>[2]) {
  const { body, signature } = signedStripeEvent(type, session, options);
  return worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
}

async function stored(key: string) {
  const { value, metadata } = await (await worker.kv()).getWithMetadata<BookingRecord, { summary: string }>(key, "json");
  return { booking: value!, summary: metadata!.summary };
}

async function outboxSubjects(): Promise<string[]> {
  const { keys } = await (await worker.kv()).list<{ summary: string }>({ prefix: "outbox:" });
  return keys.map((key) => key.metadata!.summary);
}

/** The receipts and owner's payment notes sent for one invoice (its booking e-mails left out). */
async function paymentMailsFor(invoiceNumber: string): Promise<string[]> {
  return (await outboxSubjects()).filter((subject) => subject.includes(invoiceNumber) && /Receipt|Payment received|PAYMENT MISMATCH/.test(subject));
}

/**
 * The stored booking once the queue has written the outcome of each of its e-mails, so a later
 * read differs from it only by what the step under test changed.
 */
async function settled(key: string) {
  await settledRecord(worker, key);
  return stored(key);
}

/** The stored booking once its ledger's store of a payment reached KV (the webhook's 200 waits on the ledger alone: KV follows from its alarm). */
async function storedPaid(key: string, payments = 1) {
  await expect.poll(async () => (await stored(key)).booking.payments?.length ?? 0).toBe(payments);
  return stored(key);
}

async function invoicePage(path: string) {
  const response = await worker.fetch(path);
  expect(response.status).toBe(200);
  return response.text();
}

describe("paying an invoice by card", () => {
  it("offers the deposit by card and starts a checkout session for exactly the deposit, in AUD cents", async () => {
    const booked = await book(worker, 1);
    const html = await invoicePage(booked.page);
    expect(html).toContain("Pay $222.00 now");
    expect(html).toContain(`action="${checkoutPathOf(booked).replace("&", "&amp;")}"`);

    const before = stripe.requests.length;
    const session = await checkout(booked);
    expect(stripe.requests).toHaveLength(before + 1);
    const sent = stripe.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${fakeStripeKeys.secretKey}`);
    expect(sent.idempotencyKey).toBe(`checkout-${booked.invoiceNumber}-deposit-${depositCents}-paid-0-round-0`);
    expect(sent.params).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "aud",
      "line_items[0][price_data][unit_amount]": String(depositCents),
      "metadata[invoiceNumber]": booked.invoiceNumber,
      "metadata[kind]": "deposit",
      client_reference_id: `${booked.invoiceNumber}-deposit`,
      customer_email: validBooking.email,
      success_url: `${testOrigin}${booked.page}&checkout=success`,
      cancel_url: `${testOrigin}${booked.page}&checkout=cancelled`,
    });
    expect(session.amount_total).toBe(depositCents);
  });

  it("reuses the same session when the button is clicked twice", async () => {
    const booked = await book(worker, 2);
    const first = await clickPay(worker, checkoutPathOf(booked));
    const second = await clickPay(worker, checkoutPathOf(booked));
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    const keys = stripe.requests.filter((request) => request.params["metadata[invoiceNumber]"] === booked.invoiceNumber).map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(stripe.sessions.filter((session) => session.metadata.invoiceNumber === booked.invoiceNumber)).toHaveLength(1);
  });

  it("answers a wrong or missing key with 404 and never calls Stripe", async () => {
    const booked = await book(worker, 3);
    const before = stripe.requests.length;
    expect((await clickPay(worker, `/invoice/${booked.invoiceNumber}/checkout?key=wrong`)).status).toBe(404);
    expect((await clickPay(worker, `/invoice/${booked.invoiceNumber}/checkout`)).status).toBe(404);
    expect((await worker.fetch(checkoutPathOf(booked))).status).toBe(404);
    expect(stripe.requests).toHaveLength(before);
  });

  it("shows a note and changes nothing when the visitor comes back from a cancelled checkout", async () => {
    const booked = await book(worker, 23);
    await checkout(booked);
    const before = await settled(booked.recordKey);
    const html = await invoicePage(`${booked.page}&checkout=cancelled`);
    expect(html).toContain("Card payment cancelled: nothing was charged");
    expect(html).toContain("Pay $222.00 now");
    expect(await stored(booked.recordKey)).toEqual(before);
  });
});

describe("the Stripe webhook", () => {
  it("records a paid deposit, then the balance, moving the booking from unpaid to deposit-paid to paid", async () => {
    const booked = await book(worker, 28);
    const deposit = await checkout(booked);
    const answer = await deliver("checkout.session.completed", deposit);
    expect(answer.status).toBe(200);

    const afterDeposit = await storedPaid(booked.recordKey);
    expect(afterDeposit.booking.payments).toEqual([
      { sessionId: deposit.id, kind: "deposit", amountCents: depositCents, currency: "AUD", paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), paymentIntent: `pi_${deposit.id}` },
    ]);
    expect(afterDeposit.booking.paymentState).toBe("deposit-paid");
    expect(afterDeposit.summary).toBe(`Payer 28 · ${eventDate("payments", 28)} · Glam Booth 4 Hours · $740.00 · ${booked.invoiceNumber} · requested · deposit paid, $518.00 owing`);
    const page = await invoicePage(booked.page);
    expect(page).toContain("Deposit paid");
    expect(page).toContain("Pay $518.00 now");
    await expect.poll(outboxSubjects).toEqual(
      expect.arrayContaining([
        `to ${validBooking.email} · Receipt: $222.00 AUD for invoice ${booked.invoiceNumber} – Bluestone Photo Booths`,
        `to owner@example.com · Payment received ${booked.invoiceNumber}: $222.00 AUD from Payer 28`,
      ]),
    );

    const pdfInR2 = async () => pdfText(new Uint8Array(await (await (await worker.r2()).get(`${booked.invoiceNumber}.pdf`))!.arrayBuffer()));
    await expect.poll(pdfInR2).toMatch(/Paid by card \w+day \d{1,2} \w+ \d{4} \(deposit\)\s*\$222\.00 AUD[\s\S]*Owing now \(balance\)\s*\$518\.00/);

    const balance = await checkout(booked);
    expect(stripe.requests.at(-1)!.params).toMatchObject({ "metadata[kind]": "balance", "line_items[0][price_data][unit_amount]": String(balanceCents) });
    expect((await deliver("checkout.session.async_payment_succeeded", balance)).status).toBe(200);
    const paid = await storedPaid(booked.recordKey, 2);
    expect(paid.booking.payments?.map(({ sessionId, kind, amountCents }) => ({ sessionId, kind, amountCents }))).toEqual([
      { sessionId: deposit.id, kind: "deposit", amountCents: depositCents },
      { sessionId: balance.id, kind: "balance", amountCents: balanceCents },
    ]);
    expect(paid.booking.paymentState).toBe("paid");
    expect(paid.summary).toMatch(/ · paid in full$/);
    const paidPage = await invoicePage(booked.page);
    expect(paidPage).toContain("Paid in full");
    expect(paidPage).not.toContain("by card ($");
    expect((await clickPay(worker, checkoutPathOf(booked))).headers.get("Location")).toBe(booked.page);
  });

  it("dates a payment in the books by when it was recorded: an event Stripe made yesterday and delivered today leaves yesterday's rows as they were", async () => {
    const booked = await book(worker, 9);
    const session = await checkout(booked);
    const [yesterday, today] = [addDays(melbourneToday(), -1), melbourneToday()];
    const rows = async (day: string) => (await worker.fetch(`/owner/export.csv?from=${day}&to=${day}&token=${await feedToken(testVars.OWNER_FEED_SECRET, "export")}`)).text();
    const before = await rows(yesterday);
    // Made at 23:59 yesterday in Melbourne, signed again for today's delivery as Stripe does.
    const created = Math.floor(melbourneInstant(yesterday, "23:59").getTime() / 1000);
    expect((await deliver("checkout.session.completed", session, { created })).status).toBe(200);
    await expect.poll(() => rows(today)).toContain(`"payment","","${booked.invoiceNumber}","${today}","${yesterday}"`);
    expect(await rows(yesterday)).toBe(before);
  });

  it("records a replayed or doubly delivered event once, even when the deliveries race", async () => {
    const booked = await book(worker, 6);
    const session = await checkout(booked);
    const racing = await Promise.all([1, 2, 3].map(() => deliver("checkout.session.completed", session, { id: "evt_test_racing" })));
    expect(racing.map((response) => response.status)).toEqual([200, 200, 200]);
    expect((await storedPaid(booked.recordKey)).booking.payments).toHaveLength(1);
    await expect.poll(() => paymentMailsFor(booked.invoiceNumber)).toHaveLength(2);
    // The queue writes each e-mail's outcome onto the record after sending it, so the record is
    // compared only once all of them have settled.
    const once = await settled(booked.recordKey);

    expect((await deliver("checkout.session.completed", session)).status).toBe(200);
    expect(await stored(booked.recordKey)).toEqual(once);
    expect(await paymentMailsFor(booked.invoiceNumber)).toHaveLength(2);
  });

  it("keeps both the owner's confirmation and a payment that arrive at the same moment", async () => {
    const bookings = await Promise.all([15, 16, 17, 18, 19, 20, 21, 22].map((day) => book(worker, day)));
    const ready = await Promise.all(
      bookings.map(async (booked) => {
        // The booking's own e-mails settle first, so the only writers left are the two under test.
        await settled(booked.recordKey);
        return { session: await checkout(booked), confirm: await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm") };
      }),
    );
    const answers = await Promise.all(
      ready.flatMap(({ session, confirm }) => [
        worker.fetch(confirm, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" }),
        deliver("checkout.session.completed", session),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const outcomes = await Promise.all(bookings.map(async (booked) => (await storedPaid(booked.recordKey)).booking));
    expect(outcomes.map(({ status, payments }) => ({ status, payments: payments?.length }))).toEqual(outcomes.map(() => ({ status: "confirmed", payments: 1 })));
  });

  it.each([
    ["a wrong signature", 7, { secret: "whsec_someone_else" }, undefined],
    ["a timestamp outside the tolerance", 12, { timestamp: Math.floor(Date.now() / 1000) - 600 }, undefined],
    ["no signature", 13, {}, null],
  ])("refuses %s with 400 and changes nothing", async (_, day, options, header) => {
    const booked = await book(worker, day);
    const session = await checkout(booked);
    const before = await settled(booked.recordKey);
    const { body, signature } = signedStripeEvent("checkout.session.completed", session, options);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (header !== null) headers["Stripe-Signature"] = signature;
    const response = await worker.fetch("/webhooks/stripe", { method: "POST", headers, body });
    expect(response.status).toBe(400);
    expect(await stored(booked.recordKey)).toEqual(before);
  });

  it("records a payment that differs from what was owing and flags it for the owner", async () => {
    const booked = await book(worker, 8);
    const session = await checkout(booked);
    expect((await deliver("checkout.session.completed", { ...session, amount_total: 10_000 })).status).toBe(200);
    const { booking, summary } = await storedPaid(booked.recordKey);
    expect(booking.payments).toEqual([
      {
        sessionId: session.id,
        kind: "deposit",
        amountCents: 10_000,
        currency: "AUD",
        paidAt: expect.any(String),
        recordedAt: expect.any(String),
        paymentIntent: `pi_${session.id}`,
        mismatch: "Received $100.00 AUD for the deposit, but $222.00 AUD was owing for the deposit",
      },
    ]);
    expect(booking.paymentState).toBe("unpaid");
    expect(summary).toMatch(/ · \$100\.00 paid, \$640\.00 owing · PAYMENT MISMATCH$/);
    await expect.poll(outboxSubjects).toContain(`to owner@example.com · PAYMENT MISMATCH ${booked.invoiceNumber}: $100.00 AUD from Payer 8`);
  });

  it("changes nothing on checkout.session.expired", async () => {
    const booked = await book(worker, 10);
    const session = await checkout(booked);
    const before = await settled(booked.recordKey);
    expect((await deliver("checkout.session.expired", session)).status).toBe(200);
    expect(await stored(booked.recordKey)).toEqual(before);
  });
});

describe("when Stripe cannot be reached", () => {
  it("sends the visitor back to the invoice with a note and logs why", async () => {
    const closed = await startFakeStripe();
    await closed.close();
    const cut = await startWorker({ vars: { RATE_LIMIT_MAX: "1000", STRIPE_SECRET_KEY: fakeStripeKeys.secretKey, STRIPE_API_BASE: closed.url } });
    try {
      const booked = await book(cut, 14);
      const response = await clickPay(cut, checkoutPathOf(booked));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`${booked.page}&checkout=unavailable`);
      const html = await (await cut.fetch(response.headers.get("Location")!)).text();
      expect(html).toContain("Card payment could not be started just now, and nothing was charged.");
      await expect.poll(() => cut.logs.join("\n")).toContain(`Checkout for ${booked.invoiceNumber} could not be started`);
    } finally {
      await cut.dispose();
    }
  });
});

describe("without Stripe configured", () => {
  it("shows no card button, and the checkout and webhook addresses answer 404", async () => {
    const plain = await startWorker({ vars: { RATE_LIMIT_MAX: "1000" } });
    try {
      const booked = await book(plain, 11);
      const html = await (await plain.fetch(booked.page)).text();
      expect(html).not.toContain("by card ($");
      expect(html).toContain("Pay now");
      expect((await clickPay(plain, checkoutPathOf(booked))).status).toBe(404);
      const { body, signature } = signedStripeEvent("checkout.session.completed", stripe.sessions[0]!);
      const webhook = await plain.fetch("/webhooks/stripe", { method: "POST", headers: { "Stripe-Signature": signature }, body });
      expect(webhook.status).toBe(404);
    } finally {
      await plain.dispose();
    }
  });
});
