/**
 * The morning 300 instalments fall due (issue 58): the Cron's invocation and each consumer's stay
 * within Cloudflare's per-invocation limits (docs/platform-notes.md: 1,000 operations to KV, R2
 * and other services, a KV bulk read of up to 100 keys counting as one), counted here, not assumed:
 * each KV, R2, Durable Object and autopay queue call through the local Worker's counted storage
 * (the queue's messages are kept and delivered by the test one invocation at a time, so each is
 * counted apart), and each request to Stripe. One card declined softly among them is tried again
 * alone, 3 days after. The bookings are written straight into storage, as scale.test.ts does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { indexRow } from "~/bookings/by-date/booking-index";
import type { ChargeMessage } from "~/bookings/autopay/charge-message";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { seededBooking, storeBookings } from "../../scripts/lib/seed-bookings.mjs";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { declines } from "../support/fake-stripe/test-cards";
import { morningOf, stripeApi } from "./autopay-support";
import { startedForFile, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) }, faults: { counted: true } }));

const due = 300;
/** Cloudflare's limit of operations in one invocation, on every plan. */
const perInvocation = 1_000;
const today = melbourneToday();
const chargeDay = addDays(today, 10);
// The terms: a total of $535.00, its deposit 30% rounded up to the dollar ($161.00), the balance ($374.00) in two instalments.
const totalCents = 53_500;
const depositCents = 16_100;
const instalmentCents = 18_700;
let bookings: BookingRecord[] = [];

beforeAll(async () => {
  const api = stripeApi(stripe);
  bookings = [];
  for (let i = 0; bookings.length < due; i++) {
    // Events 40 days away and on, three booths a date; each booked 20 days ago, confirmed, with its deposit paid and autopay on.
    const seeded = seededBooking(i, 40 + Math.floor(i / 3), today) as BookingRecord;
    if (seeded.status !== "confirmed") continue;
    const customer = await api.customers.create({ metadata: { invoiceNumber: seeded.invoiceNumber } });
    const card = await api.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    bookings.push({
      ...seeded,
      issuedOn: addDays(today, -20),
      totalCents,
      payments: seeded.payments!.map((payment) => ({ ...payment, amountCents: depositCents })),
      paymentPlan: { option: "monthly", chosenAt: `${addDays(today, -20)}T01:00:00.000Z`, instalments: [{ dueOn: chargeDay, amountCents: instalmentCents }, { dueOn: addDays(seeded.eventDate, -14), amountCents: instalmentCents }] },
      autopay: { customer: customer.id, saved: { kind: "card", paymentMethod: card.id, brand: "visa", last4: "4242", expMonth: 12, expYear: Number(today.slice(0, 4)) + 3 }, since: `${addDays(today, -20)}T01:00:00.000Z` },
    });
  }
  await storeBookings({ kv: await worker.kv(), index: await worker.index(), indexRow, bookings });
}, 240_000);

/** The calls by kind (binding, method, the key's prefix), for the log. */
const kindOf = (call: string) => call.replace(/ https:\/\/\S*/, "").split(/[:?]/)[0]!;
const byKind = (calls: string[]) => calls.reduce<Record<string, number>>((kinds, call) => ({ ...kinds, [kindOf(call)]: (kinds[kindOf(call)] ?? 0) + 1 }), {});

/** What a booking's ledger does for itself after a change (its own invocation, not its caller's): its copy read from and written to KV, its row in the index. */
const ledgersOwn = (call: string) => /^kv\.\w+ (booking|invoice):/.test(call) || call.startsWith("index.fetch https://booking-index/put");

/** What `work` cost: its counted operations, and its requests to Stripe. */
async function costOf(work: () => Promise<unknown>) {
  const stripeBefore = stripe.requests.length;
  const calls = await worker.calls(work);
  return { operations: calls.length, calls, stripeRequests: stripe.requests.length - stripeBefore };
}

describe(`the morning ${due} instalments fall due`, () => {
  it("the Cron's invocation queues each once within the limits, each consumer's invocation charges one within them, and a soft decline is tried again alone", async () => {
    const failing = bookings[123]!;
    stripe.autopay.cardFailsFromNow(failing.autopay!.saved.paymentMethod, declines.insufficientFunds);

    // The morning's two runs (the Cron fires twice, wrangler.toml): each queues what one invocation can, the second the rest.
    const queued: ChargeMessage[] = [];
    for (const hour of [0, 1]) {
      const cron = await costOf(() => worker.scheduled(new Date(morningOf(chargeDay).getTime() + hour * 3_600_000)));
      const own = cron.calls.filter((call) => !ledgersOwn(call));
      console.log(`The Cron's invocation with ${due - queued.length} instalments due: ${own.length} operations of its own (and ${cron.operations - own.length} by the ledgers it asked), ${cron.stripeRequests} Stripe requests`, byKind(own));
      expect(own.length).toBeLessThan(perInvocation);
      expect(cron.stripeRequests).toBe(0);
      queued.push(...(await worker.autopayHeld()));
    }
    expect(queued).toHaveLength(due);
    expect(new Set(queued.map((message) => message.invoiceNumber)).size).toBe(due);
    expect(queued.every((message) => message.instalment === 1 && message.tryNumber === 1 && message.amountCents === instalmentCents && message.dueOn === chargeDay)).toBe(true);

    let most = 0;
    for (const message of queued) {
      let result: Awaited<ReturnType<typeof worker.consumeAutopay>> | undefined;
      const one = await costOf(async () => (result = await worker.consumeAutopay(message)));
      expect(result!.retryMessages).toEqual([]);
      // Stripe: the charge, and nothing else (the SDK retries nothing here).
      expect(one.stripeRequests).toBe(1);
      most = Math.max(most, one.operations);
    }
    console.log(`Each consumer's invocation: at most ${most} operations (its ledger's own work included) and one Stripe request`);
    expect(most).toBeLessThan(perInvocation);
    const charged = stripe.autopay.paymentIntents.filter((intent) => intent.metadata?.kind === "instalment");
    expect(charged).toHaveLength(due);
    expect(charged.filter((intent) => intent.status === "succeeded")).toHaveLength(due - 1);

    // A third run that morning queues nothing; 3 days after, only the declined card is tried again.
    await worker.scheduled(new Date(morningOf(chargeDay).getTime() + 2 * 3_600_000));
    expect(await worker.autopayHeld()).toEqual([]);
    await worker.scheduled(morningOf(addDays(chargeDay, 3)));
    const again = await worker.autopayHeld();
    expect(again.map(({ invoiceNumber, instalment, tryNumber, amountCents }) => ({ invoiceNumber, instalment, tryNumber, amountCents }))).toEqual([
      { invoiceNumber: failing.invoiceNumber, instalment: 1, tryNumber: 2, amountCents: instalmentCents },
    ]);
  }, 600_000);
});
