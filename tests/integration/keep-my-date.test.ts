/**
 * A booking proves its address before it holds a date for long (docs/product-decisions.md, "A
 * booking proves its address"): the web answer's key opens the booking page, but only the booking
 * e-mail's link carries the one-time proof that "Keep my date" spends. Until then, a payment, or the
 * owner's Confirm, the booking holds its date for 48 hours, and its ledger's alarm lets it expire
 * then, giving its booth and its code's use back. The alarm's work is run at a chosen moment
 * (`endUnprovedHold`, what the alarm sends itself), never waited for.
 */
import { describe, expect, it } from "vitest";
import { lifecycle } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import type { PromoCode } from "~/prices/promo-codes";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { ownerLink } from "../support/links";
import { acceptTerms, bookThrough, keepDateForm, keepMyDate, payThrough, provingLink, type Booked } from "./booking";
import { freeOn, postForm, settledMailsOf } from "./forms-support";
import { startedForFile, testOrigin, testVars, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

const holdMs = lifecycle.unprovedHoldHours * 3_600_000;

async function book(day: number, promoCode?: string): Promise<Booked> {
  if (promoCode) {
    const promo: PromoCode = { code: promoCode, off: { percent: 10 }, from: eventDate("keepMyDate", 1), to: eventDate("keepMyDate", 28), weekdaysOnly: false, uses: 1, createdAt: "2026-01-01T00:00:00.000Z" };
    await (await worker.kv()).put(`promo:${promoCode}`, JSON.stringify(promo));
  }
  return bookThrough(worker, { ...validBooking, eventDate: eventDate("keepMyDate", day), boothType: "Open Booth", email: `keep${day}@example.com`, ...(promoCode ? { promoCode } : {}) });
}

/** The ledger's copy once its follow-ups are done. */
async function settled(booked: Booked) {
  const ledger = await worker.ledger();
  await expect.poll(async () => (await ledger.read(booked.invoiceNumber))?.waiting, { timeout: 15_000 }).toBe(0);
  return (await ledger.read(booked.invoiceNumber))!;
}

/** What the ledger's alarm does `afterMs` after the booking was made. */
async function alarmAfter(booked: Booked, afterMs: number) {
  const { booking } = await settled(booked);
  const result = await (await worker.ledger()).endUnprovedHold(booked.invoiceNumber, new Date(Date.parse(booking.receivedAt) + afterMs).toISOString());
  await settled(booked);
  return result;
}

const openBoothFree = async (booked: Booked) => (await freeOn(worker, booked.eventDate))["Open Booth"];
const usesOf = async (code: string) => (await worker.promoUses()).count(code);

describe("a booking whose address is not proved", () => {
  it("holds its date for 48 hours, its alarm set for then, and releases it then: expired, its code's use given back, the client told", async () => {
    const booked = await book(1, "KEEPONE");
    const { booking, alarmAt } = await settled(booked);
    expect(alarmAt).toBe(Date.parse(booking.receivedAt) + holdMs);
    expect(await usesOf("KEEPONE")).toBe(1);

    expect((await alarmAfter(booked, holdMs - 60_000))?.kind).toBe("refused");
    expect(await openBoothFree(booked)).toBe(0);

    expect((await alarmAfter(booked, holdMs))?.kind).toBe("changed");
    const { booking: after } = await settled(booked);
    expect(after.status).toBe("expired");
    expect(await openBoothFree(booked)).toBe(1);
    expect(await usesOf("KEEPONE")).toBe(0);
    const expired = (await settledMailsOf(worker, booked.recordKey)).find((mail) => mail.messageId.endsWith("#expired"));
    expect(expired?.text).toContain(`for ${lifecycle.unprovedHoldHours} hours`);
    // A second run of the alarm changes nothing.
    expect((await alarmAfter(booked, holdMs + 60_000))?.kind).toBe("refused");
  });

  it("is not kept by accepting the terms alone", async () => {
    const booked = await book(2);
    expect((await acceptTerms(worker, booked, "Jane Citizen")).status).toBe(200);
    expect((await settled(booked)).booking.status).toBe("confirmed");
    expect((await alarmAfter(booked, holdMs))?.kind).toBe("changed");
    expect((await settled(booked)).booking.status).toBe("expired");
    expect(await openBoothFree(booked)).toBe(1);
  });

  it("cannot be proved with the web answer's key alone: its page carries no proof, and a press without the e-mail's proof keeps nothing", async () => {
    const booked = await book(3);
    const link = await provingLink(worker, booked);
    const proof = new URL(link, testOrigin).searchParams.get("proof")!;
    const page = await (await worker.fetch(booked.page)).text();
    expect(page).toContain("Your date is held until");
    expect(page).not.toContain(proof);
    expect(await keepDateForm(worker, booked.page)).toBeNull();

    const presses: Record<string, string>[] = [{}, { proof: "" }, { proof: booked.secret }, { proof: `${proof.slice(0, -1)}${proof.endsWith("A") ? "B" : "A"}` }];
    for (const fields of presses) {
      const answer = await postForm(worker, `/invoice/${booked.invoiceNumber}/keep?key=${booked.secret}`, fields);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toContain("kept=no");
    }
    expect((await settled(booked)).booking.addressProof?.provedAt).toBeUndefined();
    expect((await alarmAfter(booked, holdMs))?.kind).toBe("changed");
    expect(await openBoothFree(booked)).toBe(1);
  });
});

describe("a booking that keeps its date past 48 hours", () => {
  it("is one whose client pressed Keep my date on the page the e-mail's link opens; the proof works once", async () => {
    const booked = await book(4, "KEEPFOUR");
    const link = await provingLink(worker, booked);
    // Opening the link (as a mail scanner does) proves nothing.
    expect(await keepDateForm(worker, link)).not.toBeNull();
    expect((await settled(booked)).booking.addressProof?.provedAt).toBeUndefined();

    const pressed = await keepMyDate(worker, booked);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("Location")).toContain("kept=yes");
    const { booking } = await settled(booked);
    expect(booking.addressProof).toEqual({ provedAt: expect.any(String), by: "client" });
    const thanked = await (await worker.fetch(pressed.headers.get("Location")!)).text();
    expect(thanked).toContain("your date is kept");

    // The proof is spent: the link shows no button any more, and a replay of the press changes nothing.
    expect(await keepDateForm(worker, link)).toBeNull();
    const replay = await postForm(worker, `/invoice/${booked.invoiceNumber}/keep?key=${booked.secret}`, { proof: new URL(link, testOrigin).searchParams.get("proof")! });
    expect(replay.headers.get("Location")).toContain("kept=yes");
    expect((await settled(booked)).booking).toEqual(booking);

    expect((await alarmAfter(booked, holdMs))?.kind).toBe("refused");
    const after: BookingRecord = (await settled(booked)).booking;
    expect(after.status).toBe("requested");
    expect(await openBoothFree(booked)).toBe(0);
    expect(await usesOf("KEEPFOUR")).toBe(1);
  });

  it("is one with a payment recorded", async () => {
    const booked = await book(5);
    await payThrough(worker, stripe, booked);
    await expect.poll(async () => (await settled(booked)).booking.payments?.length ?? 0).toBe(1);
    expect((await alarmAfter(booked, holdMs))?.kind).toBe("refused");
    expect(await openBoothFree(booked)).toBe(0);
  });

  it("is one the owner confirmed, even after the client accepted the terms", async () => {
    const booked = await book(6);
    expect((await acceptTerms(worker, booked, "Jane Citizen")).status).toBe(200);
    const confirm = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm");
    expect((await postForm(worker, confirm, {})).status).toBe(200);
    expect((await settled(booked)).booking.addressProof).toMatchObject({ by: "owner" });
    expect((await alarmAfter(booked, holdMs))?.kind).toBe("refused");
    expect((await settled(booked)).booking.status).toBe("confirmed");
    expect(await openBoothFree(booked)).toBe(0);
  });
});
