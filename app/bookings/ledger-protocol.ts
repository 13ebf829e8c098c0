/**
 * What a booking's ledger object (`workers/booking-ledger.ts`) is asked to do, and what it
 * answers: the messages between its client (`ledger.server.ts`) and the object. The object makes
 * every change to a stored booking after it is made (payments, status, the state of its e-mails)
 * one at a time. KV has no compare-and-swap and is only eventually consistent between locations,
 * so two changes made side by side elsewhere could each write back a copy without the other: a
 * payment lost to a status change, or the reverse.
 */
import type { Payment, PaymentKind } from "~/bookings/amounts";
import type { BookingRecord } from "~/bookings/booking";
import type { Actor, BookingStatus, Transition } from "~/bookings/lifecycle";
import type { DeliveryChange, EmailDelivery } from "~/mail/deliveries.server";

/** A checkout session Stripe says is paid, as the webhook read it. */
export interface PaidCheckout {
  sessionId: string;
  invoiceNumber: string;
  kind: PaymentKind;
  amountCents: number;
  /** Upper case, as amounts.ts compares it. */
  currency: string;
  paidAt: string;
}

export type RecordOutcome =
  | { status: "recorded"; booking: BookingRecord; payment: Payment }
  | { status: "already-recorded" }
  | { status: "unknown-invoice" };

export interface StatusChangeRequest {
  invoiceNumber: string;
  to: BookingStatus;
  by: Actor;
  at: string;
}

export type LedgerOperation =
  | { op: "payment"; paid: PaidCheckout }
  | ({ op: "status" } & StatusChangeRequest)
  | { op: "deliveries"; recordKey: string; change: DeliveryChange };

export interface BookingLedger {
  /** Records a paid checkout on its booking, once per checkout session. */
  recordPayment(paid: PaidCheckout): Promise<RecordOutcome>;
  /** Moves the booking to a status; null when there is no such booking. */
  changeStatus(request: StatusChangeRequest): Promise<Transition<BookingRecord> | null>;
  updateDeliveries(recordKey: string, change: DeliveryChange): Promise<EmailDelivery>;
}
