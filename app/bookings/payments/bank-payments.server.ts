/**
 * Bank transfers and PayID payments, recorded by the owner from their page of the booking
 * (docs/product-decisions.md, "The owner's page, bank payments and the photos"): the form shows
 * what is owing now and carries a one-time id, so a double submit records once while two real
 * payments quoting the same reference are two. A mistyped one is voided with a reason. Both go
 * through the booking's ledger like every change; each answers with a sentence for the page.
 */
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { paymentKindWords } from "~/bookings/record/payment-words";
import { paymentMethod } from "~/bookings/payments/payments.server";
import type { BankPaymentInput, VoidPaymentInput } from "~/input/owner-forms";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

/** What the two forms show: what is owing now (the amount prefilled), today's date, and the bank payments that can be voided. */
export interface BankPaymentView {
  /** "481.50": what is owing now, as the amount field's value; empty when nothing is. */
  amount: string;
  owing: string;
  today: string;
  /** The record form's one-time id. */
  attempt: string;
  voidable: { id: string; line: string }[];
}

export function bankPaymentView(booking: BookingRecord, now: Date): BankPaymentView {
  const owing = amountsDue(billableOf(booking)).owingNow;
  return {
    amount: owing ? (owing.amountCents / 100).toFixed(2) : "",
    owing: owing ? `${formatCents(owing.amountCents)} is owing now (${paymentKindWords[owing.kind].the}).` : "Nothing is owing now: a payment recorded now is marked for you to check.",
    today: melbourneToday(now),
    attempt: crypto.randomUUID(),
    voidable: (booking.payments ?? [])
      .filter((payment) => paymentMethod(payment) === "bank")
      .map((payment) => ({
        id: payment.sessionId,
        line: `${formatCents(payment.amountCents)} received ${formatDateInWords(melbourneToday(new Date(payment.paidAt)))}${payment.reference ? `, reference "${payment.reference}"` : ""}`,
      })),
  };
}

type Deps = Pick<Services, "ledger" | "now">;

/** Records what the owner received; refuses a date after today or before the booking was made (a typo either way). */
export async function recordBankPayment(services: Deps, booking: BookingRecord, input: BankPaymentInput): Promise<{ ok: boolean; said: string }> {
  const now = services.now();
  if (input.receivedOn > melbourneToday(now)) return { ok: false, said: "The date received cannot be after today." };
  if (input.receivedOn < booking.issuedOn) return { ok: false, said: `The date received cannot be before the booking was made (${formatDateInWords(booking.issuedOn)}).` };
  const outcome = await services.ledger.recordBankPayment({ invoiceNumber: booking.invoiceNumber, attempt: input.attempt, amountCents: input.amount, receivedOn: input.receivedOn, reference: input.reference, at: now.toISOString() });
  switch (outcome.status) {
    case "recorded": {
      const mark = outcome.payment.mismatch ? ` Marked to check: ${outcome.payment.mismatch}.` : "";
      return { ok: true, said: `Recorded ${formatCents(outcome.payment.amountCents)} by bank on ${booking.invoiceNumber}; the client has been sent a receipt.${mark}` };
    }
    case "already-recorded":
      return { ok: true, said: "This payment was recorded already: nothing changed." };
    case "unknown-invoice":
      return { ok: false, said: `Booking ${booking.invoiceNumber} no longer exists.` };
  }
}

/** Voids a bank payment recorded by mistake; it stays in the booking's history with the reason. */
export async function voidBankPayment(services: Deps, booking: BookingRecord, input: VoidPaymentInput): Promise<{ ok: boolean; said: string }> {
  const outcome = await services.ledger.voidPayment({ invoiceNumber: booking.invoiceNumber, paymentId: input.paymentId, reason: input.reason, at: services.now().toISOString() });
  switch (outcome?.kind) {
    case "voided":
      return { ok: true, said: `Voided the bank payment of ${formatCents(outcome.payment.amountCents)}: it no longer counts anywhere, and stays in the history.` };
    case "already":
      return { ok: true, said: "That payment was voided already: nothing changed." };
    case "refused":
      return { ok: false, said: outcome.reason };
    default:
      return { ok: false, said: `Booking ${booking.invoiceNumber} no longer exists.` };
  }
}
