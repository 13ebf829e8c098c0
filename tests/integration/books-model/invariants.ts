/**
 * What the books must always say, checked after every command (issue 38's list, from
 * docs/product-decisions.md "What the books must always say" and "What a booking is billed,
 * whatever happens to it"), once the ledger has finished what it recorded.
 */
import { expect, vi } from "vitest";
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { placeholderId } from "~/bookings/payments/refund-record.server";
import { checkBooks } from "./books-agree";
import { checkPlan } from "./plan-invariants";
import { billedCents, holdsDate, keptDate, paidCents, type BooksModel } from "./model";
import { dashboardRefundPrefix, type FakeSession } from "../../support/fake-stripe";
import { kvRecord, promoUses, refundsAtStripe, sessionsOf, settledReading, type Real } from "./real";

const sum = (items: readonly { amountCents: number }[] | undefined) => (items ?? []).reduce((total, item) => total + item.amountCents, 0);

function byPaymentIntent(items: readonly { paymentIntent?: string; amountCents: number }[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const item of items) if (item.paymentIntent) totals.set(item.paymentIntent, (totals.get(item.paymentIntent) ?? 0) + item.amountCents);
  return totals;
}

function checkMoney(model: BooksModel, booking: BookingRecord) {
  // Every payment Stripe delivered and every bank payment recorded and not voided is counted once, and no other.
  expect(Object.fromEntries((booking.payments ?? []).map((payment) => [payment.sessionId, payment.amountCents])), "payments recorded").toEqual(Object.fromEntries(model.paid));
  const refunded = sum(booking.refunds);
  // The owner may give back more by hand than is owed (a refund in Stripe's dashboard that Stripe tells
  // of after a bank refund, or before it): the books record what Stripe made, flagged REFUND MISMATCH
  // for the owner. Every refund the site makes is held to what was paid.
  const byOwnerBeyondOwed = sum((booking.refunds ?? []).filter((refund) => refund.mismatch && refund.id.startsWith(dashboardRefundPrefix)));
  expect(refunded - byOwnerBeyondOwed, "refunded (succeeded and pending) never exceeds paid").toBeLessThanOrEqual(paidCents(model));
  const paidByIntent = byPaymentIntent(booking.payments ?? []);
  for (const [intent, cents] of byPaymentIntent(booking.refunds ?? [])) expect(cents, `refunded on ${intent}`).toBeLessThanOrEqual(paidByIntent.get(intent) ?? 0);

  const due = amountsDue(billableOf(booking));
  const billed = billedCents(model);
  const kept = paidCents(model) - refunded;
  expect(due.refundOwedCents, `owed back (billed ${billed}, kept ${kept})`).toBe(Math.max(kept - billed, 0));
  expect(due.owingCents, `owing (billed ${billed}, kept ${kept})`).toBe(Math.max(billed - kept, 0));
  if (model.status === "cancelled") expect(booking.cancellation?.feeCents, "the cancellation fee").toBe(model.feeCents);
  // A voided bank payment is out of every figure above and kept in the history.
  expect((booking.voidedPayments ?? []).map((payment) => payment.sessionId).sort(), "voided bank payments kept").toEqual([...model.voided].sort());
  expect(booking.status).toBe(model.status);
}

/** The card refunds the books count are the ones Stripe made, once every event about them has come in. */
function checkBank(real: Real, booking: BookingRecord) {
  if (real.events.some((event) => !event.delivered && event.type.startsWith("refund."))) return;
  const atStripe = refundsAtStripe(real)
    .filter((refund) => refund.status !== "failed")
    .map((refund) => ({ paymentIntent: refund.payment_intent, amountCents: refund.amount }));
  const inBooks = (booking.refunds ?? []).filter((refund) => refund.method === "card");
  expect(Object.fromEntries(byPaymentIntent(inBooks)), "card refunds in the books and at Stripe").toEqual(Object.fromEntries(byPaymentIntent(atStripe)));
}

/**
 * Every refund the site asked Stripe for and Stripe made is in the books once the site's work is
 * done, without waiting for Stripe's events: by its id, or as its attempt's placeholder (counted as
 * given back) while the site is still finding out what Stripe did. Otherwise the books count money
 * as owed back that the client already has, and a bank refund would pay it twice.
 */
function checkSiteRefunds(real: Real, booking: BookingRecord) {
  const inBooks = new Set([...(booking.refunds ?? []), ...(booking.failedRefunds ?? [])].map((refund) => refund.id));
  for (const refund of refundsAtStripe(real).filter((one) => !one.id.startsWith(dashboardRefundPrefix))) {
    const { attempt } = refund.metadata;
    const held = inBooks.has(refund.id) || (attempt !== undefined && inBooks.has(placeholderId(attempt, refund.payment_intent)));
    expect(held, `the refund of ${refund.amount} cents the site made at Stripe (${refund.id}) is in the books`).toBe(true);
  }
}

