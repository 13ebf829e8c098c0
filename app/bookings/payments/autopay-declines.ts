/**
 * What a declined off-session charge means for the plan (docs/product-decisions.md, "Payment plans
 * and autopay"): a soft decline (`insufficient_funds`, `generic_decline`, `do_not_honor`, unless the
 * issuer's `advice_code` is `do_not_try_again`) is tried again 3 and 5 days after the first try;
 * nothing else is retried (`expired_card`, `authentication_required`, any hard decline): the client
 * pays by Checkout from their page.
 */
import type { TryAnswer } from "~/bookings/record/autopay";

/** Stripe's words on a decline, as its error or the PaymentIntent's `last_payment_error` carries them. */
export interface Decline {
  code: string;
  declineCode: string | null;
  adviceCode: string | null;
  message: string;
  /** Soft: the same card may well pay in a few days, so the try is made again. */
  soft: boolean;
}

const softDeclineCodes: readonly string[] = ["insufficient_funds", "generic_decline", "do_not_honor"];

export function declineOf(error: { code?: string | null; decline_code?: string | null; advice_code?: string | null; message?: string | null }): Decline {
  const code = error.code ?? "card_declined";
  const declineCode = error.decline_code ?? null;
  const adviceCode = error.advice_code ?? null;
  // A PayTo debit's failure carries its reason in `code` alone (no decline_code): never soft, as nothing retries a bank's no.
  const soft = code === "card_declined" && declineCode !== null && softDeclineCodes.includes(declineCode) && adviceCode !== "do_not_try_again";
  return { code, declineCode, adviceCode, message: error.message ?? "The payment was declined.", soft };
}

/** Days after the first try that a soft decline is tried again. */
export const retryDaysAfterFirstTry = [3, 5] as const;

/** Whether the try numbered `tryNumber` (1 for the first) is followed by another after this decline. */
export const triedAgainAfter = (decline: Decline, tryNumber: number): boolean => decline.soft && tryNumber <= retryDaysAfterFirstTry.length;

/** A declined try's answer, as the consumer hears it at once or a PayTo debit's failure days later: tried again only when soft, with tries left. */
export const declinedAnswer = (decline: Decline, paymentIntent: string | null, tryNumber: number, at: string): TryAnswer => ({
  status: "declined",
  paymentIntent,
  code: decline.declineCode ?? decline.code,
  at,
  ...(triedAgainAfter(decline, tryNumber) ? { again: true as const } : {}),
});
