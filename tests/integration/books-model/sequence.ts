/**
 * One sequence of the model: a booking of its own (a date, booth and code no other sequence holds
 * at the same time), the commands run against it with the invariants after each, and its date given
 * back at the end so the next sequence can book.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { sumCents } from "~/prices/booking-price";
import type { QuoteRecord } from "~/quotes/quote";
import type { PromoCode } from "~/prices/promo-codes";
import type { BoothType } from "~/pricing";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import type { FakeStripe } from "../../support/fake-stripe";
import { validBooking } from "../../support/form-data";
import { bookThrough, type Booked } from "../booking";
import { postForm, postJson } from "../forms-support";
import { testOrigin, type FaultStep, type TestWorker } from "../worker";
import { OwnerCancels, OwnerConfirms, OwnerDeclines, payAtOnce } from "./commands";
import { nothingSeen } from "./closed-months";
import { checkInvariants } from "./invariants";
import { lastDayOf, modelAddOns, type BooksModel, type ModelAddOn } from "./model";
import { ledgerReading, ownerPost, type Real } from "./real";
import { depositWithAutopay, planOf } from "./plan-start";

const booths: BoothType[] = ["Open Booth", "Glam Booth", "Enclosed Booth"];

/**
 * How far ahead a sequence's event is: under 14 days (all due, no changes), 14 to 30 (half the
 * total on cancelling), beyond 30 (the deposit); and, for a monthly plan only, far enough that its
 * balance falls due two months or more after booking: three or four instalments.
 */
const horizons = { near: 5, half: 20, far: 45, plan: 110 } as const;

export interface Start {
  horizon: keyof typeof horizons;
  addOns: ModelAddOn[];
  promo: boolean;
  /** Card payments made before the sequence's commands: none, the deposit, or the deposit and the balance. */
  payments: number;
  /** Whether the booking gives its date up before the commands, so that money owed back is common. */
  givenUp: "no" | "declined" | "cancelled by the owner";
  /** Booked on the booking form, or from a quote whose prices have changed since (its lines are held: docs/product-decisions.md, "Quotes"). */
  from?: "form" | "quote at held prices";
  /** When the site's clock starts: this morning, or the evening of this month's last day, a few hours before the month is over. */
  clock?: "this morning" | "a month's last evening";
  /** Booked with "the deposit now, then monthly" (horizon `plan`), the deposit paid with autopay by card or PayTo, or by the pay button with no autopay. */
  plan?: "card" | "payto" | "by hand";
}

export const starts: fc.Arbitrary<Start> = fc.record({
  horizon: fc.constantFrom<Start["horizon"]>("near", "half", "far"),
  addOns: fc.subarray([...modelAddOns]),
  promo: fc.boolean(),
  payments: fc.nat(2),
  givenUp: fc.constantFrom<Start["givenUp"]>("no", "no", "declined", "cancelled by the owner"),
  from: fc.constantFrom<NonNullable<Start["from"]>>("form", "form", "quote at held prices"),
  clock: fc.constantFrom<NonNullable<Start["clock"]>>("this morning", "a month's last evening"),
});

/** The moment a sequence starts at, in Melbourne: today's 10:30, or 21:30 on this month's last day (on the half hour, so that whole hours passing never land on midnight). */
function startingAt(clock: Start["clock"] = "this morning"): Date {
  const today = melbourneToday();
  return clock === "this morning" ? melbourneInstant(today, "10:30") : melbourneInstant(lastDayOf(today), "21:30");
}

/** Monthly plans' starts: booked on the form, the deposit paid as `plan` says. */
export const planStarts: fc.Arbitrary<Start> = fc.record({
  horizon: fc.constant<Start["horizon"]>("plan"),
  addOns: fc.subarray([...modelAddOns]),
  promo: fc.boolean(),
  payments: fc.constant(0),
  givenUp: fc.constant<Start["givenUp"]>("no"),
  clock: fc.constantFrom<NonNullable<Start["clock"]>>("this morning", "a month's last evening"),
  plan: fc.constantFrom<NonNullable<Start["plan"]>>("card", "card", "payto", "payto", "by hand"),
});

