/**
 * What a booking is billed after it changes (shared/spec/decisions.md, "What a booking is billed,
 * whatever happens to it"; docs/product-decisions.md, "Changes, cancellations and refunds"):
 * removing add-ons does not lower what cancelling costs, and a move keeps the price the booking
 * was made at, its weekday rule and weekdays-only code included.
 */
import { describe, expect, it } from "vitest";
import { amountsDue, depositOf, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { priceBooking } from "~/prices/booking-price";
import { dateRule } from "~/prices/date-rules";
import { noExtras, type Extras } from "~/prices/extras";
import type { PromoCode } from "~/prices/promo-codes";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { bookThrough, currentRecord, payThrough, type Booked } from "./booking";
import { postForm } from "./forms-support";
import { decode } from "./invoice-page";
import { startedForFile, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

const everything: Extras = { extraHours: 2, addOns: ["audio-guest-book", "guest-book", "usb", "online-gallery"], backdrop: "Floral" };
const everythingFields = { extraHours: 2, backdrop: "Floral", "addOn-audio-guest-book": true, "addOn-guest-book": true, "addOn-usb": true, "addOn-online-gallery": true };

const book = (fields: { eventDate: string; boothType: string } & Record<string, unknown>) =>
  bookThrough(worker, { ...validBooking, fullName: "Noor Haddad", packageDuration: "3 Hours", ...fields });

const changePath = (booked: Booked, page: "move" | "cancel") => `/invoice/${booked.invoiceNumber}/${page}?key=${booked.secret}`;

/** The add-ons form as a browser without JavaScript posts it: the ticked boxes and the chosen radios. */
const changeAddOns = (booked: Booked, choices: Record<string, string>) => postForm(worker, booked.page, { intent: "extras", extraHours: "0", backdrop: "", ...choices });

describe("cancelling after removing add-ons", () => {
  it("21 days before the event costs half the total the booking had before they were removed, not half of what is left", async () => {
    // The date moves with today, and so may its rule: the figures come from the booking's own price.
    const date = addDays(melbourneToday(), 21);
    const booked = await book({ eventDate: date, boothType: "Open Booth", ...everythingFields });
    const { travelFee } = await currentRecord(worker, booked);
    const price = (extras: Extras) => priceBooking({ boothType: "Open Booth", packageDuration: "3 Hours", extras, eventDate: date, promo: null, travelFee }).totalCents;
    expect((await currentRecord(worker, booked)).totalCents).toBe(price(everything));
    await payThrough(worker, stripe, booked);
    const deposit = depositOf(price(everything));

    expect((await changeAddOns(booked, {})).status).toBe(303);
    expect((await currentRecord(worker, booked)).totalCents).toBe(price(noExtras));

    const fee = Math.round(price(everything) / 2);
    const page = decode(await (await worker.fetch(changePath(booked, "cancel"))).text());
    expect(page).toContain(
      `You have paid ${formatCents(deposit)}. Cancelling today, 21 days before the event, costs what cancelling on ${formatDateInWords(melbourneToday())}, when the add-ons were changed, would have: 50% of the total of ${formatCents(price(everything))} then, ${formatCents(fee)}, is due: ${formatCents(fee - deposit)} is still owed.`,
    );

    expect((await postForm(worker, changePath(booked, "cancel"), {})).status).toBe(303);
    const cancelled = await currentRecord(worker, booked);
    expect(cancelled).toMatchObject({ status: "cancelled", cancellation: { stage: "half", daysBefore: 21, feeCents: fee, owedCents: fee - deposit } });
    expect(amountsDue(billableOf(cancelled)).owingNow).toEqual({ kind: "cancellation", amountCents: fee - deposit });
  });
});

describe("moving a weekday booking to a Saturday", () => {
  const days = Array.from({ length: 28 }, (_, index) => eventDate("asBooked", index + 1));
  const monday = days.find((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 1 && dateRule(date)?.kind === "weekday")!;
  const saturday = days.find((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 6 && dateRule(date) === null)!;

  it("keeps the weekday rule and a weekdays-only code at the price the client booked, and prices an add-on added afterwards the same way", async () => {
    const code: PromoCode = { code: "QUIETWEEK", off: { percent: 15 }, from: days[0], to: days.at(-1), weekdaysOnly: true, uses: null, createdAt: "2026-01-01T00:00:00.000Z" };
    await (await worker.kv()).put(`promo:${code.code}`, JSON.stringify(code));
    const booked = await book({ eventDate: monday, boothType: "Glam Booth", promoCode: code.code, "addOn-guest-book": true });
    const before = await currentRecord(worker, booked);
    const asBooked = priceBooking({ boothType: "Glam Booth", packageDuration: "3 Hours", extras: { ...noExtras, addOns: ["guest-book"] }, eventDate: monday, promo: code, travelFee: before.travelFee });
    expect(before.priceLines).toEqual(asBooked.lines);
    expect(before.priceLines?.map((line) => line.kind)).toEqual(expect.arrayContaining(["rule", "promo"]));

    expect((await postForm(worker, changePath(booked, "move"), { newDate: saturday })).status).toBe(303);
    const moved = await currentRecord(worker, booked);
    expect(moved).toMatchObject({ eventDate: saturday, promoCode: code.code, priceLines: before.priceLines, totalCents: before.totalCents });
    const invoice = decode(await (await worker.fetch(booked.page)).text());
    expect(invoice).toContain("Weekday (Monday to Thursday) -10%");
    expect(invoice).toContain("Promo code QUIETWEEK (15% off)");

    // An add-on added on the Saturday takes the booking's rule and code, as if booked with it on the Monday.
    expect((await changeAddOns(booked, { "addOn-usb": "on", "addOn-guest-book": "on" })).status).toBe(303);
    const withUsb = priceBooking({ boothType: "Glam Booth", packageDuration: "3 Hours", extras: { ...noExtras, addOns: ["guest-book", "usb"] }, eventDate: monday, promo: code, travelFee: before.travelFee });
    expect(await currentRecord(worker, booked)).toMatchObject({ eventDate: saturday, priceLines: withUsb.lines, totalCents: withUsb.totalCents });
  });
});
