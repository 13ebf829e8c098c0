/**
 * A stored booking as KV holds it (`booking:{event date}:{invoice number}`), and the metadata
 * its key carries so a listing reads without opening records. Types only: every module that
 * needs the shape imports it from here, not from the code that stores it.
 */
import type { Payment, PaymentState, Refund, VoidedPayment } from "~/bookings/record/amounts";
import type { WithAutopay } from "~/bookings/record/autopay";
import type { EventDetails } from "~/bookings/record/event-details";
import type { FailedPayment, PendingPayment } from "~/bookings/record/off-session-payments";
import type { PaymentPlan } from "~/bookings/plans/plan";
import type { ProofVersion } from "~/bookings/record/proofs";
import type { BookingStatus, Lifecycle } from "~/bookings/record/lifecycle";
import type { TermsAcceptance } from "~/bookings/record/terms-acceptance";
import type { BookingInput } from "~/input/public-forms";
import type { PriceLine, PriceLineKind } from "~/prices/booking-price";
import type { Extras } from "~/prices/extras";
import type { EmailDelivery } from "~/mail/deliveries.server";
import type { Travel } from "~/travel/fees";

export interface BookingRecord extends Omit<BookingInput, "price" | "invoiceNumber" | "extras" | "promoCode" | "paymentOption">, Lifecycle, WithAutopay {
  kind: "booking";
  invoiceNumber: string;
  /** Whole AUD, from the booking price table; the browser's figure is ignored. */
  price: number;
  currency: "AUD";
  receivedAt: string;
  /** Melbourne's date of the booking, printed on the invoice. */
  issuedOn: string;
  /** The random part of the invoice address; whoever holds it can open the invoice. */
  invoiceSecret: string;
  invoicePdf: string;
  /** Names this booking's hold on its booth in the holds Durable Object, to release it. */
  holdId: string;
  /** Travel to the venue's locality; null when none was found in the location: to be confirmed, nothing charged online. */
  travel: Travel | null;
  /** Whole AUD (0 when free or to be confirmed). */
  travelFee: number;
  /** Booth price plus travel, in cents: what the invoice bills (the sum of `priceLines` when it has them). */
  totalCents: number;
  /** Extra hours, add-ons and backdrop; absent on bookings made before add-ons were sold. */
  extras?: Extras;
  /** The price as invoice lines, fixed when the booking was made (a later rule or code never touches it); absent on older bookings: booth and travel. */
  priceLines?: PriceLine[];
  /** The tax invoice's lines as issued, kept when a change of add-ons first reprices `priceLines` (invoice/billing-documents.ts). */
  issuedLines?: PriceLine[];
  /** What its documents print that the settings could change later; absent on bookings stored before it was kept, read with the settings of the day. */
  issuedWith?: IssuedWith;
  /** Every billing document issued, oldest first, as printed: written by the ledger with the change that issues one; absent on bookings stored before, worked out from the history until their next change (invoice/issued-documents.ts). */
  documents?: IssuedDocument[];
  /** The quote it was booked from, at the quote's prices (app/quotes/). */
  fromQuote?: string;
  /** The promo code the booking used, if any. */
  promoCode?: string;
  /** The id its code's use was claimed under (its first hold's, which a move or a change of extras replaces), to give the use back; absent on bookings made before it was kept, whose use is under `holdId` until such a change. */
  promoUseId?: string;
  /** Each change of extras made on the booking page, oldest first. */
  extrasChanges?: ExtrasChange[];
  /** How the client chose to pay, with a monthly plan's instalments; absent on bookings stored before plans were offered, which pay the deposit then the balance (plans/plan.ts, `planOf`). */
  paymentPlan?: PaymentPlan;
  /** Payments received, each recorded once by its checkout session (payments.server.ts); a request with any never expires. */
  payments?: Payment[];
  /** Bank payments the owner voided (mistyped), taken out of `payments`: never counted, never deleted. */
  voidedPayments?: VoidedPayment[];
  /** Off-session instalments Stripe is still processing (PayTo): never counted until paid. */
  pendingPayments?: PendingPayment[];
  /** Off-session instalment charges that failed, as Stripe's events say. */
  failedPayments?: FailedPayment[];
  /** Where the payments and refunds stand, worked out again whenever the booking is stored. */
  paymentState?: PaymentState;
  /** How each of its e-mails went, filled in by the e-mail queue. */
  emailDelivery: EmailDelivery;
  /** Whether the client's e-mail address is proved ("Keep my date"): absent on bookings stored before it was asked (address-proof.ts). */
  addressProof?: AddressProof;
  /** The client's acceptance of the terms on their booking page, recorded once. */
  acceptance?: TermsAcceptance;
  /** The event's details, as the client last gave them on their booking page. */
  eventDetails?: EventDetails;
  /** Print design proofs, oldest first, each with the client's answer once given. */
  proofs?: ProofVersion[];
  /** The owner's note for the day of the event, shown on the day sheet; absent or empty when none. */
  dayNote?: DayNote;
  /** The photos' gallery link the owner posted after the event (record/photos.ts). */
  photos?: PhotosGallery;
  /** Each move of the event's date, oldest first; the first `from` is the original date. */
  moves?: DateMove[];
  /** Melbourne's date of the last move: the due dates count from it. */
  movedOn?: string;
  /** The figures of the cancellation, as they stood the day it was made. */
  cancellation?: Cancellation;
  /** Money given back, each recorded once. */
  refunds?: Refund[];
  /** Card refunds Stripe reported as failed, taken back out of `refunds`: the money is owed back again. */
  failedRefunds?: Refund[];
  /**
   * How many times the ledger has expired the booking's Checkout Sessions (absent: never). It is in
   * each session's idempotency key, so the pay button never gets back from Stripe a session the
   * ledger expired (Stripe answers a key used again with what it made, for 24 hours).
   */
  checkoutRound?: number;
}