const faultSteps: FaultStep[] = ["kv.put", "kv.delete", "r2.put", "queue.send", "holds.hold", "holds.release"];

let sequence = 0;

/**
 * Asks for a quote of the booking's `fields`, then holds it at prices that have changed since (the
 * quote charged $37 travel that is free today: travel comes after the date's rule and the code, so
 * the other lines stand as quoted), and books it from the quote's page.
 */
async function bookFromQuote(worker: TestWorker, fields: typeof validBooking & { eventDate: string; boothType: BoothType; promoCode?: string }) {
  const { boothType, packageDuration: _hours, ...asked } = fields;
  const answer = await postJson(worker, "/.netlify/functions/sendQuote", { ...asked, service: boothType, packageDuration: "3hrs", message: "From the model" });
  expect(answer.status, await answer.clone().text()).toBe(200);
  const id = new URL(((await answer.json()) as { quote: string }).quote).pathname.split("/").at(-1)!;
  const book = await worker.quotes();
  const { quote } = (await book.get(id))!;
  if (!quote.offer.priced) throw new Error(`The model's quote was not priced: ${quote.offer.reason}`);
  const lines = [...quote.offer.lines.filter((line) => line.kind !== "travel"), { kind: "travel" as const, label: "Travel", cents: 3_700 }];
  // A quote of its own beside the one asked (the book never overwrites a quote): the same id but for its last letter.
  const held: QuoteRecord = { ...quote, id: `${id.slice(0, -1)}${id.endsWith("Z") ? "Y" : "Z"}`, offer: { ...quote.offer, lines, totalCents: sumCents(lines) } };
  await book.put([held]);
  const pressed = await postForm(worker, `/quote/${held.id}?key=${held.key}`, { intent: "book" });
  expect(pressed.status, await pressed.clone().text()).toBe(303);
  const page = pressed.headers.get("location")!;
  const url = new URL(page, testOrigin);
  const invoiceNumber = url.pathname.split("/").at(-1)!;
  const booked: Booked = { invoiceNumber, eventDate: fields.eventDate, boothType, recordKey: `booking:${fields.eventDate}:${invoiceNumber}`, page, secret: url.searchParams.get("key")! };
  return { id: held.id, booked, totalCents: held.offer.priced ? held.offer.totalCents : 0 };
}

/** Books the sequence's booking on a date and booth of its own, with a code of its own (one use), and pays what the start says. */
async function begin(worker: TestWorker, stripe: FakeStripe, start: Start): Promise<{ model: BooksModel; real: Real }> {
  sequence += 1;
  const clock = worker.clock;
  await clock.set(startingAt(start.clock));
  const today = melbourneToday(clock.now());
  const boothType = booths[sequence % booths.length]!;
  const eventDate = addDays(today, horizons[start.horizon] + (Math.floor(sequence / booths.length) % 9));
  const code = `MODEL${sequence}`;
  if (start.promo) {
    const terms: PromoCode = { code, off: { percent: 10 }, from: today, to: addDays(today, 400), weekdaysOnly: false, uses: 1, createdAt: clock.now().toISOString() };
    await (await worker.kv()).put(`promo:${code}`, JSON.stringify(terms));
  }
  const ticks = Object.fromEntries(start.addOns.map((addOn) => [`addOn-${addOn}`, true]));
  const fields = { ...validBooking, fullName: "Nguyễn Thị Hương", eventDate, boothType, packageDuration: "3 Hours", ...ticks, ...(start.promo ? { promoCode: code } : {}), ...(start.plan ? { paymentOption: "monthly" } : {}) };
  const quoted = start.from === "quote at held prices" ? await bookFromQuote(worker, fields) : null;
  const booked = quoted?.booked ?? (await bookThrough(worker, fields));
  const how = quoted ? ` from quote ${quoted.id} at its held ${quoted.totalCents} cents` : "";
  const paying = start.plan ? `, monthly (${start.plan})` : "";
  const real: Real = { worker, clock, seen: nothingSeen(), stripe, booked, events: [], lines: undefined, steps: [`from ${clock.now().toISOString()}, book ${boothType} on ${eventDate} with ${start.addOns.join(", ") || "no add-ons"}${start.promo ? ` and ${code}` : ""}${how}${paying}`] };
  const { booking } = await ledgerReading(real);
  real.lines = booking.priceLines;
  const model: BooksModel = {
    status: "requested",
    eventDate,
    bookedDate: eventDate,
    datesHeld: [eventDate],
    addOns: [...start.addOns],
    // From a quote, the model's own figure: the quote's, not what the booking says it is.
    totalCents: quoted?.totalCents ?? booking.totalCents,
    paid: new Map(),
    paidOn: new Map(),
    voided: [],
    feeCents: null,
    cancelledAs: null,
    feePoints: [],
    promoCode: start.promo ? code : null,
    withdrawn: false,
    moves: 0,
    extrasChanges: 0,
    proved: false,
    holdEnded: false,
    ownerConfirmed: false,
    lapsed: null,
    dueFrom: today,
    hoursPassed: 0,
    ...(start.plan ? { plan: planOf(today, eventDate, booking.totalCents) } : {}),
  };
  await checkInvariants(model, real);
  if (start.plan === "by hand") await payAtOnce(model, real);
  else if (start.plan) await depositWithAutopay(model, real, start.plan);
  for (let payment = 0; payment < start.payments; payment += 1) await payAtOnce(model, real);
  const givingUp = { no: [], declined: [new OwnerDeclines()], "cancelled by the owner": [new OwnerConfirms(), new OwnerCancels()] }[start.givenUp];
  for (const command of givingUp) await command.run(model, real);
  return { model, real };
}

