/**
 * Autopay's morning in the model: the schedule's run puts the tries due on the autopay queue, its
 * consumer charges them at the fake Stripe, and the model expects exactly the tries the terms say
 * (plan-model.ts), each answered as the saved card or PayTo agreement answers now. Stripe's
 * `payment_intent.*` events about them wait among the others, delivered whenever the model likes.
 */
import { expect } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { melbourneToday } from "~/utils/melbourne-time";
import type { BooksModel } from "./model";
import { answerOf, failedCharge, stopAutopay, triesDueOn } from "./plan-model";
import { ledgerReading, type Real } from "./real";

const refundedOf = (booking: BookingRecord) => (booking.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);

/** A try's id as Stripe's metadata carries it: the booking, the instalment, the try. */
export const tryIdOf = (real: Pick<Real, "booked">, one: { instalment: number; tryNumber: number }) => `${real.booked.invoiceNumber}:${one.instalment}:${one.tryNumber}`;

/** Every off-session instalment charge Stripe made for the booking (declined ones too: each try is a PaymentIntent). */
export const instalmentCharges = (real: Pick<Real, "stripe" | "booked">) =>
  real.stripe.autopay.paymentIntents.filter((intent) => intent.metadata?.invoiceNumber === real.booked.invoiceNumber && intent.metadata?.kind === "instalment");

/** The `payment_intent.*` events Stripe made since, about this booking's instalments, put among the waiting events; the rest dropped. */
export function takeAutopayEvents(real: Real, settle: (type: string, paymentIntent: string) => Partial<Real["events"][number]> = () => ({})): void {
  const created = Math.floor(real.clock.now().getTime() / 1000);
  for (const { type, object } of real.stripe.autopay.takeEvents()) {
    const intent = object as { id: string; amount_received?: number; metadata?: Record<string, string> };
    if (!type.startsWith("payment_intent.") || intent.metadata?.invoiceNumber !== real.booked.invoiceNumber || intent.metadata?.kind !== "instalment") continue;
    const paid = type === "payment_intent.succeeded" ? { paid: { sessionId: intent.id, amountCents: intent.amount_received ?? 0 } } : {};
    real.events.push({ type, object, delivered: 0, created, ...paid, ...settle(type, intent.id) });
  }
}

/** Waits until the consumer has said its word on every try the run at `morning` queued (charged, declined, or not charged). */
async function drained(real: Real, morning: Date, logsFrom: number): Promise<void> {
  const name = (one: { instalment: number; tryNumber: number }) => `${real.booked.invoiceNumber} instalment ${one.instalment} try ${one.tryNumber}: `;
  const unsaid = async () => {
    const { booking } = await ledgerReading(real);
    const lines = real.worker.logs.slice(logsFrom).filter((line) => !line.includes("no answer from Stripe"));
    const queued = (booking.autopayTries ?? []).filter((one) => one.enqueuedAt === morning.toISOString() && !one.answer);
    return queued.filter((one) => !lines.some((line) => line.includes(name(one)))).map(name);
  };
  await expect.poll(unsaid, { timeout: 20_000, interval: 100, message: "the autopay queue's consumer answered every try queued" }).toEqual([]);
}

/**
 * After the scheduled run at `morning` (its Melbourne day): the model's tries of that day, each
 * answered as the terms say; once autopay stops (a failure not tried again), the tries after it the
 * same morning find the ledger says no.
 */
export async function autopayMorning(model: BooksModel, real: Real, morning: Date, logsFrom: number): Promise<void> {
  const plan = model.plan;
  if (!plan) return;
  const due = triesDueOn(model, melbourneToday(morning), refundedOf((await ledgerReading(real)).booking));
  await drained(real, morning, logsFrom);
  const today = melbourneToday(real.clock.now());
  for (const one of due) {
    if (!plan.autopay) break;
    const answer = plan.deliveriesFail ? { outcome: "ran out" as const, again: false } : answerOf(plan, one.tryNumber);
    plan.tries.push({ ...one, ...answer });
    real.steps.push(`  (autopay: instalment ${one.instalment} try ${one.tryNumber}, ${one.amountCents} cents: ${answer.outcome}${answer.again ? ", tried again" : ""})`);
    if (answer.outcome === "ran out") {
      // Not charged this late: failed as a last try is (autopay stops, client and owner told).
      failedCharge(plan, one.instalment);
      stopAutopay(plan, `instalment ${one.instalment}'s try ${one.tryNumber} ran out of the queue's deliveries`);
      continue;
    }
    const charge = instalmentCharges(real).find((intent) => intent.metadata?.try === tryIdOf(real, one));
    if (!charge) continue; // the invariants name the charge that is missing
    if (answer.outcome === "succeeded") {
      // The consumer records a card's charge at once, dated when it is recorded.
      model.paid.set(charge.id, one.amountCents);
      model.paidOn.set(charge.id, today);
    }
    if (answer.outcome === "processing") plan.processing.set(charge.id, one.amountCents);
    if (answer.outcome === "declined") failedCharge(plan, one.instalment);
    if (answer.outcome === "declined" && !answer.again) stopAutopay(plan, `instalment ${one.instalment}'s try ${one.tryNumber} was declined (${plan.failing})`);
  }
  // The planned failures were the first try's to come: spent on this morning's, if it had one.
  if (due.length) plan.deliveriesFail = false;
  takeAutopayEvents(real);
}
