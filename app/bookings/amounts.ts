/**
 * What a booking costs and what is owed when, in whole cents (no floating-point money): the
 * deposit and balance with their due dates, GST, what has been paid and what is owing now.
 * The invoice page, the PDF, the e-mails and card checkout all read these figures from here.
 */
import { paymentTerms, tax } from "~/business";
import { addDays, daysBetween } from "~/utils/melbourne-time";

export type PaymentKind = "deposit" | "balance" | "full";

/** A payment received against a booking (card payments are recorded once per checkout session). */
export interface Payment {
  sessionId: string;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
  paidAt: string;
  /** Set when the amount or currency differed from what was owing: the owner checks it. */
  mismatch?: string;
}

export type PaymentState = "unpaid" | "deposit-paid" | "paid";

export interface Billable {
  totalCents: number;
  /** Melbourne's date the booking was made (the invoice's issue date). */
  issuedOn: string;
  eventDate: string;
  payments?: readonly Payment[];
}

export interface AmountsDue {
  totalCents: number;
  gstCents: number;
  /** True when the event is too close for a deposit: everything is due on the issue date. */
  dueInFull: boolean;
  depositCents: number;
  depositDueOn: string;
  balanceCents: number;
  balanceDueOn: string;
  paidCents: number;
  owingCents: number;
  state: PaymentState;
  /** What a payment made now should cover, or null when nothing is owing. */
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
  const dollars = Math.ceil((totalCents * paymentTerms.depositPercent) / 10_000);
  return Math.min(dollars * 100, totalCents);
}

function receivedCents(payments: readonly Payment[]): number {
  return payments.filter((payment) => payment.currency.toUpperCase() === "AUD").reduce((sum, payment) => sum + payment.amountCents, 0);
}

export function amountsDue({ totalCents, issuedOn, eventDate, payments = [] }: Billable): AmountsDue {
  const dueInFull = daysBetween(issuedOn, eventDate) < paymentTerms.balanceDueDaysBeforeEvent;
  const balanceDueOn = dueInFull ? issuedOn : addDays(eventDate, -paymentTerms.balanceDueDaysBeforeEvent);
  const depositCents = dueInFull ? totalCents : depositOf(totalCents);
  // The deposit is never due after the balance.
  const depositDueOn = dueInFull ? issuedOn : [addDays(issuedOn, paymentTerms.depositDueDays), balanceDueOn].sort()[0]!;
  const paidCents = receivedCents(payments);
  const owingCents = Math.max(totalCents - paidCents, 0);
  const state: PaymentState = owingCents === 0 ? "paid" : paidCents >= depositCents && !dueInFull ? "deposit-paid" : "unpaid";
  const owingNow: AmountsDue["owingNow"] =
    owingCents === 0
      ? null
      : dueInFull
        ? { kind: "full", amountCents: owingCents }
        : paidCents < depositCents
          ? { kind: "deposit", amountCents: depositCents - paidCents }
          : { kind: "balance", amountCents: owingCents };
  return {
    totalCents,
    gstCents: gstIncluded(totalCents),
    dueInFull,
    depositCents,
    depositDueOn,
    balanceCents: totalCents - depositCents,
    balanceDueOn,
    paidCents,
    owingCents,
    state,
    owingNow,
  };
}

const centsFormatter = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** `$1,234.50`: amounts with cents, for invoices and receipts. */
export function formatCents(cents: number): string {
  return centsFormatter.format(cents / 100);
}
