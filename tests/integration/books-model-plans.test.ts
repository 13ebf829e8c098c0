/**
 * The model of the books for payment plans and autopay (issue 58): bookings made with "the deposit
 * now, then monthly", the deposit paid with autopay by card or PayTo (or by the pay button), walked
 * through the days their instalments are charged, the card failing as Stripe's test cards fail, PayTo
 * debits settling or failing days later, Stripe's events late, twice and out of order, autopay
 * turned off, a try whose queue deliveries all fail, add-ons changed, a move, a cancellation (one
 * racing the morning's charge), with the model's own figures and the invariants after every step
 * (books-model/plan-*.ts). Its own file so that the model of the books (books-model.test.ts) walks
 * the same sequences it did; `FC_PLAN_RUNS` sets how many, `FC_SEED` replays one.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { testClock } from "../support/test-clock";
import {
  ClientCancels,
  ClientChangesAddOn,
  ClientMoves,
  ClientPays,
  DeliverEvent,
  OwnerCancels,
  OwnerConfirms,
  OwnerDeclines,
  PressPay,
  RedeliverEvent,
  TimePasses,
} from "./books-model/commands";
import { modelAddOns } from "./books-model/model";
import { planCommands } from "./books-model/plan-commands";
import { planStarts, runSequence, shrinkingFor } from "./books-model/sequence";
import { startedForFile, workerForFile } from "./worker";

const clock = testClock();
const stripe = startedForFile(() => startFakeStripe({ now: clock.now }), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "100000", ...stripeVars(stripe) }, faults: { planned: true }, clock }));

const runs = Number(process.env.FC_PLAN_RUNS ?? 20);
const shrinkingMs = Number(process.env.FC_SHRINK_MINUTES ?? 5) * 60_000;
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.FC_RANDOM ? undefined : 58;
const timeout = Math.max(10 * 60_000, runs * 10_000) + shrinkingMs;

/** The plan's commands, and the model's others that change a plan or pay one. */
const commands = [
  ...planCommands,
  fc.constant(new PressPay()),
  fc.nat(3).map((pick) => new ClientPays("at once", pick)),
  fc.nat(5).map((pick) => new DeliverEvent(pick)),
  fc.nat(5).map((pick) => new DeliverEvent(pick)),
  fc.nat(5).map((pick) => new RedeliverEvent(pick)),
  fc.constant(new OwnerConfirms()),
  fc.constant(new OwnerDeclines()),
  fc.constant(new OwnerCancels()),
  fc.constant(new ClientCancels()),
  fc.tuple(fc.constantFrom("forward" as const, "back" as const), fc.nat(40)).map(([kind, by]) => new ClientMoves(kind, by)),
  fc.constantFrom(...modelAddOns).map((addOn) => new ClientChangesAddOn(addOn)),
  fc.constantFrom(1, 26, 49).map((hours) => new TimePasses(hours)),
];

describe("the model of the books: payment plans and autopay", () => {
  it(`holds under ${runs} sequences of instalments charged, declined, settled late, changed and cancelled`, { timeout }, async () => {
    await fc.assert(fc.asyncProperty(planStarts, fc.commands(commands, { maxCommands: 14, size: "max" }), shrinkingFor(shrinkingMs, (start, steps) => runSequence(worker, stripe, start, steps))), {
      numRuns: runs,
      ...(seed === undefined ? {} : { seed }),
    });
  });
});
