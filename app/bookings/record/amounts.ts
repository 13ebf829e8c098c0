/**
 * What a booking costs and what is owed when, in whole cents (no floating-point money): the
 * deposit and balance with their due dates, GST, what has been paid and what is owing now.
 * The invoice page, the PDF, the e-mails and card checkout all read these figures from here.
 */
import { paymentTerms, tax } from "~/business";
import { addDays, daysBetween } from "~/utils/melbourne-time";
import { depositCents } from "~/prices/price-sheet";
import type { PaymentPlan } from "~/bookings/plans/plan";
import type { Instalment } from "~/bookings/plans/schedule";

/** What a payment is for; `cancellation` is what a cancelled booking still owes under the terms; `instalment` a monthly plan's next instalment (with any before it still short). */
export type PaymentKind = "deposit" | "balance" | "full" | "cancellation" | "instalment";

/**
 * A payment received against a booking: a card payment recorded once per checkout session, or a
 * bank transfer or PayID payment the owner recorded (once per press of the form's one-time id).
 */
export interface Payment {
  /** The Checkout Session's id, or `bank-{the form's one-time id}` for a bank payment. */
  sessionId: string;
  /** How it was paid; absent on card payments recorded before bank payments were. */
  method?: "card" | "bank";
  /** A bank payment's reference as the owner copied it from the statement (clients quote the invoice number, so it is not unique). */
  reference?: string;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
  paidAt: string;
  /** When the payment was recorded, its entry's date in the books (its `paidAt` is when the money came: a bank payment's day received, Stripe's time for a card's); absent on payments recorded before it was kept, dated by `paidAt` as they were exported then. */
  recordedAt?: string;
  /** Set when the amount or currency differed from what was owing: the owner checks it. */
  mismatch?: string;
  /** Stripe's PaymentIntent, which a card refund is made against. */
  paymentIntent?: string;
  /** The plan's instalment an off-session charge paid (its `sessionId` is then the PaymentIntent's id); absent on every other payment. */
  instalment?: number;
}

/** A bank payment the owner recorded by mistake and voided: out of every figure, kept in the history. */
export interface VoidedPayment extends Payment {
  voidedAt: string;
  reason: string;
}

/** Money given back to the client: by card through Stripe, or by bank transfer as the owner records it. */
export interface Refund {
  /** Stripe's refund id, or the owner's link's own id for a bank transfer. */
  id: string;
  amountCents: number;
  method: "card" | "bank";
  at: string;
  /** When a card refund was recorded (Stripe's answer, or its event), its entry's date in the books (`at` is the press, or Stripe's time); absent on bank refunds (`at` is when recorded) and on refunds recorded before it was kept. */
  recordedAt?: string;
  /** When Stripe's word that it failed was recorded: the date of its "refund failed" entry. Absent on a refund not failed, or failed before it was kept (dated `at`, as exported then). */
  failedAt?: string;
  /** Failed before the site knew of it: no money moved either way, so the books have no entry of it. */
  neverCounted?: true;
  paymentIntent?: string;
  /** Set when a refund did not match what was owed back: the owner checks it. */
  mismatch?: string;
  /** A card refund Stripe has not finished yet; it counts as given back until Stripe says it failed. */
  pending?: true;
}

export type PaymentState = "unpaid" | "deposit-paid" | "paid" | "partly-refunded" | "refunded";

export interface Billable {
  totalCents: number;
  /** Melbourne's date the booking was made (the invoice's issue date). */
  issuedOn: string;
  eventDate: string;
  payments?: readonly Payment[];
  /** Melbourne's date the event was last moved: due dates are worked out again from it. */
  rescheduledOn?: string;
  /** Once cancelled: what the terms make the client pay in all; anything paid beyond it is owed back. */
  cancellationFeeCents?: number;
  /**
   * Set once the booking was declined or expired: it bills nothing, so everything kept is owed
   * back (docs/product-decisions.md, "What a booking is billed, whatever happens to it").
   */
  billsNothing?: true;
  refunds?: readonly Pick<Refund, "amountCents">[];
  /** How the client chose to pay; absent: the deposit then the balance. */
  plan?: PaymentPlan;
}

