import { execFile } from "node:child_process";
import { promisify } from "node:util";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { depositOf, formatCents } from "~/bookings/record/amounts";
import { priceBooking } from "~/prices/booking-price";
import { noExtras } from "~/prices/extras";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { signedEvent, startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { atGenerations, ownerLink } from "../support/links";
import { bookThrough, currentRecord, payThrough, type Booked } from "./booking";
import { freeOn, postForm, settledMailsOf } from "./forms-support";
import { decode } from "./invoice-page";
import { startedForFile, testOrigin, testVars, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

// Glam Booth, 4 Hours: $740 from Friday to Sunday, the days the refund tests book (Monday to
// Thursday takes 10% off).
const today = melbourneToday();

const book = (eventDate: string, boothType = "Glam Booth") => bookThrough(worker, { ...validBooking, fullName: "Mai Trần", eventDate, boothType, packageDuration: "4 Hours" });

const current = (booked: Booked) => currentRecord(worker, booked);

const changePath = (booked: Booked, page: "move" | "cancel") => `/invoice/${booked.invoiceNumber}/${page}?key=${booked.secret}`;

const pay = (booked: Booked) => payThrough(worker, stripe, booked);

async function ics(booked: Booked) {
  const text = await (await worker.fetch(`/invoice/${booked.invoiceNumber}/event.ics?key=${booked.secret}`)).text();
  return new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
}

describe("moving a booking's date", () => {
  it("moves the record under its new date's key, frees the old date, takes the new one and tells both", async () => {
    const booked = await book(eventDate("changes", 1));
    const uid = (await ics(booked)).getFirstPropertyValue("uid");
    const newDate = eventDate("changes", 2);
    const response = await postForm(worker, changePath(booked, "move"), { newDate });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${booked.page}#changes`);

    const kv = await worker.kv();
    expect(await kv.get(`booking:${booked.eventDate}:${booked.invoiceNumber}`)).toBeNull();
    const moved = await current(booked);
    expect(moved).toMatchObject({ eventDate: newDate, invoiceNumber: booked.invoiceNumber, invoiceSecret: booked.secret, moves: [{ from: booked.eventDate, to: newDate }] });
    expect((await freeOn(worker, booked.eventDate))["Glam Booth"]).toBe(1);
    expect((await freeOn(worker, newDate))["Glam Booth"]).toBe(0);

    const event = await ics(booked);
    expect(event.getFirstPropertyValue("uid")).toBe(uid);
    expect(event.getFirstPropertyValue("sequence")).toBe(1);
    expect(String(event.getFirstPropertyValue("dtstart"))).toBe(newDate);

    const mails = await settledMailsOf(worker, `booking:${newDate}:${booked.invoiceNumber}`);
    expect(mails.map((mail) => mail.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/is now on/), expect.stringMatching(/^Date moved/)]));
  });

  it("refuses a date whose booth is taken with 409 and the booking's message, changing nothing", async () => {
    const taken = eventDate("changes", 4);
    await book(taken, "Open Booth");
    const booked = await book(eventDate("changes", 3), "Open Booth");
    const response = await postForm(worker, changePath(booked, "move"), { newDate: taken });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("The Open Booth is already booked on");
    expect((await current(booked)).eventDate).toBe(booked.eventDate);
    expect((await freeOn(worker, booked.eventDate))["Open Booth"]).toBe(0);
  });

  it("leaves two racing moves on exactly one date with one hold", async () => {
    const booked = await book(eventDate("changes", 5), "Enclosed Booth");
    const [first, second] = [eventDate("changes", 6), eventDate("changes", 7)];
    const answers = await Promise.all([first, second].map((newDate) => postForm(worker, changePath(booked, "move"), { newDate })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 303]);
    const final = (await current(booked)).eventDate;
    expect([first, second]).toContain(final);
    const held = await Promise.all([booked.eventDate, first, second].map(async (date) => (await freeOn(worker, date))["Enclosed Booth"] === 0));
    expect(held).toEqual([booked.eventDate, first, second].map((date) => date === final));
    const keys = (await (await worker.kv()).list({ prefix: "booking:" })).keys.filter((key) => key.name.endsWith(booked.invoiceNumber));
    expect(keys.map((key) => key.name)).toEqual([`booking:${final}:${booked.invoiceNumber}`]);
  });
});

