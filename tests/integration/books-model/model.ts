/**
 * The reference model of one booking's money, dates and code (docs/product-decisions.md, "What a
 * booking is billed, whatever happens to it"), in plain numbers: what the client paid, what the
 * booking is billed from its status, the least a cancellation may cost after each change, which
 * dates and items it holds and whether it keeps its code's use. The commands (commands.ts) change
 * it as they drive the real ledger; the invariants (invariants.ts) hold the real books to it.
 */
import { policy } from "~/business";
import type { BookingStatus } from "~/bookings/record/lifecycle";
import { addDays, daysBetween, melbourneToday } from "~/utils/melbourne-time";

/** The add-ons the model books, changes and holds: the audio guest book is stocked (one a date). */
export const modelAddOns = ["audio-guest-book", "online-gallery"] as const;
export type ModelAddOn = (typeof modelAddOns)[number];

/** A moment the cancellation fee may not fall below: its Melbourne day, the days to the event then, the total then, and whether the booking was a request then. */
export interface FeePoint {
  day: string;
  daysBefore: number;
  totalCents: number;
  requested?: boolean;
}

export interface BooksModel {
  status: BookingStatus;
  eventDate: string;
  /** The date first booked: a move may go up to 6 months after it. */
  bookedDate: string;
  /** Every date the booking has held, for moving back to one. */
  datesHeld: string[];
  addOns: ModelAddOn[];
  totalCents: number;
  /** Card payments delivered by Stripe's webhook (by session id) and bank payments the owner recorded and did not void (`bank-{form id}`), in cents. */
  paid: Map<string, number>;
  /** The Melbourne day each payment's money came: a card's when Stripe made its event, a bank payment's the day received. */
  paidOn: Map<string, string>;
  /** Bank payments the owner voided, by id: out of `paid`, kept on the booking. */
  voided: string[];
  /** What a cancellation cost, once cancelled. */
  feeCents: number | null;
  /** Once the client cancelled: the day, status, days to the event and money kept then, and the payments recorded by then (a void works the fee out again from these). */
  cancelledAs: { day: string; status: BookingStatus; daysBefore: number; keptCents: number; paidIds: string[] } | null;
  /** The moments the fee may not fall below (each move and each change of add-ons). */
  feePoints: FeePoint[];
  /** The code the booking used (its limit is one use), or null. */
  promoCode: string | null;
  /** Whether the booking was withdrawn (cancelled by the client while requested, nothing kept). */
  withdrawn: boolean;
  moves: number;
  extrasChanges: number;
  /** Whether the client's address is proved ("Keep my date"), or the owner's Confirm kept the date for them. */
  proved: boolean;
  /** Whether the ledger's alarm has ended the booking's first 48 hours (docs/product-decisions.md, "A booking proves its address"). */
  holdEnded: boolean;
  /** Whether the owner confirmed it by hand: then it holds its date until its event, paid or not. */
  ownerConfirmed: boolean;
  /** Once the schedule let it go for want of money or of its address proved: the day, what it was then, and whether its event had passed. */
  lapsed: { day: string; as: BookingStatus; afterEvent: boolean } | null;
  /** The day the due dates count from: the booking's, or its last move's (the terms: "due dates follow the new date"). */
  dueFrom: string;
  /** How far the sequence has moved the site's clock on, in hours. */
  hoursPassed: number;
  /** The monthly plan it chose, and its autopay (plan-model.ts); absent for every other way to pay. */
  plan?: PlanModel;
}

/** A plan's instalment as the model lays it out. */
export interface ModelInstalment {
  dueOn: string;
  amountCents: number;
}

/** How a saved card's charges fail from a moment on (Stripe's test declines): a soft decline, a hard one, or what is never tried again. */
export type CardTrouble = "insufficient_funds" | "hard decline" | "authentication_required" | "expired_card";

/** A try the model expects made at Stripe: its instalment, number, the day of the instalment's first try, the amount, and what Stripe answers. */
export interface ModelTry {
  instalment: number;
  tryNumber: number;
  firstOn: string;
  amountCents: number;
  /** "ran out": the queue's deliveries ran out before any reached the ledger; nothing made at Stripe. */
  outcome: "succeeded" | "processing" | "declined" | "ran out";
  /** A soft decline with tries left: tried again. */
  again: boolean;
}

