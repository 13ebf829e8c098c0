/**
 * The model of the books (issue 38; docs/testing.md, "The model of the books"): fast-check walks
 * orders of events nobody wrote down — payments, refunds, moves, add-ons, cancellations, expiry,
 * Stripe's events late, twice and out of order, faults in storage, the queue, the holds and Stripe
 * — against the real ledger in workerd with the strict fake Stripe, and holds the books to the
 * model after every step. `FC_RUNS` sets how many sequences (`npm run test:model` runs thousands),
 * `FC_SEED` replays a failing one (the seed is printed with it).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import type { PromoCode } from "~/prices/promo-codes";
import type { BoothType } from "~/pricing";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { bookThrough } from "./booking";
import { booksCommands, payAtOnce } from "./books-model/commands";
import { checkInvariants } from "./books-model/invariants";
import { modelAddOns, type BooksModel, type ModelAddOn } from "./books-model/model";
import { ledgerReading, ownerPost, type Real } from "./books-model/real";
import { startedForFile, workerForFile, type FaultStep } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "100000", ...stripeVars(stripe) }, faults: { planned: true } }));

const runs = Number(process.env.FC_RUNS ?? 120);
const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const booths: BoothType[] = ["Open Booth", "Glam Booth", "Enclosed Booth"];

/** How far ahead a sequence's event is: under 14 days (all due, no changes), 14 to 30 (half the total on cancelling), beyond 30 (the deposit). */
const horizons = { near: 5, half: 20, far: 45 } as const;

interface Start {
  horizon: keyof typeof horizons;
  addOns: ModelAddOn[];
  promo: boolean;
  /** Card payments made before the sequence's commands: none, the deposit, or the deposit and the balance. */
  payments: number;
}

const starts = fc.record({
  horizon: fc.constantFrom<Start["horizon"]>("near", "half", "far"),
  addOns: fc.subarray([...modelAddOns]),
  promo: fc.boolean(),
  payments: fc.nat(2),
});

let sequence = 0;

/** Books the sequence's booking on a date and booth of its own, with a code of its own (one use). */
async function begin(start: Start): Promise<{ model: BooksModel; real: Real }> {
  sequence += 1;
  const boothType = booths[sequence % booths.length]!;
  const eventDate = addDays(melbourneToday(), horizons[start.horizon] + (Math.floor(sequence / booths.length) % 9));
  const code = `MODEL${sequence}`;
  if (start.promo) {
    const terms: PromoCode = { code, off: { percent: 10 }, from: melbourneToday(), to: addDays(melbourneToday(), 400), weekdaysOnly: false, uses: 1, createdAt: new Date().toISOString() };
    await (await worker.kv()).put(`promo:${code}`, JSON.stringify(terms));
  }
  const ticks = Object.fromEntries(start.addOns.map((addOn) => [`addOn-${addOn}`, true]));
  const booked = await bookThrough(worker, { ...validBooking, fullName: "Nguyễn Thị Hương", eventDate, boothType, packageDuration: "3 Hours", ...ticks, ...(start.promo ? { promoCode: code } : {}) });
  const real: Real = { worker, stripe, booked, events: [], lines: undefined, steps: [`book ${boothType} on ${eventDate} with ${start.addOns.join(", ") || "no add-ons"}${start.promo ? ` and ${code}` : ""}`] };
  const { booking } = await ledgerReading(real);
  real.lines = booking.priceLines;
  const model: BooksModel = {
    status: "requested",
    eventDate,
    bookedDate: eventDate,
    datesHeld: [eventDate],
    addOns: [...start.addOns],
    totalCents: booking.totalCents,
    paid: new Map(),
    feeCents: null,
    feePoints: [],
    promoCode: start.promo ? code : null,
    withdrawn: false,
    moves: 0,
    extrasChanges: 0,
  };
  await checkInvariants(model, real);
  for (let payment = 0; payment < start.payments; payment += 1) await payAtOnce(model, real);
  return { model, real };
}

const faultSteps: FaultStep[] = ["kv.put", "kv.delete", "r2.put", "queue.send", "holds.hold", "holds.release"];

/** Gives the sequence's dates back for the next one (faults it planned and did not meet are forgotten; the owner confirms and cancels whatever still holds a date). */
async function end(real: Real) {
  for (const step of faultSteps) await worker.failNext(step, 0);
  stripe.clearFaults();
  await ownerPost(real, "confirm");
  await ownerPost(real, "cancel");
}

describe("the model of the books", () => {
  it(`holds under ${runs} sequences of payments, refunds, changes, Stripe's events and faults`, { timeout: 60 * 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(starts, fc.commands(booksCommands, { maxCommands: 16 }), async (start, commands) => {
        const { model, real } = await begin(start);
        try {
          await fc.asyncModelRun(() => ({ model, real }), commands);
        } catch (error) {
          throw new Error(`${String(error)}\nSteps:\n  ${real.steps.join("\n  ")}`, { cause: error });
        } finally {
          await end(real);
        }
      }),
      { numRuns: runs, ...(seed === undefined ? {} : { seed }), endOnFailure: process.env.FC_SHRINK === "0" },
    );
  });
});