describe("cancelling from the booking page", () => {
  // A booking made 13 days before its event is paid in full at once; the others pay the deposit.
  // The dates move with today, and so do their rules (a weekday's 10% off, a holiday's 20%): the
  // figures come from the booking's own price.
  it.each([31, 30, 14, 13] as const)("%i days before the event shows then stores the figures of its price", async (days) => {
    const total = priceBooking({ boothType: "Glam Booth", packageDuration: "4 Hours", eventDate: addDays(today, days), extras: noExtras, promo: null, travelFee: 0 }).totalCents;
    const deposit = depositOf(total);
    const half = Math.round(total / 2);
    const { paid, sentence, figures } = {
      31: { paid: deposit, sentence: `the deposit of ${formatCents(deposit)} is kept and nothing more is owed`, figures: { stage: "deposit", paidCents: deposit, refundCents: 0, owedCents: 0 } },
      30: { paid: deposit, sentence: `50% of the total, ${formatCents(half)}, is due: ${formatCents(half - deposit)} is still owed`, figures: { stage: "half", paidCents: deposit, owedCents: half - deposit } },
      14: { paid: deposit, sentence: `50% of the total, ${formatCents(half)}, is due: ${formatCents(half - deposit)} is still owed`, figures: { stage: "half", paidCents: deposit, owedCents: half - deposit } },
      13: { paid: total, sentence: `the full amount of ${formatCents(total)} is due and nothing is refunded`, figures: { stage: "full", paidCents: total, refundCents: 0, owedCents: 0 } },
    }[days];
    const booked = await book(addDays(today, days));
    await pay(booked);
    const before = await (await worker.fetch(changePath(booked, "cancel"))).text();
    expect(before).toContain(`You have paid ${formatCents(paid)}. Cancelling today, ${days} days before the event, ${sentence}.`);
    expect((await current(booked)).status).not.toBe("cancelled");

    expect((await postForm(worker, changePath(booked, "cancel"), {})).status).toBe(303);
    const cancelled = await current(booked);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancellation).toMatchObject({ by: "client", daysBefore: days, ...figures });
    expect(Object.values(await freeOn(worker, booked.eventDate)).every((free) => free === 1)).toBe(true);
    if (figures.owedCents) expect(await (await worker.fetch(booked.page)).text()).toContain("Owing now (cancellation charge)");
  });

  it("says, once the cancellation charge is paid, that nothing more is owed, as the statement beside it does", async () => {
    const booked = await book(addDays(today, 20), "Open Booth");
    const deposit = (await pay(booked)).amount_total;
    expect((await postForm(worker, changePath(booked, "cancel"), {})).status).toBe(303);
    const { feeCents } = (await current(booked)).cancellation!;
    const owed = `${formatCents(feeCents - deposit)} is still owed`;
    expect(await (await worker.fetch(booked.page)).text()).toContain(owed);

    // The charge paid by bank transfer, recorded from the owner's page.
    const owner = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking");
    const recorded = await postForm(worker, owner, { intent: "bank", attempt: crypto.randomUUID(), receivedOn: today, reference: booked.invoiceNumber, amount: ((feeCents - deposit) / 100).toFixed(2) });
    expect(recorded.status).toBe(303);
    const page = await (await worker.fetch(booked.page)).text();
    expect(page).toContain(`You have paid ${formatCents(feeCents)}. Cancelling on ${formatDateInWords(today)}, 20 days before the event, 50% of the total, ${formatCents(feeCents)}, is due: nothing more is owed.`);
    expect(page).not.toContain(owed);
    expect(page).not.toContain("Owing now (cancellation charge)");
  });

  it("takes the charge a cancellation still owes by card checkout alone, for exactly that: no pay page, no bank details", async () => {
    const booked = await book(addDays(today, 21), "Enclosed Booth");
    const deposit = (await pay(booked)).amount_total;
    expect((await postForm(worker, changePath(booked, "cancel"), {})).status).toBe(303);
    const owed = (await current(booked)).cancellation!.feeCents - deposit;
    expect(owed).toBeGreaterThan(0);
    const html = await (await worker.fetch(booked.page)).text();
    expect(html).toContain(`Pay the cancellation charge by card (${formatCents(owed)})`);
    expect(html).not.toContain("/pay?invoice=");
    expect(html).not.toContain("Ways to pay");

    const session = await pay(booked);
    expect(session.amount_total).toBe(owed);
    const paid = await current(booked);
    expect(paid.payments!.at(-1)).toEqual(expect.objectContaining({ kind: "cancellation", amountCents: owed }));
    expect(paid.payments!.every((payment) => payment.mismatch === undefined)).toBe(true);
    const after = await (await worker.fetch(booked.page)).text();
    expect(after).toContain("nothing more is owed");
    expect(after).not.toContain("Pay the cancellation charge by card");
  });

  it("withdraws a request with nothing paid free of charge", async () => {
    const booked = await book(eventDate("changes", 8));
    expect(await (await worker.fetch(changePath(booked, "cancel"))).text()).toContain("withdrawn free of charge");
    expect((await postForm(worker, changePath(booked, "cancel"), {})).status).toBe(303);
    expect((await current(booked)).cancellation).toMatchObject({ stage: "withdrawn", feeCents: 0 });
  });
});

