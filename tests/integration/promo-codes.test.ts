import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { priceBooking, sumCents } from "~/prices/booking-price";
import { usedUpMessage, type PromoCode } from "~/prices/promo-codes";
import { formatDateInWords } from "~/utils/date-words";
import { eventDate } from "../support/event-dates";
import { bookingIn } from "../support/form-data";
import { feedToken } from "../support/links";
import { getJson, newKeys, postForm, postJson } from "./forms-support";
import { testVars, workerForFile, type TestWorker } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });
// Its bookings cannot be stored: KV refuses every write of a booking record.
const failingStorage = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" }, faults: { kvWrites: { failPrefix: "booking:" } } });

/** A code for any event of this file's month, booked any day until long after the tests run. */
function promo(code: string, terms: Partial<PromoCode> = {}): PromoCode {
  return { code, off: { percent: 10 }, from: eventDate("promoCodes", 1), to: eventDate("promoCodes", 28), weekdaysOnly: false, uses: null, createdAt: "2026-01-01T00:00:00.000Z", ...terms };
}

async function addCode(code: PromoCode, on: TestWorker = worker): Promise<void> {
  await (await on.kv()).put(`promo:${code.code}`, JSON.stringify(code));
}

interface Answer {
  status: number;
  body: { invoiceNumber?: string; error?: string; fields?: Record<string, string> };
}

/** A booking sent to the booking endpoint in slot `index` of this file's month. */
async function book(index: number, promoCode: string, on: TestWorker = worker): Promise<Answer> {
  const response = await postJson(on, "/.netlify/functions/booking", { ...bookingIn("promoCodes", index), fullName: `Racer ${index}`, promoCode });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

/** Each code's uses as the owner's `npm run promo -- list` reads them. */
async function usesOf(code: string, on: TestWorker = worker): Promise<number> {
  const response = await on.fetch(`/owner/promos?token=${await feedToken(testVars.OWNER_FEED_SECRET, "promos")}`);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const { promos } = (await response.json()) as { promos: (PromoCode & { used: number })[] };
  return promos.find((listed) => listed.code === code)?.used ?? NaN;
}

async function bookingsOn(date: string): Promise<BookingRecord[]> {
  const { keys } = await (await worker.kv()).list({ prefix: `booking:${date}:` });
  return Promise.all(keys.map((key) => getJson<BookingRecord>(worker, key.name)));
}

/** After this file's month: SPRING's window starts there. */
const springStart = `${eventDate("promoCodes", 1).slice(0, 4)}-12-01`;
const noExtras = { extraHours: 0, addOns: [], backdrop: null };

describe("promo codes on bookings", () => {
  it("gives a code with 3 uses to exactly 3 of 50 bookings racing for it, priced with its line; the rest are refused beside the field", async () => {
    const race = promo("RACE3", { uses: 3 });
    await addCode(race);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => book(index, " race3 ")));

    expect(answers.filter(({ status }) => status === 200)).toHaveLength(3);
    const refused = answers.filter(({ status }) => status !== 200);
    expect(refused).toEqual(Array(47).fill({ status: 422, body: { error: usedUpMessage("RACE3"), fields: { promoCode: usedUpMessage("RACE3") } } }));

    const dates = [...new Set(Array.from({ length: 50 }, (_, index) => bookingIn("promoCodes", index).eventDate))];
    const stored = (await Promise.all(dates.map(bookingsOn))).flat();
    expect(stored).toHaveLength(3);
    for (const booking of stored) {
      expect(booking.promoCode).toBe("RACE3");
      const price = priceBooking({ boothType: booking.boothType, packageDuration: booking.packageDuration, extras: noExtras, eventDate: booking.eventDate, promo: race, travelFee: booking.travelFee });
      expect(booking.priceLines).toEqual(price.lines);
      // 10% of what the business sells, after the date's rule and before travel.
      const sold = sumCents(booking.priceLines!.filter((line) => line.kind !== "promo" && line.kind !== "travel"));
      expect(booking.priceLines).toContainEqual({ kind: "promo", label: "Promo code RACE3 (10% off)", percent: 10, cents: -Math.round(sold / 10) });
      expect(booking.totalCents).toBe(price.totalCents);
    }
    expect(await usesOf("RACE3")).toBe(3);
  });

  it.each([
    ["a code nobody made", "NOSUCH", "That code is not one we know. Check its spelling, or leave the field empty."],
    ["a code for other event dates", "SPRING", `The code SPRING is for events from ${formatDateInWords(springStart)}.`],
    ["a code that has expired", "EXPIRED", "The code EXPIRED has ended."],
  ])("refuses %s beside the field, stores nothing and claims no use", async (_what, code, message) => {
    await addCode(promo("SPRING", { from: springStart, to: undefined }));
    await addCode(promo("EXPIRED", { expires: "2026-01-01" }));
    let form!: Response;
    let json!: Answer;
    const added = await newKeys(worker, async () => {
      form = await postForm(worker, "/booking", { ...bookingIn("promoCodes", 50), fullName: "Jane Typed", promoCode: code, website: "" });
      json = await book(50, code);
    });
    expect(json).toEqual({ status: 422, body: { error: message, fields: { promoCode: message } } });
    // Without JavaScript the form comes back with the message and everything typed.
    expect(form.status).toBe(422);
    const page = await form.text();
    expect(page).toContain(message);
    expect(page).toContain('value="Jane Typed"');
    expect(added).toEqual([]);
    expect(await usesOf(code)).toBe(code === "NOSUCH" ? NaN : 0);
  });

  it("gives the use back when the booking is refused for its booth after claiming it", async () => {
    await addCode(promo("ONEUSE", { uses: 1 }));
    // The booth of slot 51 is taken without the code; the only one of its type on that date.
    expect((await book(51, "")).status).toBe(200);

    const bookedOut = await book(51, "ONEUSE");
    expect(bookedOut.status).toBe(409);
    expect(bookedOut.body.fields).toBeUndefined();
    expect(await usesOf("ONEUSE")).toBe(0);

    expect((await book(52, "ONEUSE")).status).toBe(200);
    expect(await usesOf("ONEUSE")).toBe(1);
    const [stored] = (await bookingsOn(bookingIn("promoCodes", 52).eventDate)).filter((booking) => booking.boothType === bookingIn("promoCodes", 52).boothType);
    expect(stored?.promoCode).toBe("ONEUSE");
  });

  it("lists the codes only for the owner's token: a wrong or missing one is a plain 404", async () => {
    for (const query of ["?token=0123", ""]) expect((await worker.fetch(`/owner/promos${query}`)).status).toBe(404);
  });

  it("gives the use back when the booking cannot be stored", async () => {
    await addCode(promo("STORED", { uses: 1 }), failingStorage);
    const answer = await book(53, "STORED", failingStorage);
    expect(answer.status).toBe(503);
    expect(await usesOf("STORED", failingStorage)).toBe(0);
  });
});
