/**
 * The words of an autopay agreement, as the booking page shows them beside each way of autopay
 * before the client goes to Stripe (docs/product-decisions.md, "Payment plans and autopay"): what
 * is paid now and how, each instalment still to come with its date and amount, what they are
 * charged to, the three-day notice and how to stop it. Like the terms, they depend on the booking
 * alone (not on today), so the text the client read is the text whose SHA-256 the form carries back
 * and whose copy is kept when autopay turns on.
 */
import { business, paymentPlans } from "~/business";
import { onDayOfMonth, type Instalment } from "~/bookings/plans/schedule";
import { amountsDue, formatCents, instalmentsStanding, type Billable, type PaymentKind } from "~/bookings/record/amounts";
import { paymentKindWords } from "~/bookings/record/payment-words";
import { formatDateInWords } from "~/utils/date-words";

export type AutopayMethod = "card" | "payto";

export interface AutopayAgreement {
  method: AutopayMethod;
  /** What the Checkout takes now, saving the way it was paid. */
  now: { kind: PaymentKind; amountCents: number };
  /** Each instalment still to come after it, with what is still short of it. */
  instalments: Instalment[];
  /** A PayTo agreement's terms: at most this a payment, until this date (six months after the event). */
  payTo: { maximumCents: number; endDate: string } | null;
  /** The words, paragraph by paragraph: the first is the title; list items start with "• ". */
  lines: string[];
}

/** The agreement for paying what is owing now by `method` and having the instalments still to come charged by themselves; null when autopay is not offered (no monthly plan, or nothing of it left to charge). */
export function autopayAgreement(booking: Billable & { invoiceNumber: string }, method: AutopayMethod): AutopayAgreement | null {
  const due = amountsDue(booking);
  const now = due.owingNow;
  if (booking.plan?.option !== "monthly" || !now || booking.cancellationFeeCents !== undefined || booking.billsNothing) return null;
  if (now.kind !== "deposit" && now.kind !== "instalment") return null;
  // What this payment pays of the instalments counts as kept, so the list is what is left to charge after it.
  const keptBeyondDeposit = due.paidCents - due.refundedCents - due.depositCents + (now.kind === "instalment" ? now.amountCents : 0);
  const instalments = instalmentsStanding(booking.plan, keptBeyondDeposit)
    .filter((instalment) => instalment.shortCents > 0)
    .map(({ dueOn, shortCents }) => ({ dueOn, amountCents: shortCents }));
  if (!instalments.length) return null;
  const day = Number(booking.eventDate.slice(8));
  const payTo = method === "payto" ? { maximumCents: due.totalCents, endDate: onDayOfMonth(booking.eventDate, paymentPlans.payToEndsAfterMonthsFromEvent, day) } : null;
  return { method, now, instalments, payTo, lines: agreementLines(booking.invoiceNumber, method, now, instalments, payTo) };
}

function agreementLines(invoiceNumber: string, method: AutopayMethod, now: AutopayAgreement["now"], instalments: Instalment[], payTo: AutopayAgreement["payTo"]): string[] {
  const paidNow = `${paymentKindWords[now.kind].the} of ${formatCents(now.amountCents)}`;
  const how =
    method === "card"
      ? [
          `You pay ${paidNow} now by card, on Stripe's secure checkout page. Stripe keeps the card for ${business.name} to charge each instalment below to it on its date, without you doing anything.`,
          "We keep only the card's brand, last four digits and expiry, to show on your booking page; the card itself stays with Stripe. You can put another card in its place with \"Change card\" on your booking page.",
        ]
      : [
          `You pay ${paidNow} now by PayTo, and approve a PayTo agreement in your bank app: ${business.name} may debit your account at most ${formatCents(payTo!.maximumCents)} a payment, only for this booking, until ${formatDateInWords(payTo!.endDate)}.`,
          "Each instalment below is debited from the account you approve the agreement from, on its date. A PayTo payment can take a few days to clear.",
        ];
  return [
    `Autopay agreement for booking ${invoiceNumber}`,
    ...how,
    `The instalments${method === "card" ? " charged to the card" : " debited by PayTo"}:`,
    ...instalments.map(({ dueOn, amountCents }) => `• ${formatCents(amountCents)} on ${formatDateInWords(dueOn)}`),
    "Three days before each charge we e-mail you what will be charged, when and to what.",
    "If your booking changes (add-ons added or removed, a new date), the instalments still to come change with it, and your booking page shows them. An instalment you pay another way before its date is not charged.",
    `To stop autopay at any time: press "Turn autopay off" on your booking page, or pay another way (bank transfer, PayID or the pay button)${method === "payto" ? ", or pause or cancel the agreement in your bank app" : ""}. Nothing more is then charged by itself, and each instalment is owed by its date as before.`,
  ];
}

/** The agreement as the text the client read: what its SHA-256 is of and what its copy holds. */
export function agreementText(agreement: Pick<AutopayAgreement, "lines">): string {
  return agreement.lines.join("\n");
}
