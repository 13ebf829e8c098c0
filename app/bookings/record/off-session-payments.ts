/**
 * What a booking keeps of off-session instalment charges that are not (yet) payments: a PayTo
 * debit while Stripe says `processing`, and a charge that failed. Both are keyed by Stripe's
 * PaymentIntent, so an event delivered again or late finds its own entry. Absent on bookings
 * stored before autopay, which have none.
 */

/** A debit Stripe is still processing: not paid (it counts nowhere) until `payment_intent.succeeded`. */
export interface PendingPayment {
  paymentIntent: string;
  /** The plan's instalment it pays. */
  instalment: number;
  amountCents: number;
  /** When the ledger first heard it was processing. */
  since: string;
}

/** A charge that failed, as Stripe's `payment_intent.payment_failed` says: no payment, the reason kept. */
export interface FailedPayment {
  paymentIntent: string;
  instalment: number;
  amountCents: number;
  code: string;
  declineCode: string | null;
  at: string;
}
