/**
 * What a booking's ledger object (`workers/booking-ledger.ts`) is asked to do, and what it
 * answers: the messages between its client (`ledger.server.ts`) and the object. The object makes
 * every change to a stored booking after it is made (payments, status, the state of its e-mails)
 * one at a time. KV has no compare-and-swap and is only eventually consistent between locations,
 * so two changes made side by side elsewhere could each write back a copy without the other: a
 * payment lost to a status change, or the reverse.
 */
import type { Payment, PaymentKind, Refund } from "~/bookings/record/amounts";
import type { BookingRecord, Cancellation } from "~/bookings/record/booking";
import type { EventDetails } from "~/bookings/record/event-details";
import type { Actor, BookingStatus, Transition } from "~/bookings/record/lifecycle";
import type { TermsAcceptance } from "~/bookings/record/terms-acceptance";
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
  /** Stripe's PaymentIntent behind the session, which a refund is made against. */
  paymentIntent?: string;
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

/** The client's changes on their booking page; each is refused once the booking holds no booth. */
export type ClientChange = { kind: "accept"; acceptance: TermsAcceptance } | { kind: "details"; details: EventDetails } | { kind: "cancel"; cancellation: Cancellation };

/** Moving a booking to `to`, whose booth the caller has already held under `holdId`. */
export interface MoveRequest {
  invoiceNumber: string;
  to: string;
  holdId: string;
  at: string;
}

export type MoveOutcome = { kind: "moved"; record: BookingRecord; before: BookingRecord } | { kind: "refused"; record: BookingRecord; reason: string };

export type RefundOutcome = { kind: "recorded"; record: BookingRecord; refund: Refund } | { kind: "already"; record: BookingRecord };

export type ClientChangeOutcome =
  /** Stored; `before` is the booking as it was, so the caller can say what changed. */
  | { kind: "changed"; record: BookingRecord; before: BookingRecord }
  /** Nothing to do: the terms were accepted already. */
  | { kind: "already"; record: BookingRecord }
  | { kind: "refused"; record: BookingRecord; reason: string };

export type LedgerOperation =
  | { op: "payment"; paid: PaidCheckout }
  | ({ op: "status" } & StatusChangeRequest)
  | { op: "deliveries"; recordKey: string; change: DeliveryChange }
  | { op: "client"; invoiceNumber: string; change: ClientChange }
  | ({ op: "move" } & MoveRequest)
  | { op: "refund"; invoiceNumber: string; refund: Refund };

export interface BookingLedger {
  /** Records a paid checkout on its booking, once per checkout session. */
  recordPayment(paid: PaidCheckout): Promise<RecordOutcome>;
  /** Moves the booking to a status; null when there is no such booking. */
  changeStatus(request: StatusChangeRequest): Promise<Transition<BookingRecord> | null>;
  updateDeliveries(recordKey: string, change: DeliveryChange): Promise<EmailDelivery>;
  /** Makes a change the client asked for on their booking page; null when there is no such booking. */
  changeByClient(invoiceNumber: string, change: ClientChange): Promise<ClientChangeOutcome | null>;
  /** Moves the booking to a new date whose booth is already held, releasing the old one. */
  move(request: MoveRequest): Promise<MoveOutcome | null>;
  /** Records money given back, once per refund id. */
  recordRefund(invoiceNumber: string, refund: Refund): Promise<RefundOutcome | null>;
}
