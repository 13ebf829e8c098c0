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
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { testClock } from "../support/test-clock";
import { booksCommands } from "./books-model/commands";
import { runSequence, shrinkingFor, starts } from "./books-model/sequence";
import { startedForFile, workerForFile } from "./worker";

// The site and the fake Stripe on one clock, which each sequence sets and moves on.
const clock = testClock();
const stripe = startedForFile(() => startFakeStripe({ now: clock.now }), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "100000", ...stripeVars(stripe) }, faults: { planned: true }, clock }));

const runs = Number(process.env.FC_RUNS ?? 40);
/** How long fast-check may shrink a failing sequence (`FC_SHRINK_MINUTES`), each try a sequence of its own. */
const shrinkingMs = Number(process.env.FC_SHRINK_MINUTES ?? 5) * 60_000;
// `npm test` walks the same sequences every time (a red CI is a real defect, not a lucky draw);
// `npm run test:model` draws new ones unless `FC_SEED` is given.
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.FC_RANDOM ? undefined : 38;

// A sequence takes about a second, four under full load.
const timeout = Math.max(10 * 60_000, runs * 6_000) + shrinkingMs;

describe("the model of the books", () => {
  it(`holds under ${runs} sequences of payments, refunds, changes, Stripe's events and faults`, { timeout }, async () => {
    await fc.assert(fc.asyncProperty(starts, fc.commands(booksCommands, { maxCommands: 16, size: "max" }), shrinkingFor(shrinkingMs, (start, commands) => runSequence(worker, stripe, start, commands))), {
      numRuns: runs,
      ...(seed === undefined ? {} : { seed }),
    });
  });
});
