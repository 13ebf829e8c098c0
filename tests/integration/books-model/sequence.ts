/**
 * One sequence of the model: a booking of its own (a date, booth and code no other sequence holds
 * at the same time), the commands run against it with the invariants after each, and its date given
 * back at the end so the next sequence can book.
 */
import fc from "fast-check";
import type { PromoCode } from "~/prices/promo-codes";
import type { BoothType } from "~/pricing";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import type { FakeStripe } from "../../support/fake-stripe";
import { validBooking } from "../../support/form-data";
import { bookThrough } from "../booking";
import type { FaultStep, TestWorker } from "../worker";
import { OwnerCancels, OwnerConfirms, OwnerDeclines, payAtOnce } from "./commands";
import { checkInvariants } from "./invariants";
import { modelAddOns, type BooksModel, type ModelAddOn } from "./model";
import { ledgerReading, ownerPost, type Real } from "./real";

const booths: BoothType[] = ["Open Booth", "Glam Booth", "Enclosed Booth"];

/** How far ahead a sequence's event is: under 14 days (all due, no changes), 14 to 30 (half the total on cancelling), beyond 30 (the deposit). */
const horizons = { near: 5, half: 20, far: 45 } as const;

export interface Start {
  horizon: keyof typeof horizons;
  addOns: ModelAddOn[];
  promo: boolean;
  /** Card payments made before the sequence's commands: none, the deposit, or the deposit and the balance. */
  payments: number;
  /** Whether the booking gives its date up before the commands, so that money owed back is common. */
  givenUp: "no" | "declined" | "cancelled by the owner";
}

export const starts: fc.Arbitrary<Start> = fc.record({
  horizon: fc.constantFrom<Start["horizon"]>("near", "half", "far"),
  addOns: fc.subarray([...modelAddOns]),
  promo: fc.boolean(),
  payments: fc.nat(2),
  givenUp: fc.constantFrom<Start["givenUp"]>("no", "no", "declined", "cancelled by the owner"),
});

const faultSteps: FaultStep[] = ["kv.put", "kv.delete", "r2.put", "queue.send", "holds.hold", "holds.release"];

let sequence = 0;

/** Books the sequence's booking on a date and booth of its own, with a code of its own (one use), and pays what the start says. */
async function begin(worker: TestWorker, stripe: FakeStripe, start: Start): Promise<{ model: BooksModel; real: Real }> {
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
    voided: [],
    feeCents: null,
    feePoints: [],
    promoCode: start.promo ? code : null,
    withdrawn: false,
    moves: 0,
    extrasChanges: 0,
    proved: false,
    holdEnded: false,
  };
  await checkInvariants(model, real);
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
