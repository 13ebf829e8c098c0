/**
 * Bank transfers and PayID payments recorded from the owner's page of a booking, voided when
 * mistyped, and a booking completed the day after its event (docs/product-decisions.md, "The
 * owner's page, bank payments and the photos"): each counted, or not, everywhere a card payment
 * is — the reminders, expiry, the 48-hour hold, cancellation figures, the export, the receipt.
 */
import { parse } from "csv-parse/sync";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { business, lifecycle } from "~/business";
import { dueReminders } from "~/reminders/due";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { daySheetAddresses, feedToken, ownerLink } from "../support/links";
import { pdfText } from "../support/pdf-text";
import { bookThrough, indexed, keepAndAccept, keepMyDate, payThrough, startCheckout, type Booked } from "./booking";
import { freeOn, outboxMailsOf, postForm } from "./forms-support";
import { startedForFile, testOrigin, testVars, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

// Glam Booth, 4 Hours on a Saturday-or-so of the area's month: the figures are read from the books, not assumed.
const book = (day: number, fullName = `Bank payer ${day}`) =>
  bookThrough(worker, { ...validBooking, fullName, email: `bank${day}@example.com`, eventDate: eventDate("bankPayments", day), boothType: "Glam Booth", packageDuration: "4 Hours" });

const completedBook = (day: number) =>
  bookThrough(worker, { ...validBooking, fullName: `Completed ${day}`, email: `completed${day}@example.com`, eventDate: eventDate("completed", day), boothType: "Open Booth", packageDuration: "3 Hours" });

async function ledgerCopy(booked: Booked): Promise<BookingRecord> {
  const reading = await (await worker.ledger()).read(booked.invoiceNumber);
  return reading!.booking;
}

/** The owner's page of the booking, where its forms post. */
const paymentsPath = (booked: Booked) => ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking");

/** The owner's record form as the page posts it; `attempt` is the form's one-time id. */
async function recordBank(booked: Booked, fields: { amount: string; receivedOn?: string; reference?: string; attempt?: string }) {
  return postForm(worker, await paymentsPath(booked), { intent: "bank", attempt: fields.attempt ?? crypto.randomUUID(), receivedOn: fields.receivedOn ?? melbourneToday(), reference: fields.reference ?? "INV", amount: fields.amount });
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const owingNow = (booking: BookingRecord) => amountsDue(billableOf(booking)).owingNow!;

describe("a bank payment recorded from the owner's page", () => {
  it("counts as a card payment does: receipt, no deposit reminder, no expiry, the date kept past 48 hours, the export says bank", async () => {
    const booked = await book(1, "Nguyễn Thị Hương");
    const deposit = owingNow(await ledgerCopy(booked));
    expect(deposit.kind).toBe("deposit");

    const answer = await recordBank(booked, { amount: dollars(deposit.amountCents), reference: booked.invoiceNumber });
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.get("Location")!, testOrigin).searchParams.get("done")).toContain(`Recorded $${dollars(deposit.amountCents)} by bank on ${booked.invoiceNumber}`);

    const booking = await ledgerCopy(booked);
    expect(booking.payments).toEqual([expect.objectContaining({ method: "bank", kind: "deposit", amountCents: deposit.amountCents, reference: booked.invoiceNumber })]);
    expect(booking.payments![0]!.mismatch).toBeUndefined();
    // The receipt goes to the client, as for a card payment.
    await expect.poll(async () => (await outboxMailsOf(worker, booked.recordKey)).filter((mail) => mail.subject.startsWith("Receipt:")).map((mail) => mail.text)).toEqual([expect.stringContaining("bank transfer or PayID payment")]);
    // The invoice page and its PDF say how it was paid.
    expect(await (await worker.fetch(booked.page)).text()).toContain(`$${dollars(deposit.amountCents)} AUD by bank transfer or PayID`);
    const pdf = async () => pdfText(new Uint8Array(await (await (await worker.r2()).get(`${booked.invoiceNumber}.pdf`))!.arrayBuffer()));
    await expect.poll(pdf).toMatch(/Paid by bank transfer or PayID \w+day \d{1,2} \w+ \d{4} \(deposit\)/);
    // No deposit reminder is due, the request does not expire at 7 days, nor at the end of its 48 hours.
    expect(dueReminders(booking, addDays(amountsDue(billableOf(booking)).depositDueOn, -1)).map((reminder) => reminder.kind)).not.toContain("deposit-due");
    const ended = await (await worker.ledger()).endUnprovedHold(booked.invoiceNumber, new Date(Date.parse(booking.receivedAt) + lifecycle.unprovedHoldHours * 3_600_000).toISOString());
    expect(ended?.kind).toBe("refused");
    await indexed(worker, booked);
    await worker.scheduled(new Date(Date.parse(booking.receivedAt) + 8 * 86_400_000));
    expect((await ledgerCopy(booked)).status).toBe("requested");

    // The accountant's export carries it as a bank payment.
    const today = melbourneToday();
    const csv = await (await worker.fetch(`/owner/export.csv?from=${today}&to=${today}&token=${await feedToken(testVars.OWNER_FEED_SECRET, "export")}`)).text();
    const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    const row = rows.find((one) => Object.values(one).includes(booked.invoiceNumber) && Object.values(one).includes("payment"));
    expect(row && Object.values(row)).toContain("bank");
  });

  it("records a double submit of one form once, two payments quoting the same reference twice, and marks one beyond what was owing", async () => {
    const booked = await book(2);
    const deposit = owingNow(await ledgerCopy(booked));
    const attempt = crypto.randomUUID();
    const twice = await Promise.all([1, 2].map(() => recordBank(booked, { amount: dollars(deposit.amountCents), attempt, reference: booked.invoiceNumber })));
    expect(twice.map((answer) => answer.status)).toEqual([303, 303]);
    expect((await ledgerCopy(booked)).payments).toHaveLength(1);

    const balance = owingNow(await ledgerCopy(booked));
    expect(balance.kind).toBe("balance");
    expect((await recordBank(booked, { amount: dollars(balance.amountCents + 10_000), reference: booked.invoiceNumber })).status).toBe(303);
    const booking = await ledgerCopy(booked);
    expect(booking.payments).toHaveLength(2);
    const beyond = booking.payments!.find((payment) => payment.amountCents === balance.amountCents + 10_000);
    expect(beyond?.mismatch).toMatch(/but \$[\d,.]+ AUD was owing for the balance/);
    expect(amountsDue(billableOf(booking)).refundOwedCents).toBe(10_000);
  });

  it("counts in the client's cancellation figures", async () => {
    const booked = await book(3);
    await keepAndAccept(worker, booked, "Γιώργος Παπαδόπουλος");
    const deposit = owingNow(await ledgerCopy(booked));
    await recordBank(booked, { amount: dollars(deposit.amountCents) });
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(303);
    const booking = await ledgerCopy(booked);
    expect(booking.status).toBe("cancelled");
    expect(booking.cancellation?.paidCents).toBe(deposit.amountCents);
  });

  it("received the day of a move, counts after the move for its fee floor: a request moved while it could be withdrawn free keeps only its deposit when cancelled", async () => {
    // An Enclosed Booth requested 22 days out with nothing paid, moved to 62 days out, its deposit received by bank the same day.
    const booked = await bookThrough(worker, { ...validBooking, fullName: "Lê Thị Mai", email: "moved-then-paid@example.com", eventDate: addDays(melbourneToday(), 22), boothType: "Enclosed Booth", packageDuration: "3 Hours" });
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate: addDays(melbourneToday(), 62) })).status).toBe(303);
    const deposit = owingNow(await ledgerCopy(booked)).amountCents;
    expect((await recordBank(booked, { amount: dollars(deposit) })).status).toBe(303);
    const cancelPath = `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`;
    const page = await (await worker.fetch(cancelPath)).text();
    expect(page).toContain(`You have paid ${formatCents(deposit)}. Cancelling today, 62 days before the event, the deposit of ${formatCents(deposit)} is kept and nothing more is owed.`);
    expect((await postForm(worker, cancelPath, {})).status).toBe(303);
    expect((await ledgerCopy(booked)).cancellation).toMatchObject({ stage: "deposit", feeCents: deposit, owedCents: 0 });
  });

  it("counts from the day it was received, whenever it was recorded: before or after the client withdraws, the same money decides the same figures", async () => {
    // Two identical requests, the same deposit received the same day: one recorded before the client gives the date up, one after.
    const [before, after] = [await book(4, "Nguyễn Thị Lan"), await book(5, "陈美玲")];
    const deposit = owingNow(await ledgerCopy(before)).amountCents;
    const cancel = async (booked: Booked) => expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(303);
    expect((await recordBank(before, { amount: dollars(deposit) })).status).toBe(303);
    await cancel(before);
    await cancel(after);
    expect((await ledgerCopy(after)).cancellation).toMatchObject({ stage: "withdrawn", feeCents: 0 });
    expect((await recordBank(after, { amount: dollars(deposit) })).status).toBe(303);

    const [early, late] = [await ledgerCopy(before), await ledgerCopy(after)];
    // More than 30 days out the deposit paid is kept: nothing is owed back, and each is billed the deposit.
    for (const booking of [early, late]) {
      expect(booking.cancellation).toMatchObject({ stage: "deposit", feeCents: deposit });
      expect(amountsDue(billableOf(booking))).toMatchObject({ billedCents: deposit, refundOwedCents: 0, owingCents: 0 });
    }
    // The withdrawal's fee is kept behind the new one, so the documents already issued stand: the note of the whole, then the fee billed again.
    expect(late.cancellation?.earlier).toEqual([{ feeCents: 0, until: expect.any(String) }]);
    const documents = async (booked: Booked) => {
      const csv = await (await worker.fetch(`/owner/export.csv?from=${melbourneToday()}&to=${melbourneToday()}&token=${await feedToken(testVars.OWNER_FEED_SECRET, "export")}`)).text();
      return (parse(csv, { columns: true, bom: true }) as Record<string, string>[]).filter((row) => row["Invoice number"] === booked.invoiceNumber && row["Document"]).map((row) => [row["Type"], row["Amount"]]);
    };
    await indexed(worker, before);
    await indexed(worker, after);
    const total = dollars(early.totalCents);
    await expect.poll(() => documents(before)).toEqual([
      ["tax invoice", total],
      ["adjustment note", `-${dollars(early.totalCents - deposit)}`],
    ]);
    await expect.poll(() => documents(after)).toEqual([
      ["tax invoice", total],
      ["adjustment note", `-${total}`],
      ["supplementary tax invoice", dollars(deposit)],
    ]);
  });

  it("refuses bad input and a forged link, recording nothing", async () => {
    const booked = await book(4);
    expect((await recordBank(booked, { amount: "twelve" })).status).toBe(400);
    expect((await recordBank(booked, { amount: "0" })).status).toBe(400);
    expect((await recordBank(booked, { amount: "100", receivedOn: addDays(melbourneToday(), 1) })).status).toBe(409);
    expect((await recordBank(booked, { amount: "100", attempt: "not-an-id" })).status).toBe(400);
    const refundSig = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund");
    const forged = `/owner/booking/${booked.invoiceNumber}?${refundSig.split("?")[1]}`;
    expect((await postForm(worker, forged, { intent: "bank", attempt: crypto.randomUUID(), amount: "100", receivedOn: melbourneToday() })).status).toBe(404);
    expect((await ledgerCopy(booked)).payments ?? []).toEqual([]);
  });
});

