/**
 * Stripe's test PaymentMethods (docs.stripe.com/testing): each `pm_card_*` id stands for a card
 * number, and Stripe makes a new PaymentMethod from it each time it is used. A card whose charges
 * are declined is declined when attached to a Customer too (Stripe checks the card then), except
 * `pm_card_chargeCustomerFail`, the card Stripe gives for "attaches, then every charge fails".
 */

/** How Stripe declines a charge: the error's `code`, `decline_code`, `message` and, for some, `advice_code`. */
export interface CardFailure {
  code: "card_declined" | "expired_card" | "authentication_required";
  decline_code: string;
  message: string;
  advice_code?: "try_again_later" | "do_not_try_again" | "confirm_card_data";
}

export interface TestCard {
  brand: string;
  last4: string;
  /** Why each charge fails, if it does. */
  failure?: CardFailure;
  /** Declined when attached as well as when charged. */
  failsOnAttach?: boolean;
}

export const declines = {
  insufficientFunds: { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  generic: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  doNotHonor: { code: "card_declined", decline_code: "do_not_honor", message: "Your card was declined." },
  expired: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  authenticationRequired: {
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
} as const satisfies Record<string, CardFailure>;

export const testCards: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", failure: declines.generic, failsOnAttach: true },
  pm_card_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", failure: declines.insufficientFunds, failsOnAttach: true },
  pm_card_chargeDeclinedExpiredCard: { brand: "visa", last4: "0069", failure: declines.expired, failsOnAttach: true },
  pm_card_chargeCustomerFail: { brand: "visa", last4: "0341", failure: declines.generic },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", failure: declines.authenticationRequired },
};

/** Test cards expire at the end of a year ahead, as any future date is valid in test mode. */
export const testCardExpiry = () => ({ exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 });