export interface AmountsDue {
  totalCents: number;
  /** What the client pays in all as things stand: the total, a cancelled booking's fee, or nothing once declined or expired. */
  billedCents: number;
  /** True when the event is too close for a deposit: everything is due on the issue date. */
  dueInFull: boolean;
  depositCents: number;
  depositDueOn: string;
  balanceCents: number;
  balanceDueOn: string;
  paidCents: number;
  /** Given back so far. */
  refundedCents: number;
  owingCents: number;
  /** What is still to be given back (after a cancellation, or when the total fell below what was paid). */
  refundOwedCents: number;
  state: PaymentState;
  /** What a payment made now should cover (and the pay button takes), or null when nothing is owing: a cancelled booking owes only its charge. */
  owingNow: { kind: PaymentKind; amountCents: number } | null;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** GST included in a GST-inclusive amount (one eleventh, to the nearest cent); 0 when not registered. */
export function gstIncluded(totalCents: number, registered: boolean = tax.gstRegistered): number {
  return registered ? Math.round(totalCents / tax.gstFraction) : 0;
}

/** The deposit: a percentage of the total, rounded up to the whole dollar, never more than the total. */
export function depositOf(totalCents: number): number {
  return depositCents(totalCents, paymentTerms.depositPercent);
}

function receivedCents(payments: readonly Payment[]): number {
  return payments.filter((payment) => payment.currency.toUpperCase() === "AUD").reduce((sum, payment) => sum + payment.amountCents, 0);
}

function sum(amounts: readonly Pick<Refund, "amountCents">[]): number {
  return amounts.reduce((total, item) => total + item.amountCents, 0);
}

export interface InstalmentStanding extends Instalment {
  /** What is still short of it: 0 once what was kept beyond the deposit covers it and every one before it. */
  shortCents: number;
}

/** A monthly plan's instalments, oldest first, each with what is still short of it: what is kept beyond the deposit pays them in order. None for another way to pay. */
export function instalmentsStanding(plan: PaymentPlan | undefined, keptBeyondDepositCents: number): InstalmentStanding[] {
  const instalments = plan?.option === "monthly" ? (plan.instalments ?? []) : [];
  let through = 0;
  return instalments.map((instalment) => {
    through += instalment.amountCents;
    return { ...instalment, shortCents: Math.min(Math.max(through - keptBeyondDepositCents, 0), instalment.amountCents) };
  });
}

/** What a payment made now should cover once the deposit is paid: a plan's instalments in order (the first one short, with what is short before it), else the balance. */
function afterDeposit(plan: PaymentPlan | undefined, keptBeyondDepositCents: number, owingCents: number): NonNullable<AmountsDue["owingNow"]> {
  const standing = instalmentsStanding(plan, keptBeyondDepositCents);
  const next = standing.findIndex((instalment) => instalment.shortCents > 0);
  if (next < 0) return { kind: "balance", amountCents: owingCents };
  const through = standing.slice(0, next + 1).reduce((sum, instalment) => sum + instalment.shortCents, 0);
  return { kind: "instalment", amountCents: Math.min(through, owingCents) };
}

/** The deposit a booking's payment plan follows: a monthly plan keeps the one it was laid out after (plans/plan.ts); any other, the terms' share of the total. */
export function planDepositOf(plan: PaymentPlan | undefined, totalCents: number): number {
  return plan?.option === "monthly" && plan.depositCents !== undefined ? plan.depositCents : depositOf(totalCents);
}

export function amountsDue({ totalCents, issuedOn, eventDate, payments = [], rescheduledOn, cancellationFeeCents, billsNothing, refunds = [], plan }: Billable): AmountsDue {
  // A moved event's dates count from the day it moved: a balance now under 14 days away is due at once.
  const from = rescheduledOn ?? issuedOn;
  const dueInFull = daysBetween(from, eventDate) < paymentTerms.balanceDueDaysBeforeEvent;
  const balanceDueOn = dueInFull ? from : addDays(eventDate, -paymentTerms.balanceDueDaysBeforeEvent);
  const depositCents = dueInFull ? totalCents : planDepositOf(plan, totalCents);
  // The deposit is never due after the balance.
  const depositDueOn = dueInFull ? from : [addDays(issuedOn, paymentTerms.depositDueDays), balanceDueOn].sort()[0]!;
  const paidCents = receivedCents(payments);
  const refundedCents = sum(refunds);
  const kept = paidCents - refundedCents;
  const billed = billsNothing ? 0 : (cancellationFeeCents ?? totalCents);
  const owingCents = Math.max(billed - kept, 0);
  // Owed back whenever more was kept than is billed: after a cancellation, or add-ons removed after paying for them.
  const refundOwedCents = Math.max(kept - billed, 0);
  const paidState: PaymentState = owingCents === 0 ? "paid" : paidCents >= depositCents && !dueInFull ? "deposit-paid" : "unpaid";
  const state: PaymentState = refundedCents === 0 ? paidState : kept <= 0 ? "refunded" : "partly-refunded";
  const owingNow: AmountsDue["owingNow"] =
    owingCents === 0
      ? null
      : cancellationFeeCents !== undefined
        ? { kind: "cancellation", amountCents: owingCents }
        : dueInFull
          ? { kind: "full", amountCents: owingCents }
          : paidCents < depositCents
            ? plan?.option === "all-now"
              ? { kind: "full", amountCents: owingCents }
              : { kind: "deposit", amountCents: depositCents - paidCents }
            : afterDeposit(plan, kept - depositCents, owingCents);
  return {
    totalCents,
    billedCents: billed,
    dueInFull,
    depositCents,
    depositDueOn,
    balanceCents: totalCents - depositCents,
    balanceDueOn,
    paidCents,
    refundedCents,
    owingCents,
    refundOwedCents,
    state,
    owingNow,
  };
}

const centsFormatter = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** `$1,234.50`: amounts with cents, for invoices and receipts. */
export function formatCents(cents: number): string {
  return centsFormatter.format(cents / 100);
}
