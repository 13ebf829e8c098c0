/**
 * Autopay in words, for the owner's page, home and morning e-mail and the client's notice before a
 * charge: what it charges (only what is kept of the card or PayTo account), why it stopped, and
 * Stripe's codes for a failed charge (its decline codes reference: the ones autopay meets most; a
 * code not listed is shown as Stripe gave it).
 */
import { triesRanOut, type AutopayStop, type SavedMethod } from "~/bookings/record/autopay";

const brands: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", diners: "Diners Club", discover: "Discover", jcb: "JCB", unionpay: "UnionPay", eftpos_au: "eftpos" };

/** "the Visa card ending 4242, expiring 12/2030", or "the PayTo agreement with the account ending 6789". */
export function savedMethodInWords(saved: SavedMethod): string {
  if (saved.kind === "payto") return `the PayTo agreement${saved.last4 ? ` with the account ending ${saved.last4}` : ""}`;
  const month = String(saved.expMonth).padStart(2, "0");
  return `the ${brands[saved.brand] ?? saved.brand} card ending ${saved.last4}, expiring ${month}/${saved.expYear}`;
}

export const stopInWords: Record<AutopayStop, string> = {
  client: "the client turned it off",
  owner: "you stopped it",
  "mandate-inactive": "the client's bank cancelled the PayTo agreement",
  "last-try": "the last try of an instalment failed",
};

const declines: Record<string, string> = {
  insufficient_funds: "not enough money in the account",
  generic_decline: "declined by the bank, no reason given",
  do_not_honor: "declined by the bank (do not honour)",
  expired_card: "the card has expired",
  authentication_required: "the bank asks the client to approve it themselves",
  card_declined: "the card was declined",
  lost_card: "the card was reported lost",
  stolen_card: "the card was reported stolen",
  incorrect_cvc: "the card's security code was wrong",
  processing_error: "an error at the bank while processing it",
  // Ours, not Stripe's: a try whose message ran out of deliveries (app/bookings/autopay/charge.server.ts, `failTry`).
  [triesRanOut]: "the charge could not be made in time, and nothing was charged",
};

/** A failed charge's code in words, with the code itself for a search of Stripe's dashboard; "declined" when Stripe gave none. */
export function declineInWords(code: string | null): string {
  if (!code) return "declined";
  const said = declines[code];
  return said ? `${said} (${code})` : code;
}
