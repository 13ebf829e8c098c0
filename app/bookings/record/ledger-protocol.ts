/**
 * What a booking's ledger object (`workers/booking-ledger.ts`) is asked to do, and what it
 * answers: the messages between its client (`ledger.server.ts`) and the object. The object makes
 * every change to a stored booking after it is made (payments, status, the state of its e-mails)
 * one at a time. KV has no compare-and-swap and is only eventually consistent between locations,
 * so two changes made side by side elsewhere could each write back a copy without the other: a
 * payment lost to a status change, or the reverse.
 */
import type { AutopayChange, AutopayOutcome, AutopayTry, AutopayTriesOutcome, TryAnswer, TryGo } from "~/bookings/record/autopay";
import type { Payment, PaymentKind, Refund, VoidedPayment } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import type { EventDetails } from "~/bookings/record/event-details";
import type { Actor, BookingStatus, Transition } from "~/bookings/record/lifecycle";
import type { ProofAnswer, ProofUpload, ProofVersion } from "~/bookings/record/proofs";
import type { TermsAcceptance } from "~/bookings/record/terms-acceptance";
import type { DeliveryChange, EmailDelivery } from "~/mail/deliveries.server";
import type { Extras } from "~/prices/extras";
import type { PaymentOption } from "~/input/fields";
import type { Mail } from "~/mail/message";

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
  /** The plan's instalment an off-session charge paid (`sessionId` is then its PaymentIntent). */
  instalment?: number;
}

/** What Stripe's `payment_intent.processing` or `.payment_failed` says of an off-session instalment charge, for its booking's ledger. */
export type OffSessionReport = { invoiceNumber: string; paymentIntent: string; instalment: number; amountCents: number; at: string } & (
  | { status: "processing" }
  | { status: "failed"; code: string; declineCode: string | null }
);

export type OffSessionOutcome = { status: "recorded" } | { status: "already-recorded" } | { status: "unknown-invoice" };

export type RecordOutcome =
  | { status: "recorded"; booking: BookingRecord; payment: Payment }
  | { status: "already-recorded" }
  | { status: "unknown-invoice" };

/**
 * A bank transfer or PayID payment the owner received, as their page's form records it
 * (docs/product-decisions.md, "The owner's page, bank payments and the photos").
 */
export interface BankPaymentRequest {
  invoiceNumber: string;
  /** The form's one-time id: a double submit records once, two presses of two forms are two payments. */
  attempt: string;
  amountCents: number;
  /** Melbourne's date the money arrived. */
  receivedOn: string;
  reference: string;
  at: string;
}

/** Voiding a bank payment the owner recorded by mistake, with why. */
export interface VoidRequest {
  invoiceNumber: string;
  /** The payment's `sessionId` (`bank-…`). */
  paymentId: string;
  reason: string;
  at: string;
}

export type VoidOutcome =
  | { kind: "voided"; record: BookingRecord; payment: VoidedPayment }
  /** Voided already: nothing changed. */
  | { kind: "already"; record: BookingRecord }
  | { kind: "refused"; record: BookingRecord; reason: string };

export interface StatusChangeRequest {
  invoiceNumber: string;
  to: BookingStatus;
  by: Actor;
  at: string;
}

/** The client's changes on their booking page; each is refused once the booking holds no booth. Cancelling is priced by the ledger from its own copy. */
export type ClientChange =
  | { kind: "accept"; acceptance: TermsAcceptance }
  | { kind: "details"; details: EventDetails }
  /** How to pay, chosen again before anything is paid. */
  | { kind: "plan"; option: PaymentOption; at: string }
  | { kind: "cancel"; at: string }
  /** "Keep my date": the SHA-256 of the proof the booking e-mail's link brought (address-proof.ts). */
  | { kind: "prove"; proofHash: string; at: string };

/** Moving a booking to `to`: the ledger holds the new date's booth itself, or refuses. */
export interface MoveRequest {
  invoiceNumber: string;
  to: string;
  at: string;
}

/** A change the ledger would not make, and why (said to the client or the owner as it is). */
type Refused = { kind: "refused"; record: BookingRecord; reason: string };
/** Stored; `before` is the booking as it was, so the caller can say what changed. */
type Changed = { kind: "changed"; record: BookingRecord; before: BookingRecord };

/** Changing the booking's extras on its booking page: the ledger holds their stock itself, or refuses. */
export interface ExtrasRequest {
  invoiceNumber: string;
  extras: Extras;
  at: string;
}

export type ExtrasOutcome = Changed | { kind: "same"; record: BookingRecord } | Refused;

export type MoveOutcome = { kind: "moved"; record: BookingRecord; before: BookingRecord } | Refused;

/** The owner's Refund link: give back what is owed, by card through Stripe or as a bank transfer they made. */
export interface RefundRequest {
  invoiceNumber: string;
  method: "card" | "bank";
  at: string;
  /** The press's own id (a one-time id in the Refund form): the same press again is the same refund, a new press a new one. */
  attempt: string;
}