describe("refunds", () => {
  /** A booking paid in full, then cancelled by the owner: everything is owed back. */
  async function cancelledByOwner(day: number) {
    const booked = await book(eventDate("changes", day));
    const deposit = await pay(booked);
    const balance = await pay(booked);
    const cancel = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "cancel");
    await worker.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm"), { method: "POST" });
    expect((await worker.fetch(cancel, { method: "POST" })).status).toBe(200);
    const refund = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund");
    return { booked, deposit, balance, refund };
  }

  it("refunds by card through Stripe once, newest payment first, even when the button is pressed twice", async () => {
    const { booked, deposit, balance, refund } = await cancelledByOwner(10);
    expect(await (await worker.fetch(refund)).text()).toContain("is owed back $740.00");
    const press = () => worker.fetch(refund, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "method=card" });
    expect((await press()).status).toBe(200);
    expect((await press()).status).toBe(200);
    const calls = stripe.requests.filter((request) => request.path === "/v1/refunds" && request.params["metadata[invoiceNumber]"] === booked.invoiceNumber);
    expect(calls.map((call) => [call.params.payment_intent, call.params.amount])).toEqual([
      [`pi_${balance.id}`, "51800"],
      [`pi_${deposit.id}`, "22200"],
    ]);
    // One press, one attempt: its id is in each call's key, with the payment it refunds.
    const keys = calls.map((call) => /^refund-([0-9a-f-]{36})-(pi_.+)$/.exec(call.idempotencyKey ?? ""));
    expect(keys.map((key) => key?.[2])).toEqual([`pi_${balance.id}`, `pi_${deposit.id}`]);
    expect(new Set(keys.map((key) => key?.[1])).size).toBe(1);
    const refunded = await current(booked);
    expect(refunded.refunds?.map((item) => item.amountCents)).toEqual([51_800, 22_200]);
    const page = await (await worker.fetch(booked.page)).text();
    // Cancelled by the owner, it bills nothing: its adjustment note takes the whole invoice off, and the refunds carry no GST of their own.
    expect(page).toContain(`Adjustment note ${booked.invoiceNumber}-CN1`);
    const note = await worker.fetch(`/invoice/${booked.invoiceNumber}/documents/${booked.invoiceNumber}-CN1.pdf?key=${booked.secret}`);
    expect(note.headers.get("Content-Type")).toBe("application/pdf");
    expect((await worker.fetch(`/invoice/${booked.invoiceNumber}/documents/${booked.invoiceNumber}-CN1.pdf?key=wrong`)).status).toBe(404);
    expect((await worker.fetch(`/invoice/${booked.invoiceNumber}/documents/${booked.invoiceNumber}-CN2.pdf?key=${booked.secret}`)).status).toBe(404);
  });

  it("records by bank transfer, once, only what the card payments cannot give back: cards go back to cards first", async () => {
    // Paid all by card: the card refund gives it all back, so there is nothing to record by bank.
    const { booked: byCard, refund: byCardLink } = await cancelledByOwner(11);
    expect(decode(await (await worker.fetch(byCardLink)).text())).not.toContain("by bank transfer");
    const refused = await worker.fetch(byCardLink, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "method=bank" });
    expect(decode(await refused.text())).toContain("The card payments can give back all that is owed: refund it by card.");
    expect((await current(byCard)).refunds ?? []).toEqual([]);

    // The deposit by card, the balance by bank transfer, then cancelled by the owner.
    const booked = await book(eventDate("changes", 14));
    const deposit = (await pay(booked)).amount_total;
    const owner = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking");
    const balance = (await current(booked)).totalCents - deposit;
    await postForm(worker, owner, { intent: "bank", attempt: crypto.randomUUID(), receivedOn: today, reference: booked.invoiceNumber, amount: (balance / 100).toFixed(2) });
    await worker.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm"), { method: "POST" });
    expect((await worker.fetch(await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "cancel"), { method: "POST" })).status).toBe(200);
    const refund = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund");
    const page = decode(await (await worker.fetch(refund)).text());
    expect(page).toContain(`Refund ${formatCents(deposit)} by card`);
    expect(page).toContain(`I refunded ${formatCents(balance)} by bank transfer`);
    const press = () => worker.fetch(refund, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "method=bank" });
    await press();
    await press();
    expect((await current(booked)).refunds).toEqual([expect.objectContaining({ method: "bank", amountCents: balance })]);
    await worker.fetch(refund, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "method=card" });
    expect((await current(booked)).refunds?.map(({ method, amountCents }) => [method, amountCents])).toEqual([["bank", balance], ["card", deposit]]);
  });

  it("records a refund made in Stripe's dashboard once from charge.refunded as Stripe sends it (the refunds asked of the API), and flags one that was not owed", async () => {
    const booked = await book(eventDate("changes", 12));
    const deposit = await pay(booked);
    const { charge, refund } = stripe.refundInDashboard(`pi_${deposit.id}`, 5_000)!;
    expect(charge).not.toHaveProperty("refunds");
    for (let delivery = 0; delivery < 2; delivery++) {
      const { body, signature } = signedEvent("charge.refunded", charge);
      expect((await worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body })).status).toBe(200);
    }
    const recorded = await current(booked);
    expect(recorded.refunds).toEqual([expect.objectContaining({ id: refund.id, amountCents: 5_000, mismatch: expect.stringContaining("$0.00 was owed back") })]);
    const { keys } = await (await worker.kv()).list<{ summary: string }>({ prefix: `booking:${booked.eventDate}:${booked.invoiceNumber}` });
    expect(keys[0]?.metadata?.summary).toMatch(/REFUND MISMATCH$/);
  });

  it("puts a fresh link to the owner's page in the morning e-mail while money is owed back, one the Worker accepts", async () => {
    const { booked } = await cancelledByOwner(16);
    await worker.scheduled(melbourneInstant(today, "06:00"));
    const [morning] = await settledMailsOf(worker, `agenda:${today}`);
    expect(morning?.text).toContain(`${booked.invoiceNumber} Mai Trần: $740.00 to refund`);
    const link = new URL(new RegExp(`Your page of booking ${booked.invoiceNumber}: (\\S+)`).exec(morning!.text)![1]!);
    expect(await (await worker.fetch(link.pathname + link.search)).text()).toContain("is owed back $740.00");
  });

  // The script reads the generations through the site, a process of its own that takes seconds.
  it("prints a Refund link the Worker accepts from npm run owner:links -- --refund", async () => {
    const { booked } = await cancelledByOwner(17);
    const env = { ...process.env, SITE_ORIGIN: testOrigin, OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET };
    const { stdout } = await promisify(execFile)("node", ["scripts/owner-links.mjs", "--site", worker.url, "--refund", booked.invoiceNumber], { env });
    const link = new URL(/https:\/\/\S+/.exec(stdout)![0]);
    expect(link.pathname).toBe(`/owner/${booked.invoiceNumber}/refund`);
    expect(await (await worker.fetch(link.pathname + link.search)).text()).toContain("is owed back $740.00");
  }, 90_000);

  it("answers a forged refund link, or one of another generation, with 404", async () => {
    const booked = await book(eventDate("changes", 13));
    const forged = await ownerLink("another-secret-that-is-at-least-32-characters", booked.invoiceNumber, "refund");
    expect((await worker.fetch(forged)).status).toBe(404);
    const otherGeneration = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund", atGenerations({ refund: 1 }));
    expect((await worker.fetch(otherGeneration)).status).toBe(404);
  });
});