export interface PlanModel {
  bookedOn: string;
  instalments: ModelInstalment[];
  /** The deposit the instalments follow: the terms' share of the total when laid out, kept once paid (a change's difference falls on the instalments to come). */
  depositCents: number;
  /** Autopay on, by card or PayTo; null when the plan is paid by hand, or once autopay stopped. */
  autopay: "card" | "payto" | null;
  /** Why autopay stopped (the client, a failure not tried again), or null. */
  stopped: string | null;
  /** How the saved card's charges fail now, or null when they pass. */
  failing: CardTrouble | null;
  tries: ModelTry[];
  /** The instalments whose charge failed (declined, or a PayTo debit failing days later): client and owner are told once of each. */
  failedInstalments: number[];
  /** The autopay queue's consumer cannot reach the ledger through any delivery of the next morning's try. */
  deliveriesFail: boolean;
  /** PayTo debits still processing: PaymentIntent and amount. */
  processing: Map<string, number>;
  /** How many instalment charges Stripe had made when the booking stopped taking them (autopay off, the date given up): none come after. */
  chargesAtStop: number | null;
}

/** The last day of `day`'s month. */
export function lastDayOf(day: string): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** Ahead of its event, holding its date: it can be changed, moved, cancelled. */
export const holdsDate = (model: Pick<BooksModel, "status">) => model.status === "requested" || model.status === "confirmed";

/** Held its date to the end or still does: its booth stays held, it is billed its total and takes what it owes. */
export const keptDate = (model: Pick<BooksModel, "status">) => holdsDate(model) || model.status === "completed";

export const paidCents = (model: Pick<BooksModel, "paid">) => [...model.paid.values()].reduce((sum, cents) => sum + cents, 0);

/** A booking that holds its date only until its first 48 hours end: its address not proved, nothing paid, the owner not having confirmed it. */
export const waitsForAddress = (model: BooksModel) => holdsDate(model) && !model.proved && paidCents(model) === 0;

export const daysToEvent = (model: Pick<BooksModel, "eventDate">, now: Date) => daysBetween(melbourneToday(now), model.eventDate);

/** What the client owes in all, from the status alone. */
export function billedCents(model: Pick<BooksModel, "status" | "totalCents" | "feeCents">): number {
  if (model.status === "declined" || model.status === "expired") return 0;
  if (model.status === "cancelled") return model.feeCents ?? 0;
  return model.totalCents;
}

/** The terms' deposit: 30% of the total, rounded up to the whole dollar, never more than the total. */
export const depositOfTotal = (totalCents: number) => Math.min(Math.ceil((totalCents * 30) / 10_000) * 100, totalCents);

/** The deposit the booking owes first: a plan's own, else the terms' share of the total. */
export const depositOfModel = (model: Pick<BooksModel, "plan" | "totalCents">) => model.plan?.depositCents ?? depositOfTotal(model.totalCents);

/**
 * What a payment made now should cover, from the terms (docs/product-decisions.md, "Deposits and tax
 * invoices"): a cancelled booking its charge still owed; an event under 14 days away everything
 * owing (the balance is due 14 days before it); otherwise the deposit until it is paid, then the
 * balance. Null when nothing is owing. `refundedCents`: what the books say was given back; `now`,
 * the site's clock.
 */
export function owingNowOf(model: BooksModel, refundedCents: number, now: Date): { kind: string; amountCents: number } | null {
  const paid = paidCents(model);
  const owing = Math.max(billedCents(model) - (paid - refundedCents), 0);
  if (owing === 0) return null;
  if (model.status === "cancelled") return { kind: "cancellation", amountCents: owing };
  if (daysToEvent(model, now) < 14) return { kind: "full", amountCents: owing };
  const deposit = depositOfModel(model);
  if (paid < deposit) return { kind: "deposit", amountCents: deposit - paid };
  // A plan's instalments in order: the first one short, with what is short before it.
  const short = instalmentsShort(model.plan?.instalments ?? [], model, refundedCents);
  const next = short.findIndex((one) => one.shortCents > 0);
  if (next < 0) return { kind: "balance", amountCents: owing };
  return { kind: "instalment", amountCents: Math.min(short.slice(0, next + 1).reduce((sum, one) => sum + one.shortCents, 0), owing) };
}

/** Each instalment with what is still short of it: what was kept beyond the deposit pays them in order. */
export function instalmentsShort(instalments: readonly ModelInstalment[], model: Pick<BooksModel, "paid" | "totalCents" | "plan">, refundedCents: number): (ModelInstalment & { shortCents: number })[] {
  const beyond = paidCents(model) - refundedCents - depositOfModel(model);
  let through = 0;
  return instalments.map((one) => {
    through += one.amountCents;
    return { ...one, shortCents: Math.min(Math.max(through - beyond, 0), one.amountCents) };
  });
}

/** What the books owe back as the terms have it: what was kept beyond what is billed. */
export const owedBackOf = (model: BooksModel, refundedCents: number) => Math.max(paidCents(model) - refundedCents - billedCents(model), 0);