export interface BookingReceipt {
  invoiceNumber: string;
  price: number;
  travelFee: number;
  /** AUD: the sum of the booking's price lines (booth, extras, the date's rule, a code, travel). */
  total: number;
  /** Site-relative address of the invoice page, secret included. */
  invoicePath: string;
}

/** What a booking key's metadata carries, so a listing (and the daily schedule) reads without opening records. */
export interface BookingMetadata {
  summary: string;
  status: BookingStatus;
  receivedAt: string;
  /** Problems the owner should see in the listing (" · E-MAIL FAILED", " · PDF NOT WRITTEN"). */
  notes: string;
}

/**
 * The one-time proof the booking e-mail's link carries (never the web answer): only its SHA-256 is
 * kept, and dropped once used. `provedAt`: when the client pressed "Keep my date", or the owner's
 * Confirm kept the date for them (`by`).
 */
export interface AddressProof {
  sha256?: string;
  provedAt?: string;
  by?: "client" | "owner";
}

/** Something the owner noted for the event's day (from their page of the booking); each change is kept in the history. */
export interface DayNote {
  text: string;
  at: string;
  /** The notes it replaced, oldest first. */
  earlier?: { text: string; at: string }[];
}

/**
 * The words and terms a booking's documents were issued with (docs/product-decisions.md, "A document
 * keeps the words and figures it was issued with"): travel as described on the tax invoice (its
 * rate per km then), and the days before the event its balance falls due under its terms.
 */
export interface IssuedWith {
  travelLabel: string;
  balanceDueDaysBeforeEvent: number;
}

/** A line of a billing document as printed. */
export interface DocumentLine {
  label: string;
  /** Positive on every document but for a discount line on an invoice: an adjustment note's lines are what it takes off. */
  cents: number;
  gstCents: number;
  /** What the line is for, on the tax invoice; absent on a later document's line, which is a change. */
  kind?: PriceLineKind;
  /** True for travel not yet worked out: the line is $0 until the owner confirms it. */
  toBeConfirmed?: true;
}

/**
 * A billing document as it was issued (docs/decisions/012-issued-documents-are-stored.md): what it
 * printed and nothing that can be worked out from that (its totals are the sums of its lines).
 */
export interface IssuedDocument {
  kind: "invoice" | "supplementary" | "adjustment";
  number: string;
  /** What changed, on a later document: its lines say what it adds or takes off. */
  reason?: string;
  /** The document an adjustment note adjusts (the tax invoice or a supplementary one). */
  adjusts?: Pick<IssuedDocument, "kind" | "number">;
  /** Melbourne's date the document was issued: the day of the change. */
  issuedOn: string;
  /** When what it bills is due (the balance's due date, never before the document). */
  dueOn: string;
  /** The event's date when it was issued, as the books list it beside the document. */
  eventDate: string;
  lines: DocumentLine[];
}

export interface ExtrasChange {
  from: Extras;
  to: Extras;
  at: string;
  /** `to` in words as the catalogue named it at the change, as its document prints it; absent on changes stored before it was kept. */
  toWords?: string;
  /** The new total less the old one: invoiced when positive, owed back (once paid) when negative. */
  differenceCents: number;
}

/** The photos' gallery link as the owner posted it; `earlier` keeps the links it replaced, oldest first. */
export interface PhotosGallery {
  url: string;
  postedAt: string;
  earlier?: { url: string; postedAt: string }[];
}

export interface DateMove {
  from: string;
  to: string;
  at: string;
}

export type CancellationStage = "withdrawn" | "deposit" | "half" | "full" | "by-owner";

/** A cancellation's figures, as stored on the booking once it is made. */
export interface Cancellation {
  by: "client" | "owner";
  at: string;
  stage: CancellationStage;
  /** Days from the day of cancelling to the event, in Melbourne dates. */
  daysBefore: number;
  paidCents: number;
  /** What the client pays in all under the terms: kept from what was paid, plus any still owed. */
  feeCents: number;
  keptCents: number;
  refundCents: number;
  owedCents: number;
  /**
   * Set when an earlier change made the fee (a move or a change of add-ons, docs/product-decisions.md,
   * "Changes, cancellations and refunds"): cancelling then, with the total then, cost more than
   * cancelling today. `stage` is that moment's.
   */
  asOf?: CancellationMoment;
  /** The fees it had before it was worked out again (a payment voided, or one recorded late), oldest first, each with when it stopped. */
  earlier?: { feeCents: number; until: string }[];
}

/** A change cancelling is priced at: when it was made, how many days before the event, and the booking's total just before it. */
export interface CancellationMoment {
  change: "move" | "extras";
  at: string;
  daysBefore: number;
  totalCents: number;
}
