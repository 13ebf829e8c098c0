/**
 * Off-session instalment charges as Stripe's `payment_intent.*` events report them. Only a
 * PaymentIntent whose metadata says it is an instalment of one of our bookings counts here (the pay
 * button's checkouts carry their own metadata and are recorded by their `checkout.session.*`
 * events). `succeeded` is a payment, recorded by the ledger once by PaymentIntent id; `processing`
 * (a PayTo debit) is pending until then; `payment_failed` is a failure, no payment. Each is kept
 * once, and nothing once the charge is paid, so a replay or a late event changes nothing.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import type { OffSessionReport, PaidCheckout } from "~/bookings/record/ledger-protocol";
import type { Stripe } from "~/bookings/payments/stripe.server";

/** What an event says of an off-session instalment, or why it is not about one. */
export function offSessionEventOf(event: Stripe.Event): { paid: PaidCheckout } | { report: OffSessionReport } | string {
  if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.processing" && event.type !== "payment_intent.payment_failed") return `${event.type} changes nothing`;
  const intent = event.data.object;
  const instalment = Number(intent.metadata?.instalment);
  const invoiceNumber = intent.metadata?.invoiceNumber;
  if (intent.metadata?.kind !== "instalment" || !invoiceNumber || !Number.isInteger(instalment) || instalment < 1) {
    return `PaymentIntent ${intent.id} is no instalment's off-session charge; its checkout's events record it`;
  }
  const at = new Date(event.created * 1000).toISOString();
  const common = { invoiceNumber, paymentIntent: intent.id, instalment };
  if (event.type === "payment_intent.succeeded") {
    // An instalment pays toward the balance; its PaymentIntent is its id in the books.
    return { paid: { ...common, sessionId: intent.id, kind: "instalment", amountCents: intent.amount_received, currency: intent.currency.toUpperCase(), paidAt: at } };
  }
  if (event.type === "payment_intent.processing") return { report: { ...common, amountCents: intent.amount, at, status: "processing" } };
  const error = intent.last_payment_error;
  return { report: { ...common, amountCents: intent.amount, at, status: "failed", code: error?.code ?? "payment_failed", declineCode: error?.decline_code ?? null } };
}

/** The booking with the report kept, or null when it changes nothing (paid already, or this PaymentIntent's state already kept). */
export function offSessionOn(booking: BookingRecord, report: OffSessionReport): BookingRecord | null {
  const { paymentIntent } = report;
  if (booking.payments?.some((payment) => payment.paymentIntent === paymentIntent)) return null;
  if (booking.failedPayments?.some((failed) => failed.paymentIntent === paymentIntent)) return null;
  const { instalment, amountCents, at } = report;
  if (report.status === "processing") {
    if (booking.pendingPayments?.some((pending) => pending.paymentIntent === paymentIntent)) return null;
    return { ...booking, pendingPayments: [...(booking.pendingPayments ?? []), { paymentIntent, instalment, amountCents, since: at }] };
  }
  return {
    ...booking,
    pendingPayments: (booking.pendingPayments ?? []).filter((pending) => pending.paymentIntent !== paymentIntent),
    failedPayments: [...(booking.failedPayments ?? []), { paymentIntent, instalment, amountCents, code: report.code, declineCode: report.declineCode, at }],
  };
}