/** What Stripe answered for one payment of a refund attempt: the refund it made, or why none. */
export interface AttemptResult {
  paymentIntent: string;
  refund?: { id: string; amount: number; status: string | null };
  error?: string;
  /** The call failed in a way that may have made the refund all the same: it is looked up at Stripe. */
  unsure?: true;
}

/** Stripe's answers to a card refund attempt, recorded by the ledger once (the object's own message to itself). */
export interface RefundMade {
  invoiceNumber: string;
  attempt: string;
  results: AttemptResult[];
}

export type RefundRequestOutcome =
  /**
   * Refunds made now (a card refund may still be pending at Stripe); `shortCents` that Stripe could
   * not refund, still owed back; `unsureCents` that Stripe did not answer about, counted as given
   * back until the ledger has looked it up at Stripe.
   */
  | { kind: "refunded"; record: BookingRecord; refunds: Refund[]; shortCents?: number; unsureCents?: number }
  /** Nothing is owed back: `record.refunds` says what already happened. */
  | { kind: "nothing"; record: BookingRecord }
  | Refused;

/** A refund as Stripe reports it (made from the Refund link or in Stripe's dashboard). */
export interface ReportedRefund {
  id: string;
  /** The Refund button's press that asked for it (its metadata), when it was asked from the site. */
  attempt?: string;
  amountCents: number;
  paymentIntent: string;
  status: "pending" | "succeeded" | "failed";
  at: string;
}

export type RefundOutcome =
  | { kind: "recorded"; record: BookingRecord; refund: Refund }
  | { kind: "already"; record: BookingRecord }
  /** A refund of a payment the booking has not recorded yet (Stripe's events come in any order): to be told again later. */
  | { kind: "payment-unknown"; record: BookingRecord };

/** A Checkout Session started for the booking: expired by the ledger when the booking no longer owes what it asks. */
export interface OpenedCheckout {
  invoiceNumber: string;
  sessionId: string;
  kind: PaymentKind;
  amountCents: number;
}

export type ClientChangeOutcome =
  | Changed
  /** Nothing to do: the terms were accepted already. */
  | { kind: "already"; record: BookingRecord }
  | Refused;

/** The client's answer to one version of the print design's proof. */
export type ProofAnswerRequest = { invoiceNumber: string; version: number; answer: ProofAnswer };

/** Stored, with the version uploaded or answered as it is now; or refused, saying why. */
export type ProofOutcome = { kind: "changed"; record: BookingRecord; proof: ProofVersion } | Refused;

/** The owner posting the photos' gallery link (record/photos.ts): allowed from the event's day, as of `at`. */
export interface GalleryRequest {
  invoiceNumber: string;
  url: string;
  at: string;
}

/** Posted (`first`: the client is e-mailed it, only the first time), the same link again, or refused. */
export type GalleryOutcome = { kind: "posted"; record: BookingRecord; first: boolean } | { kind: "same"; record: BookingRecord } | Refused;

export type LedgerOperation =
  | { op: "open"; booking: BookingRecord; mails: Record<string, Mail> }
  | { op: "payment"; paid: PaidCheckout }
  | { op: "off-session"; invoiceNumber: string; report: OffSessionReport }
  | { op: "autopay"; invoiceNumber: string; change: AutopayChange }
  | { op: "autopay-queued"; invoiceNumber: string; tries: AutopayTry[] }
  | { op: "autopay-try"; invoiceNumber: string; instalment: number; tryNumber: number }
  | { op: "autopay-answer"; invoiceNumber: string; instalment: number; tryNumber: number; answer: TryAnswer }
  | ({ op: "bank-payment" } & BankPaymentRequest)
  | ({ op: "void-payment" } & VoidRequest)
  | ({ op: "status" } & StatusChangeRequest)
  | { op: "deliveries"; recordKey: string; change: DeliveryChange }
  | { op: "client"; invoiceNumber: string; change: ClientChange }
  | ({ op: "move" } & MoveRequest)
  | ({ op: "extras" } & ExtrasRequest)
  | ({ op: "refund" } & RefundRequest)
  | ({ op: "refund-made" } & RefundMade)
  | { op: "refund-report"; invoiceNumber: string; refund: ReportedRefund }
  | ({ op: "checkout" } & OpenedCheckout)
  | { op: "proof-uploaded"; invoiceNumber: string; upload: ProofUpload }
  | ({ op: "proof-answered" } & ProofAnswerRequest)
  | ({ op: "gallery" } & GalleryRequest)
  | { op: "read"; invoiceNumber: string }
  | { op: "day-note"; invoiceNumber: string; text: string; at: string }
  /** What the ledger's alarm does at the end of an unproved booking's hold, as of `at` (the object's own message to itself; tests send it at a chosen moment). */
  | { op: "hold-ends"; invoiceNumber: string; at: string };

