/**
 * What the books record of a booking, each entry on its own Melbourne date (docs/product-decisions.md,
 * "Every change to what is billed has its document"): its billing documents as issued, each payment,
 * void, refund and failed refund on the day it was recorded (a payment with the day the money came),
 * and beside each the event's date as it stood then. Only ever added to as the booking's history
 * grows, so a month's entries never change once it is over: a void or a failed refund is an entry of
 * its own, never a row taken back, and a refund that failed before the site heard of it moved no
 * money and has none. Records stored before the days of recording were kept read as they were
 * exported then. The accountant's export, the Xero import and the index's days of money all read these.
 */
import { eventDateAt, type BillingDocument } from "~/bookings/invoice/billing-documents";
import { issuedDocuments } from "~/bookings/invoice/issued-documents";
import type { BookingRecord } from "~/bookings/record/booking";
import { melbourneToday } from "~/utils/melbourne-time";

export type BookEntry = { eventDate: string } & (
  | { type: "document"; date: string; document: BillingDocument }
  | { type: "payment" | "payment voided" | "refund" | "refund failed"; date: string; amountCents: number; method: "card" | "bank"; receivedOn?: string }
);

export type Booked = Parameters<typeof issuedDocuments>[0] & Pick<BookingRecord, "payments" | "voidedPayments" | "refunds" | "failedRefunds">;

const day = (instant: string) => melbourneToday(new Date(instant));

/** A refund attempt's placeholder stands in for a card refund until Stripe answers; the refund itself is the entry. */
const isPlaceholder = (id: string) => id.startsWith("attempt-");

export function bookEntries(booking: Booked): BookEntry[] {
  const payments = [...(booking.payments ?? []), ...(booking.voidedPayments ?? [])];
  const failed = (booking.failedRefunds ?? []).filter((refund) => !refund.neverCounted);
  const refunds = [...(booking.refunds ?? []), ...failed].filter((refund) => !isPlaceholder(refund.id));
  /** A money entry recorded at `at`: its day, and the event's date then. */
  const at = (instant: string) => ({ date: day(instant), eventDate: eventDateAt(booking, instant) });
  const entries: BookEntry[] = [
    ...issuedDocuments(booking).map((document) => ({ type: "document" as const, date: document.issuedOn, eventDate: document.eventDate, document })),
    ...payments.map((payment) => ({ type: "payment" as const, ...at(payment.recordedAt ?? payment.paidAt), amountCents: payment.amountCents, method: payment.method ?? "card", receivedOn: day(payment.paidAt) })),
    ...(booking.voidedPayments ?? []).map((payment) => ({ type: "payment voided" as const, ...at(payment.voidedAt), amountCents: -payment.amountCents, method: "bank" as const })),
    ...refunds.map((refund) => ({ type: "refund" as const, ...at(refund.recordedAt ?? refund.at), amountCents: -refund.amountCents, method: refund.method })),
    ...failed.map((refund) => ({ type: "refund failed" as const, ...at(refund.failedAt ?? refund.at), amountCents: refund.amountCents, method: refund.method })),
  ];
  return entries.sort((a, b) => a.date.localeCompare(b.date));
}