/**
 * Gives the sequence's dates back for the next one: faults it planned and did not meet are
 * forgotten, and the owner confirms and cancels whatever still holds a date. A completed booking
 * keeps its booth on its date for good (the event took place): the sequence, which only played its
 * day after, hands it back to the holds itself.
 */
async function end(worker: TestWorker, stripe: FakeStripe, real: Real) {
  for (const step of faultSteps) await worker.failNext(step, 0);
  stripe.clearFaults();
  await ownerPost(real, "confirm");
  await ownerPost(real, "cancel");
  const { booking } = await ledgerReading(real);
  if (booking.status === "completed") await (await worker.holds()).release({ eventDate: booking.eventDate, holdId: booking.holdId });
}

/** Runs `commands` from `start`; a failure names every step taken. */
export async function runSequence(worker: TestWorker, stripe: FakeStripe, start: Start, commands: Iterable<fc.AsyncCommand<BooksModel, Real>>): Promise<void> {
  const { model, real } = await begin(worker, stripe, start);
  try {
    await fc.asyncModelRun(() => ({ model, real }), commands);
  } catch (error) {
    throw new Error(`${String(error)}\nSteps:\n  ${real.steps.join("\n  ")}`, { cause: error });
  } finally {
    await end(worker, stripe, real);
  }
}

/**
 * `run`, shrunk for at most `shrinkingMs` once it first fails. Every try of a shrink is a sequence of
 * its own, a second or more; a failure that comes and goes (a race, a busy machine) can keep
 * fast-check trying for hours (a CI run once timed out after an hour in this test, saying
 * nothing). The first failure is printed as
 * it happens, whole; once the time is up every further try passes at once without running, so
 * fast-check stops shrinking and reports the smallest failing sequence it found.
 */
export function shrinkingFor<Args extends unknown[]>(shrinkingMs: number, run: (...args: Args) => Promise<void>): (...args: Args) => Promise<void> {
  let failedAt: number | undefined;
  return async (...args) => {
    if (failedAt !== undefined && Date.now() - failedAt > shrinkingMs) return;
    try {
      await run(...args);
    } catch (error) {
      // The error itself, not its text: its stack and causes (a socket's error under a failed fetch) print too.
      if (failedAt === undefined) console.error(`The model of the books failed; shrinking for ${shrinkingMs / 60_000} minutes at most. The failure as it first came:`, error);
      failedAt ??= Date.now();
      throw error;
    }
  };
}
