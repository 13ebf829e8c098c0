/**
 * The real system a model run drives: the Worker in workerd with its ledger, the strict fake
 * Stripe, the booking under test, and the Stripe events waiting to be delivered (Stripe delivers
 * late, twice, and in any order). Reading helpers for the invariants live here too.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import type { LedgerReading } from "~/bookings/record/ledger-protocol";
import type { SignedAction } from "~/bookings/record/owner-links.server";
import { expect } from "vitest";
import { signedEvent, type FakeSession, type FakeStripe } from "../../support/fake-stripe";
import type { TestClock } from "../../support/test-clock";
import { ownerLink } from "../../support/links";
import type { Booked } from "../booking";
import type { BooksModel } from "./model";
import type { BooksSeen } from "./closed-months";
import { postForm } from "../forms-support";
import { testOrigin, testVars, type TestWorker } from "../worker";

/** A Stripe event the business has coming: its type and the object as it was when Stripe made the event. */
export interface PendingEvent {
  type: string;
  object: object;
  delivered: number;
  /** When Stripe made it (seconds, by the clock the site sees): a delivery, however late, carries it. */
  created: number;
  /** For a paid checkout: the session and what it paid. */
  paid?: { sessionId: string; amountCents: number };
  /** What the model learns when the business first hears of it (a PayTo debit settled). */
  onFirstDelivery?: (model: BooksModel) => void;
}

export interface Real {
  worker: TestWorker;
  /** The time the site and the fake Stripe see, which the model moves on. */
  clock: TestClock;
  /** What the books showed at the last step (closed-months.ts). */
  seen: BooksSeen;
  stripe: FakeStripe;
  booked: Booked;
  events: PendingEvent[];
  /** Price lines of what was booked as last seen, to hold them to their cents. */
  lines: BookingRecord["priceLines"];
  /** What was done, for the report of a failing run. */
  steps: string[];
  /** The booking e-mail's "Keep my date" link, once read from the outbox. */
  proving?: string;
}

export async function ledgerReading(real: Pick<Real, "worker" | "booked">): Promise<LedgerReading> {
  const reading = await (await real.worker.ledger()).read(real.booked.invoiceNumber);
  if (!reading) throw new Error(`The ledger has no booking ${real.booked.invoiceNumber}`);
  return reading;
}

/** The ledger's copy once every follow-up it recorded is done (its alarm retries failed ones). */
export async function settledReading(real: Pick<Real, "worker" | "booked">): Promise<LedgerReading> {
  let reading = await ledgerReading(real);
  await expect
    .poll(async () => (reading = await ledgerReading(real)).waiting, { timeout: 15_000, interval: 100, message: "the ledger's follow-ups are finished" })
    .toBe(0);
  return reading;
}

export async function ownerPost(real: Pick<Real, "worker" | "booked">, action: SignedAction, fields: Record<string, string> = {}) {
  const path = await ownerLink(testVars.OWNER_LINK_SECRET, real.booked.invoiceNumber, action);
  return postForm(real.worker, path, fields);
}

/** The owner's page of the booking, signed. */
export const ownerPagePath = (real: Pick<Real, "booked">) => ownerLink(testVars.OWNER_LINK_SECRET, real.booked.invoiceNumber, "booking");

export async function kvRecord(real: Pick<Real, "worker" | "booked">): Promise<BookingRecord> {
  const kv = await real.worker.kv();
  const index = await kv.get<{ eventDate: string }>(`invoice:${real.booked.invoiceNumber}`, "json");
  const record = index && (await kv.get<BookingRecord>(`booking:${index.eventDate}:${real.booked.invoiceNumber}`, "json"));
  if (!record) throw new Error(`KV has no booking ${real.booked.invoiceNumber}`);
  return record;
}

export const sessionsOf = (real: Pick<Real, "stripe" | "booked">) => real.stripe.sessions.filter((session) => session.metadata.invoiceNumber === real.booked.invoiceNumber);

/** The booking's card payments' PaymentIntents, as the fake names them. */
export const paymentIntentOf = (session: Pick<FakeSession, "id">) => `pi_${session.id}`;

export const refundsAtStripe = (real: Pick<Real, "stripe" | "booked">) => {
  const intents = new Set(sessionsOf(real).map(paymentIntentOf));
  return real.stripe.refunds.filter((refund) => intents.has(refund.payment_intent));
};

/** Presses the booking page's pay button; the session Stripe opened, or null when the page sent the client elsewhere. */
export async function pressPay(real: Pick<Real, "worker" | "stripe" | "booked">): Promise<FakeSession | null> {
  const { booked } = real;
  const response = await real.worker.fetch(`/invoice/${booked.invoiceNumber}/checkout?key=${booked.secret}`, { method: "POST", headers: { Origin: testOrigin }, redirect: "manual" });
  return real.stripe.sessions.find((candidate) => candidate.url === response.headers.get("Location")) ?? null;
}

export async function deliver(real: Pick<Real, "worker">, event: PendingEvent): Promise<Response> {
  const { body, signature } = signedEvent(event.type, event.object, { created: event.created });
  event.delivered += 1;
  return real.worker.fetch("/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
}

/** Uses of `code` as its object counts them (the owner's list reads the same, but opens every code). */
export async function promoUses(worker: TestWorker, code: string): Promise<number> {
  return (await worker.promoUses()).count(code);
}