describe("voiding a mistyped bank payment", () => {
  it("takes it out of every figure and keeps it in the history with its reason", async () => {
    const booked = await book(5);
    const deposit = owingNow(await ledgerCopy(booked));
    await recordBank(booked, { amount: dollars(deposit.amountCents * 10), reference: "typo" });
    const [payment] = (await ledgerCopy(booked)).payments!;
    const voided = await postForm(worker, await paymentsPath(booked), { intent: "void", paymentId: payment!.sessionId, reason: "Typed a zero too many" });
    expect(voided.status).toBe(303);
    const booking = await ledgerCopy(booked);
    expect(booking.payments ?? []).toEqual([]);
    expect(booking.voidedPayments).toEqual([expect.objectContaining({ sessionId: payment!.sessionId, reason: "Typed a zero too many", amountCents: deposit.amountCents * 10 })]);
    expect(amountsDue(billableOf(booking))).toMatchObject({ paidCents: 0, refundOwedCents: 0, owingNow: deposit });
    // Voided once; the same form again changes nothing, nor does recording the voided form again.
    expect((await postForm(worker, await paymentsPath(booked), { intent: "void", paymentId: payment!.sessionId, reason: "again" })).status).toBe(303);
    expect((await ledgerCopy(booked)).voidedPayments).toHaveLength(1);
  });

  it("refuses to void a card payment, or one whose refund would then exceed what was paid", async () => {
    const booked = await book(6);
    await keepAndAccept(worker, booked, "Trần Văn Minh");
    await payThrough(worker, stripe, booked);
    const [card] = (await ledgerCopy(booked)).payments!;
    expect((await postForm(worker, await paymentsPath(booked), { intent: "void", paymentId: card!.sessionId, reason: "no" })).status).toBe(400);

    expect((await ledgerCopy(booked)).payments).toEqual([card]);

    // $50 more than the whole total, the $50 refunded by bank: without the payment, the refund would exceed what was paid.
    const other = await book(7);
    await recordBank(other, { amount: dollars((await ledgerCopy(other)).totalCents + 5_000) });
    const refund = await postForm(worker, await ownerLink(testVars.OWNER_LINK_SECRET, other.invoiceNumber, "refund"), { method: "bank", attempt: crypto.randomUUID() });
    expect(refund.status).toBe(200);
    expect((await ledgerCopy(other)).refunds).toEqual([expect.objectContaining({ method: "bank", amountCents: 5_000 })]);
    const [bank] = (await ledgerCopy(other)).payments!;
    const refused = await postForm(worker, await paymentsPath(other), { intent: "void", paymentId: bank!.sessionId, reason: "mistyped" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("the refunds would exceed what was paid");
    expect((await ledgerCopy(other)).payments).toEqual([bank]);
  });
});

describe("voiding a bank payment the books were decided with", () => {
  const withdrawnReceipts = async (booked: Booked) =>
    (await outboxMailsOf(worker, booked.recordKey)).filter((mail) => mail.subject.startsWith("Receipt withdrawn:")).map((mail) => mail.text);

  it("voids one recorded after a cancellation: the charge is worked out again, nothing is owed back, and the receipt is withdrawn", async () => {
    // Cancelled at the half stage; the owner then types the charge with a zero too many.
    const booked = await bookThrough(worker, { ...validBooking, fullName: "Trần Thị Hoa", email: "void-after-cancel@example.com", eventDate: addDays(melbourneToday(), 23), boothType: "Open Booth", packageDuration: "3 Hours" });
    await keepAndAccept(worker, booked, "Trần Thị Hoa");
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(303);
    const { feeCents } = (await ledgerCopy(booked)).cancellation!;
    expect(feeCents).toBe(Math.round((await ledgerCopy(booked)).totalCents / 2));
    await recordBank(booked, { amount: dollars(feeCents * 10), reference: "typo" });
    expect(amountsDue(billableOf(await ledgerCopy(booked))).refundOwedCents).toBe(feeCents * 9);
    const [typo] = (await ledgerCopy(booked)).payments!;

    const voided = await postForm(worker, await paymentsPath(booked), { intent: "void", paymentId: typo!.sessionId, reason: "A zero too many" });
    expect(voided.status).toBe(303);
    const booking = await ledgerCopy(booked);
    expect(booking.status).toBe("cancelled");
    expect(booking.cancellation).toMatchObject({ stage: "half", feeCents, paidCents: 0, owedCents: feeCents });
    expect(amountsDue(billableOf(booking))).toMatchObject({ paidCents: 0, refundOwedCents: 0, owingCents: feeCents });
    const page = await (await worker.fetch(booked.page)).text();
    expect(page).toContain(`${formatCents(feeCents)} is still owed`);
    await expect.poll(() => withdrawnReceipts(booked)).toEqual([expect.stringContaining(`payment of ${formatCents(feeCents * 10)} AUD received`)]);
  });

  it("lets a request completed only because of the voided payment lapse after all: expired, billed nothing", async () => {
    const booked = await completedBook(3);
    const deposit = owingNow(await ledgerCopy(booked));
    await recordBank(booked, { amount: dollars(deposit.amountCents) });
    await indexed(worker, booked);
    await worker.scheduled(melbourneInstant(addDays(booked.eventDate, 1), "06:00"));
    expect((await ledgerCopy(booked)).status).toBe("completed");
    const [bank] = (await ledgerCopy(booked)).payments!;

    expect((await postForm(worker, await paymentsPath(booked), { intent: "void", paymentId: bank!.sessionId, reason: "Another client's transfer" })).status).toBe(303);
    const booking = await ledgerCopy(booked);
    expect(booking.status).toBe("expired");
    expect(booking.history.at(-1)).toMatchObject({ status: "expired", by: "owner" });
    expect(amountsDue(billableOf(booking))).toMatchObject({ billedCents: 0, owingCents: 0, refundOwedCents: 0 });
    await expect.poll(() => withdrawnReceipts(booked)).toHaveLength(1);
  });
});

describe("a payment that had arrived before its booking lapsed", () => {
  // 19 and 21 days out, the deposit is due 14 days before the event: the booking lapses the morning after, unpaid.
  const lapsing = async (day: number, fullName: string) => {
    const booked = await bookThrough(worker, { ...validBooking, fullName, email: `lapsing${day}@example.com`, eventDate: addDays(melbourneToday(), day), boothType: "Enclosed Booth", packageDuration: "3 Hours" });
    expect((await keepMyDate(worker, booked)).status).toBe(303);
    await indexed(worker, booked);
    const { depositDueOn } = amountsDue(billableOf(await ledgerCopy(booked)));
    await worker.scheduled(melbourneInstant(addDays(depositDueOn, 1), "07:00"));
    expect((await ledgerCopy(booked)).history.at(-1)).toMatchObject({ status: "expired", by: "schedule" });
    expect((await freeOn(worker, booked.eventDate))["Enclosed Booth"]).toBe(1);
    return { booked, depositDueOn };
  };
  // The owner's form refuses a date after today: the schedule ran as of days ahead, so the owner records as of the day after it, through the ledger the form calls.
  const recordAsOf = async (booked: Booked, amountCents: number, receivedOn: string, at: string) =>
    (await worker.ledger()).recordBankPayment({ invoiceNumber: booked.invoiceNumber, attempt: crypto.randomUUID(), amountCents, receivedOn, reference: "PayID", at });

  it("puts the booking back as it was, its booth held again, billed again, and tells the client", async () => {
    const { booked, depositDueOn } = await lapsing(19, "Phạm Thị Thu");
    const deposit = amountsDue(billableOf(await ledgerCopy(booked))).depositCents;
    // Received by PayID the day it was due, recorded the day after the booking lapsed.
    expect(await recordAsOf(booked, deposit, depositDueOn, melbourneInstant(addDays(depositDueOn, 2), "09:00").toISOString())).toMatchObject({ status: "recorded" });
    const booking = await ledgerCopy(booked);
    expect(booking.status).toBe("requested");
    expect(booking.history.at(-1)).toMatchObject({ status: "requested" });
    expect((await freeOn(worker, booked.eventDate))["Enclosed Booth"]).toBe(0);
    expect(amountsDue(billableOf(booking))).toMatchObject({ billedCents: booking.totalCents, refundOwedCents: 0, paidCents: deposit });
    await expect.poll(async () => (await outboxMailsOf(worker, booked.recordKey)).map((mail) => mail.subject)).toContain(`Your booking ${booked.invoiceNumber} is back – ${business.name}`);
    // The lapse took the invoice off; putting it back bills it again, on documents of their own.
    const page = await (await worker.fetch(booked.page)).text();
    expect(page).toContain(`Adjustment note ${booked.invoiceNumber}-CN1`);
    expect(page).toContain(`Supplementary tax invoice ${booked.invoiceNumber}-A1`);
  });

  it("leaves it expired when its date was taken since, the payment owed back, and says so with the choices", async () => {
    const { booked, depositDueOn } = await lapsing(21, "Ngô Bảo Châu");
    const taker = await bookThrough(worker, { ...validBooking, fullName: "Someone Else", email: "taker21@example.com", eventDate: booked.eventDate, boothType: "Enclosed Booth", packageDuration: "3 Hours" });
    expect(taker.invoiceNumber).toBeTruthy();
    expect(await recordAsOf(booked, 10_000, depositDueOn, melbourneInstant(addDays(depositDueOn, 2), "09:00").toISOString())).toMatchObject({ status: "recorded" });
    const reading = await (await worker.ledger()).read(booked.invoiceNumber);
    expect(reading!.booking.status).toBe("expired");
    expect(amountsDue(billableOf(reading!.booking)).refundOwedCents).toBe(10_000);
    expect(reading!.notes).toContain("PAID BEFORE IT LAPSED, DATE GONE: REFUND, OR OFFER A MOVE");
  });

  it("does not count one received after the lapse", async () => {
    const { booked, depositDueOn } = await lapsing(24, "Đỗ Minh Khoa");
    expect(await recordAsOf(booked, 10_000, addDays(depositDueOn, 2), melbourneInstant(addDays(depositDueOn, 2), "09:00").toISOString())).toMatchObject({ status: "recorded" });
    expect((await ledgerCopy(booked)).status).toBe("expired");
  });
});

describe("a booking the day after its event", () => {
  it("is completed by the schedule: the feed and the export say so, it still takes what it owes, and offers no change", async () => {
    const booked = await completedBook(1);
    await keepAndAccept(worker, booked, "王小明");
    const deposit = owingNow(await ledgerCopy(booked));
    await recordBank(booked, { amount: dollars(deposit.amountCents) });
    await indexed(worker, booked);

    await worker.scheduled(melbourneInstant(addDays(booked.eventDate, 1), "06:00"));
    const booking = await ledgerCopy(booked);
    expect(booking.status).toBe("completed");
    expect(booking.history.at(-1)).toMatchObject({ status: "completed", by: "schedule" });
    // Thanked, as a confirmed booking is.
    await expect.poll(async () => (await outboxMailsOf(worker, booked.recordKey)).map((mail) => mail.messageId)).toContainEqual(expect.stringContaining("#reminder-thank-you-"));

    // Billed its total: the balance is still owing and the pay button takes it.
    const session = await startCheckout(worker, stripe, booked);
    expect(session.amount_total).toBe(amountsDue(billableOf(booking)).owingCents);
    // Nothing to change any more.
    const moved = await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate: addDays(booked.eventDate, 7) });
    expect(moved.status).toBe(409);
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(409);
    expect((await ledgerCopy(booked)).status).toBe("completed");

    // The day's sheet still lists it, to settle up after the event.
    const sheet = new URL((await daySheetAddresses({ SITE_ORIGIN: testOrigin, OWNER_DAY_SECRET: testVars.OWNER_DAY_SECRET }, [booked.eventDate])).get(booked.eventDate)!);
    expect(await (await worker.fetch(`${sheet.pathname}${sheet.search}`)).text()).toContain(booked.invoiceNumber);

    const feed = await (await worker.fetch(`/owner/calendar.ics?token=${await feedToken(testVars.OWNER_FEED_SECRET, "feed")}`)).text();
    const event = new ICAL.Component(ICAL.parse(feed))
      .getAllSubcomponents("vevent")
      .find((one) => String(one.getFirstPropertyValue("summary")).includes(booked.invoiceNumber))!;
    expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(String(event.getFirstPropertyValue("description"))).toContain("· completed");
    const today = melbourneToday();
    const csv = await (await worker.fetch(`/owner/export.csv?from=${today}&to=${today}&token=${await feedToken(testVars.OWNER_FEED_SECRET, "export")}`)).text();
    // Completed, it is billed its total: the tax invoice, and no adjustment note.
    const documents = (parse(csv, { columns: true, bom: true }) as Record<string, string>[]).filter((row) => row["Invoice number"] === booked.invoiceNumber && row["Document"]);
    expect(documents.map((row) => [row["Type"], row["Amount"]])).toEqual([["tax invoice", dollars((await ledgerCopy(booked)).totalCents)]]);
  });

  // An event a few days away, so that its morning after comes inside the request's 7 days: the only way a request still holds its date then.
  it("lets a request nobody confirmed and nothing was paid on lapse (expired, billed nothing), and completes one paid on", async () => {
    const soon = (day: number, fullName: string) =>
      bookThrough(worker, { ...validBooking, fullName, email: `soon${day}@example.com`, eventDate: addDays(melbourneToday(), day), boothType: "Enclosed Booth", packageDuration: "3 Hours" });
    const [lapsing, paying] = [await soon(3, "Nguyễn Văn Nam"), await soon(4, "Γιώργος Νικολάου")];
    for (const booked of [lapsing, paying]) expect((await keepMyDate(worker, booked)).status).toBe(303);
    await recordBank(paying, { amount: dollars(owingNow(await ledgerCopy(paying)).amountCents) });
    for (const booked of [lapsing, paying]) await indexed(worker, booked);

    await worker.scheduled(melbourneInstant(addDays(paying.eventDate, 1), "06:00"));
    const lapsed = await ledgerCopy(lapsing);
    expect(lapsed.history.at(-1)).toMatchObject({ status: "expired", by: "schedule" });
    expect(amountsDue(billableOf(lapsed)).owingCents).toBe(0);
    expect((await freeOn(worker, lapsing.eventDate))["Enclosed Booth"]).toBe(1);
    expect((await ledgerCopy(paying)).status).toBe("completed");
  });

  it("leaves a booking that gave its date up as it was", async () => {
    const booked = await completedBook(2);
    await keepAndAccept(worker, booked, "Lê Thị Mai");
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(303);
    await indexed(worker, booked);
    await worker.scheduled(melbourneInstant(addDays(booked.eventDate, 1), "06:00"));
    expect((await ledgerCopy(booked)).status).toBe("cancelled");
  });
});
