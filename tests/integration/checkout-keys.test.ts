/**
 * The pay button and the ledger's changes (docs/product-decisions.md, "What the books must always
 * say"): a Checkout Session the ledger expired is never handed out again, a session started for
 * what a booking owed before a change takes nothing, each move's e-mails go out even to a date the
 * booking held before, and a change writes the booking's KV key once (KV takes one write a second
 * to a key). Storage is counted (scripts/lib/local-worker.mjs) so the writes to one key are seen.
 */
import { describe, expect, it } from "vitest";
import { amountsDue, depositOf } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars, type FakeSession } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { bookThrough, currentRecord, deliverPaid, payThrough, startCheckout, storedWith, type Booked } from "./booking";
import { outboxMailsOf, postForm, settledRecord } from "./forms-support";
import { startedForFile, testOrigin, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) }, faults: { counted: true } }));

const book = (day: number, extras: Record<string, unknown> = {}) =>
  bookThrough(worker, { ...validBooking, fullName: "Siobhán Ó Briain", eventDate: eventDate("checkoutKeys", day), boothType: "Glam Booth", packageDuration: "4 Hours", ...extras });

const move = (booked: Booked, newDate: string) => postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate });

/** The add-ons form as a browser without JavaScript posts it. */
const changeAddOns = (booked: Booked, choices: Record<string, string>) => postForm(worker, booked.page, { intent: "extras", extraHours: "0", backdrop: "", ...choices });

const statusAtStripe = (session: FakeSession) => stripe.sessions.find((one) => one.id === session.id)?.status;

/** The booking's record once every e-mail queued for it so far has been sent. */
const settled = async (booked: Booked) => settledRecord(worker, (await currentKey(booked)) ?? booked.recordKey);

async function currentKey(booked: Booked) {
  const record = await currentRecord(worker, booked);
  return `booking:${record.eventDate}:${booked.invoiceNumber}`;
}

describe("the pay button after the ledger expired the booking's session", () => {
  it("opens a new session after a move, not the expired one", async () => {
    const booked = await book(1);
    const first = await startCheckout(worker, stripe, booked);
    expect((await move(booked, eventDate("checkoutKeys", 2))).status).toBe(303);
    expect(statusAtStripe(first)).toBe("expired");

    const second = await startCheckout(worker, stripe, booked);
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe("open");
    expect(second.amount_total).toBe(first.amount_total);
  });

  it("opens a new session after swapping two add-ons of equal value", async () => {
    const booked = await book(3, { "addOn-guest-book": true });
    const first = await startCheckout(worker, stripe, booked);
    const before = await currentRecord(worker, booked);
    expect((await changeAddOns(booked, { "addOn-online-gallery": "on" })).status).toBe(303);
    const after = await currentRecord(worker, booked);
    expect(after.extras?.addOns).toEqual(["online-gallery"]);
    expect(after.totalCents).toBe(before.totalCents);
    expect(statusAtStripe(first)).toBe("expired");

    const second = await startCheckout(worker, stripe, booked);
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe("open");
    expect(second.amount_total).toBe(first.amount_total);
  });
});

describe("a session started for what the booking owed before a change", () => {
  it("is expired at once, and the visitor is sent back to the page to pay what is owing now", async () => {
    const booked = await book(4);
    const before = await currentRecord(worker, booked);
    // The pay button reads the booking, then waits on Stripe while the client adds an add-on in another tab.
    const hold = stripe.hold("/v1/checkout/sessions");
    const pressed = worker.fetch(`/invoice/${booked.invoiceNumber}/checkout?key=${booked.secret}`, { method: "POST", headers: { Origin: testOrigin }, redirect: "manual" });
    await hold.arrived;
    expect((await changeAddOns(booked, { "addOn-audio-guest-book": "on" })).status).toBe(303);
    hold.release();
    const answer = await pressed;

    const stale = stripe.sessions.find((session) => session.metadata.invoiceNumber === booked.invoiceNumber)!;
    expect(stale.amount_total).toBe(depositOf(before.totalCents));
    expect(statusAtStripe(stale)).toBe("expired");
    expect(answer.headers.get("Location")).toBe(`${booked.page}&checkout=changed`);
    const page = await (await worker.fetch(`${booked.page}&checkout=changed`)).text();
    expect(page).toContain("What is owing changed while card payment was starting");

    const owing = amountsDue(billableOf(await currentRecord(worker, booked))).owingNow!;
    expect(owing.amountCents).not.toBe(stale.amount_total);
    const fresh = await startCheckout(worker, stripe, booked);
    expect(fresh.status).toBe("open");
    expect(fresh.amount_total).toBe(owing.amountCents);
    await deliverPaid(worker, fresh);
    expect((await storedWith(worker, booked, fresh.id)).payments?.map((payment) => payment.amountCents)).toEqual([owing.amountCents]);
    // Never remembered: a move, which expires every session the ledger knows, does not ask Stripe about it.
    const askedAbout = () => stripe.requests.filter((request) => request.path.startsWith(`/v1/checkout/sessions/${stale.id}`)).length;
    const asked = askedAbout();
    expect((await move(booked, eventDate("checkoutKeys", 11))).status).toBe(303);
    expect(askedAbout()).toBe(asked);
  });
});

describe("moving back to a date the booking held before", () => {
  it("e-mails the client and the owner about every move, the third included", async () => {
    const booked = await book(5);
    const [a, b] = [booked.eventDate, eventDate("checkoutKeys", 6)];
    for (const to of [b, a, b]) {
      expect((await move(booked, to)).status).toBe(303);
      await settled(booked);
    }
    const mails = [...(await outboxMailsOf(worker, `booking:${a}:${booked.invoiceNumber}`)), ...(await outboxMailsOf(worker, `booking:${b}:${booked.invoiceNumber}`))];
    expect(mails.filter((mail) => /is now on/.test(mail.subject))).toHaveLength(3);
    expect(mails.filter((mail) => /^Date moved/.test(mail.subject))).toHaveLength(3);
  });
});

describe("a change writes the booking's KV key once", () => {
  /** The KV writes to `key` while `work` ran and the e-mails it queued were sent. */
  async function writesTo(booked: Booked, key: () => Promise<string>, work: () => Promise<unknown>) {
    await settled(booked);
    const calls = await worker.calls(async () => {
      await work();
      await settled(booked);
    });
    const written = await key();
    return calls.filter((call) => call === `kv.put ${written}`).length;
  }

  // Each e-mail's outcome is then written once by the e-mail queue (its own change, through the ledger).
  const andEachMail = (mails: number) => 1 + mails;

  it("for a payment", async () => {
    const booked = await book(7);
    const session = await startCheckout(worker, stripe, booked);
    expect(await writesTo(booked, () => currentKey(booked), () => deliverPaid(worker, session))).toBe(andEachMail(2));
  });

  it("for a cancellation", async () => {
    const booked = await book(8);
    await payThrough(worker, stripe, booked);
    const cancel = () => postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {});
    expect(await writesTo(booked, () => currentKey(booked), cancel)).toBe(andEachMail(2));
  });

  it("for a move, under its new date's key", async () => {
    const booked = await book(9);
    expect(await writesTo(booked, () => currentKey(booked), () => move(booked, eventDate("checkoutKeys", 10)))).toBe(andEachMail(2));
  });
});