/** The booked lines keep their cents whatever else changes (a price once booked changes only by the client's change, priced as booked). */
function checkPrices(model: BooksModel, real: Real, booking: BookingRecord) {
  expect(booking.totalCents, "the total").toBe(model.totalCents);
  expect(sum((booking.priceLines ?? []).map((line) => ({ amountCents: line.cents }))), "the lines add up to the total").toBe(booking.totalCents);
  const sold = (lines: BookingRecord["priceLines"]) => new Map((lines ?? []).filter((line) => line.kind === "booth" || line.kind === "add-on").map((line) => [line.label, line.cents]));
  const now = sold(booking.priceLines);
  for (const [label, cents] of sold(real.lines)) if (now.has(label)) expect(now.get(label), `the booked line ${label}`).toBe(cents);
  real.lines = booking.priceLines;
}

async function checkHolds(model: BooksModel, real: Real, booking: BookingRecord) {
  const holds = await real.worker.holds();
  const dates = [...model.datesHeld].sort();
  const held = await holds.held(dates[0]!, dates.at(-1)!);
  for (const date of model.datesHeld) {
    const here = keptDate(model) && date === model.eventDate;
    expect(held[date]?.[booking.boothType as never] ?? 0, `${booking.boothType} held on ${date}`).toBe(here ? 1 : 0);
    expect(held[date]?.["audio-guest-book"] ?? 0, `audio guest book held on ${date}`).toBe(here && model.addOns.includes("audio-guest-book") ? 1 : 0);
  }
}

/**
 * No Checkout Session is left open for a booking that gave its date up, but for a cancelled one's
 * charge still owed: one for exactly it (docs/product-decisions.md, "What a booking is billed").
 * Every session opened before the booking was cancelled, declined or expired was expired.
 */
function checkCheckouts(model: BooksModel, real: Real, booking: BookingRecord) {
  if (keptDate(model)) return;
  const charge = model.status === "cancelled" ? (model.feeCents ?? 0) - (paidCents(model) - sum(booking.refunds)) : 0;
  const forTheCharge = (session: FakeSession) => charge > 0 && session.metadata.kind === "cancellation" && session.amount_total === charge;
  const open = sessionsOf(real).filter((session) => session.status === "open" && !forTheCharge(session));
  expect(open.map((session) => session.id), `open Checkout Sessions for a ${model.status} booking (beyond its charge still owed)`).toEqual([]);
}

function checkMails(model: BooksModel, booking: BookingRecord) {
  const names = Object.keys(booking.emailDelivery ?? {});
  expect(names.filter((name) => name.startsWith("moved-")).length, "each move's two e-mails").toBe(2 * model.moves);
  expect(names.filter((name) => name.startsWith("extras-")).length, "each change of add-ons' two e-mails").toBe(2 * model.extrasChanges);
}

/**
 * A booking not proved, paid or confirmed by the owner when its first 48 hours ended holds nothing
 * (its status, holds and code's use are held to the model above); one proved keeps its hold.
 */
function checkAddress(model: BooksModel, booking: BookingRecord) {
  expect(!!booking.addressProof?.provedAt, "the address proved (by the client or the owner's Confirm)").toBe(model.proved);
  // The schedule may still let it go for want of money (the model says when: `lapsed`).
  if (model.holdEnded && model.proved && !model.lapsed) expect(booking.status, "a booking proved before its 48 hours ended").not.toBe("expired");
  if (model.holdEnded && !holdsDate(model)) expect(holdsBooth(booking.status), "a booking released at the end of its 48 hours").toBe(false);
}

async function checkPromo(model: BooksModel, real: Real) {
  if (!model.promoCode) return;
  const keeps = !(model.status === "declined" || model.status === "expired" || model.withdrawn);
  expect(await promoUses(real.worker, model.promoCode), `${model.promoCode}'s uses`).toBe(keeps ? 1 : 0);
}

export async function checkInvariants(model: BooksModel, real: Real): Promise<void> {
  // Once the follow-ups are done, the KV copy is the ledger's, with the payment state worked out from it.
  // An e-mail's delivery is recorded by the queue's consumer through the ledger whenever it is sent,
  // so it may land between reading the ledger and reading KV: both are read again until they agree.
  const { booking } = await vi.waitFor(
    async () => {
      const reading = await settledReading(real);
      const { paymentState, ...stored } = await kvRecord(real);
      expect(stored, "KV's copy is the ledger's").toEqual(reading.booking);
      expect(paymentState, "the stored payment state").toBe(amountsDue(billableOf(reading.booking)).state);
      return reading;
    },
    { timeout: 15_000, interval: 100 },
  );
  checkMoney(model, booking);
  checkBank(real, booking);
  checkSiteRefunds(real, booking);
  checkPrices(model, real, booking);
  checkCheckouts(model, real, booking);
  checkMails(model, booking);
  checkAddress(model, booking);
  await checkHolds(model, real, booking);
  await checkPromo(model, real);
  checkPlan(model, real, booking);
  await checkBooks(model, real, booking);
}