/** The terms' fee for cancelling `daysBefore` days out on a total, with `keptCents` of the client's money in hand; a plan's deposit is its own. */
function policyFee(point: Pick<FeePoint, "daysBefore" | "totalCents">, keptCents: number, planDeposit: number | undefined): number {
  const { cancellation } = policy;
  if (point.daysBefore > cancellation.depositForfeitedBeyondDays) return Math.min(keptCents, planDeposit ?? depositOfTotal(point.totalCents));
  if (point.daysBefore >= cancellation.halfFeeFromDays) return Math.round((point.totalCents * cancellation.halfFeePercent) / 100);
  return point.totalCents;
}

/** A refund as the books date it: the money went back on the Melbourne day of `at`. */
export interface DatedRefund {
  amountCents: number;
  at: string;
}

/**
 * What cancelling by the client costs now: nothing for a request with nothing kept, else the
 * strictest of today's fee and each change's (`refunds`: what the books gave back, and when).
 */
export function clientCancellationFee(model: BooksModel, keptCents: number, now: Date, refunds: readonly DatedRefund[]): number {
  return feeAt({ status: model.status, daysBefore: daysToEvent(model, now) }, model, keptCents, [...model.paid.keys()], refunds);
}

/**
 * The same fee for a cancellation made when the booking was `status`, `daysBefore` its event, with
 * the payments `paidIds` counted then. A change made while the booking could have been withdrawn
 * free (a request with none of the client's money kept) floors it at nothing. Money counts by the
 * Melbourne day it came or went (docs/product-decisions.md, "A payment counts from the day it was
 * received"): a card payment or a refund that day counts at the change; a bank payment, which has
 * a date and no time, received that day counts after it (the benefit of the doubt is the client's).
 */
export function feeAt(moment: { status: BookingStatus; daysBefore: number }, model: Pick<BooksModel, "totalCents" | "feePoints" | "paid" | "paidOn" | "plan">, keptCents: number, paidIds: readonly string[], refunds: readonly DatedRefund[]): number {
  const keptAt = (day: string) => {
    const came = paidIds.filter((id) => (id.startsWith("bank-") ? model.paidOn.get(id)! < day : model.paidOn.get(id)! <= day)).reduce((sum, id) => sum + (model.paid.get(id) ?? 0), 0);
    return came - refunds.filter((refund) => melbourneToday(new Date(refund.at)) <= day).reduce((sum, refund) => sum + refund.amountCents, 0);
  };
  const withdrawable = (point: FeePoint) => point.requested === true && keptAt(point.day) <= 0;
  if (moment.status === "requested" && keptCents === 0) return 0;
  const today = { daysBefore: moment.daysBefore, totalCents: model.totalCents };
  const planDeposit = model.plan?.depositCents;
  return Math.max(policyFee(today, keptCents, planDeposit), ...model.feePoints.map((point) => (withdrawable(point) ? 0 : policyFee(point, keptCents, planDeposit))));
}

/** Whether the client may move the booking to `to` today: the date rules are the move's own (date-move.ts), the model keeps the money. */
export function moveAllowed(model: BooksModel, to: string, now: Date): boolean {
  // The terms: while it holds its date and the event is more than 14 days away, to another date from tomorrow to six months after the date first booked.
  const today = melbourneToday(now);
  const [year, month, day] = model.bookedDate.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + 6, 0)).getUTCDate();
  const sixMonthsOn = new Date(Date.UTC(year, month + 5, Math.min(day, lastDay))).toISOString().slice(0, 10);
  return holdsDate(model) && daysToEvent(model, now) > 14 && to !== model.eventDate && to > today && to <= sixMonthsOn;
}

export const extrasChangeAllowed = (model: BooksModel, now: Date) => holdsDate(model) && daysToEvent(model, now) > policy.extrasChangeClosesDaysBeforeEvent;

/**
 * Whether a scheduled run on `day` lapses the booking for want of money (docs/product-decisions.md,
 * "Dates are held by money or by the owner"): it holds its date, nothing is paid, the owner did not
 * confirm it by hand, and its deposit was due before that day. From the terms: the deposit is due 7
 * days after the booking, or by the balance's date (14 days before the event) if sooner, or at once
 * when the event is under 14 days away; the due dates follow a move, counted from its day.
 */
export function lapsesOn(model: BooksModel, day: string): boolean {
  if (!holdsDate(model) || model.paid.size > 0 || model.ownerConfirmed) return false;
  const from = model.dueFrom;
  const depositDue = daysBetween(from, model.eventDate) < 14 ? from : [addDays(from, 7), addDays(model.eventDate, -14)].sort()[0]!;
  return depositDue < day;
}

/**
 * What a morning's scheduled run on `day` does to the booking: lapsed for want of money (its deposit
 * was due before that day), or completed once its event is over.
 */
export function scheduleRunsOn(model: BooksModel, day: string) {
  if (lapsesOn(model, day)) {
    model.lapsed = { day, as: model.status, afterEvent: model.eventDate < day };
    model.status = "expired";
  } else if (holdsDate(model) && model.eventDate < day) model.status = "completed";
}