/** The ledger's own copy of its booking, once whatever it had waiting was tried, and how many follow-ups and card refund attempts still wait. */
export interface LedgerReading {
  booking: BookingRecord;
  notes: string;
  waiting: number;
  /** When the object's alarm is set for (milliseconds since the epoch), or null. */
  alarmAt: number | null;
}

export interface BookingLedger {
  /** Takes a booking just stored: the ledger keeps its copy, and draws its PDF and queues its e-mails after answering. */
  open(booking: BookingRecord, mails: Record<string, Mail>): Promise<void>;
  /** Records a paid checkout on its booking, once per checkout session; its receipt, the owner's note and the PDF follow. */
  recordPayment(paid: PaidCheckout): Promise<RecordOutcome>;
  /** Records an off-session instalment Stripe is processing (pending, not paid) or that failed (no payment), once per PaymentIntent; nothing once it is paid. */
  recordOffSession(report: OffSessionReport): Promise<OffSessionOutcome>;
  /** Turns autopay on with the method a Checkout saved, or off (the client, the bank's mandate, the last try); the client is told when their bank stopped it. */
  changeAutopay(invoiceNumber: string, change: AutopayChange): Promise<AutopayOutcome>;
  /** Keeps the tries the schedule put on the autopay queue, each once. */
  recordQueuedTries(invoiceNumber: string, tries: AutopayTry[]): Promise<AutopayTriesOutcome>;
  /** Asks before an autopay try is charged (still owed, the date kept, autopay on, this try not made): the try's id is written down first. */
  startTry(invoiceNumber: string, one: { instalment: number; tryNumber: number }): Promise<TryGo>;
  /** Keeps Stripe's answer to a try (the payment itself is recorded as the webhook records it); autopay stops after a last try declined. */
  answerTry(invoiceNumber: string, one: { instalment: number; tryNumber: number }, answer: TryAnswer): Promise<void>;
  /** Records a bank payment the owner received, once per form; the client's receipt, the owner's note and the PDF follow. */
  recordBankPayment(request: BankPaymentRequest): Promise<RecordOutcome>;
  /** Takes a mistyped bank payment out of every figure, keeping it in the history with its reason; null when there is no such booking. */
  voidPayment(request: VoidRequest): Promise<VoidOutcome | null>;
  /** Moves the booking to a status; null when there is no such booking. Its e-mails and hold follow. */
  changeStatus(request: StatusChangeRequest): Promise<Transition<BookingRecord> | null>;
  updateDeliveries(recordKey: string, change: DeliveryChange): Promise<EmailDelivery>;
  /** Makes a change the client asked for on their booking page; null when there is no such booking. */
  changeByClient(invoiceNumber: string, change: ClientChange): Promise<ClientChangeOutcome | null>;
  /** Moves the booking to a new date, holding its booth there and releasing the old one. */
  move(request: MoveRequest): Promise<MoveOutcome | null>;
  /** Changes the booking's extras, holding what they need on its date, and reprices it. */
  changeExtras(request: ExtrasRequest): Promise<ExtrasOutcome | null>;
  /** Gives back what is owed, never more than was paid; null when there is no such booking. */
  refund(request: RefundRequest): Promise<RefundRequestOutcome | null>;
  /** Records a refund Stripe reports, or a change of its status, once each. */
  reportRefund(invoiceNumber: string, refund: ReportedRefund): Promise<RefundOutcome | null>;
  /** Remembers a Checkout Session started for what the booking owes now; false (and the session expired) when it asks for anything else. */
  openedCheckout(checkout: OpenedCheckout): Promise<boolean>;
  /** Adds the owner's upload as the proof's next version; the client is e-mailed it. */
  uploadProof(invoiceNumber: string, upload: ProofUpload): Promise<ProofOutcome | null>;
  /** Records the client's answer to the latest version, until the approve-by date; the owner is e-mailed it. */
  answerProof(request: ProofAnswerRequest): Promise<ProofOutcome | null>;
  /** Posts the photos' gallery link, replacing any earlier one; the client is e-mailed the first. */
  postGallery(request: GalleryRequest): Promise<GalleryOutcome | null>;
  /** Notes something for the event's day (shown on the day sheet), replacing the note before; null when there is no such booking. */
  noteForDay(invoiceNumber: string, text: string, at: string): Promise<BookingRecord | null>;
  /** The ledger's copy as it decides from it (KV may lag it); null when there is no such booking. */
  read(invoiceNumber: string): Promise<LedgerReading | null>;
  /** What the ledger's alarm does as of `at`: a booking still waiting for its address when its hold ends expires (refused otherwise); null when there is no such booking. */
  endUnprovedHold(invoiceNumber: string, at: string): Promise<Transition<BookingRecord> | null>;
}

declare module "~/types/services" {
  interface Services {
    /** Every change to a stored booking goes through its ledger. */
    ledger: BookingLedger;
  }
}
