/**
 * Autopay on the client's booking page (docs/product-decisions.md, "Payment plans and autopay"):
 * what "How you pay" shows of it (the two ways to turn it on, each with the agreement's words; or,
 * while it is on, what is charged to what and the instalments to come), and the three presses,
 * each answered with where to send the client (Stripe, or back to the page with a note):
 * - turning it on: the agreement the page showed, still the booking's (else nothing is started),
 *   its copy kept in R2, the booking's Stripe Customer (made once and kept), the Checkout that pays
 *   what is owing now and saves the card or has the bank approve a PayTo agreement, told to the
 *   ledger as the pay button's is; the webhook turns autopay on when it completes
 *   (payments/autopay-consent.server.ts), keeping the agreement's SHA-256 from its metadata;
 * - turning it off: detached at Stripe first, then off on the booking, so nothing is half-done when
 *   Stripe cannot be reached (pressing again finishes it: detached before is detached);
 * - changing the card: a Checkout in setup mode on the booking's Customer.
 */
import { agreementText, autopayAgreement, type AutopayAgreement, type AutopayMethod } from "~/bookings/booking-page/autopay-agreement";
import { digested, type SignedText } from "~/bookings/booking-page/booking-terms.server";
import { autopayCheckout, changeCardCheckout, customerFor, detachSaved, isRefused } from "~/bookings/payments/autopay-stripe.server";
import type { Stripe } from "~/bookings/payments/stripe.server";
import { autopayAgreementPath, invoicePath } from "~/bookings/record/addresses";
import { autopayAgreementKey, autopayOf, customerOf, type AutopayStop, type SavedMethod } from "~/bookings/record/autopay";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { formatCents } from "~/bookings/record/amounts";
import { paymentKindWords } from "~/bookings/record/payment-words";
import { instalmentsPaid } from "~/bookings/record/payment-plan";
import type { AutopayCardInput, AutopayOffInput, AutopayStartInput } from "~/input/booking-page-forms";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

/** How the booking page tells the client how an autopay press ended (`?autopay=…`). */
export const autopayReturns = ["off", "unavailable", "refused", "changed", "not-offered"] as const;
export type AutopayReturn = (typeof autopayReturns)[number];

const autopayReturnOf = (value: string | null): AutopayReturn | null => autopayReturns.find((known) => known === value) ?? null;

/** Where autopay's forms post. */
function autopayPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/autopay?key=${encodeURIComponent(secret)}`;
}

const back = (booking: BookingRecord, note: AutopayReturn) => `${invoicePath(booking.invoiceNumber, booking.invoiceSecret)}&autopay=${note}#plan`;

/** The agreement of `method` for the booking as it stands, with its text's SHA-256; null when autopay is not offered. */
async function signedAgreement(booking: BookingRecord, method: AutopayMethod): Promise<(AutopayAgreement & SignedText) | null> {
  const agreement = holdsBooth(booking.status) && !autopayOf(booking) ? autopayAgreement({ ...billableOf(booking), invoiceNumber: booking.invoiceNumber }, method) : null;
  return agreement && { ...agreement, ...(await digested(agreementText(agreement))) };
}

/** The agreement's lines as the page shows them: paragraphs, and each run of "• " lines one list. */
function blocksOf(lines: string[]): (string | string[])[] {
  return lines.reduce<(string | string[])[]>((blocks, line) => {
    if (!line.startsWith("• ")) return [...blocks, line];
    const last = blocks.at(-1);
    return Array.isArray(last) ? [...blocks.slice(0, -1), [...last, line.slice(2)]] : [...blocks, [line.slice(2)]];
  }, []);
}

const stopWords: Record<AutopayStop, string> = {
  client: "you turned it off",
  owner: "we stopped it",
  "mandate-inactive": "the PayTo agreement was paused or changed in your bank app",
  "last-try": "an instalment could not be charged",
};

const savedWords = (saved: SavedMethod): string =>
  saved.kind === "card"
    ? `${saved.brand.charAt(0).toUpperCase()}${saved.brand.slice(1)} card ending ${saved.last4}, expiring ${String(saved.expMonth).padStart(2, "0")}/${saved.expYear}`
    : `PayTo agreement from the account${saved.last4 ? ` ending ${saved.last4}` : " you approved it from"}`;

/** One way to turn autopay on, as the page offers it: its agreement's words and their SHA-256, which the form carries back. */
export interface AutopayOffer {
  method: AutopayMethod;
  /** What the Checkout takes now, in words: "the deposit ($222.00)". */
  pays: string;
  title: string;
  blocks: (string | string[])[];
  sha256: string;
}

export interface AutopayView {
  /** Where the forms post; null when card payments are not configured. */
  path: string | null;
  returned: AutopayReturn | null;
  stopped: string | null;
  on: { chargedTo: string; paymentMethod: string; card: boolean; instalments: { due: string; amount: string }[]; agreementPath: string | null } | null;
  offers: AutopayOffer[];
}

/** What "How you pay" shows of autopay: on (charged to what, the instalments to come, off and change card), or the two ways to turn it on with their words, or nothing. */
export async function autopayView(services: Pick<Services, "config">, booking: BookingRecord, secret: string, query: URLSearchParams): Promise<AutopayView> {
  const path = services.config.STRIPE_SECRET_KEY ? autopayPath(booking.invoiceNumber, secret) : null;
  const consent = autopayOf(booking);
  const returned = autopayReturnOf(query.get("autopay"));
  const stopped = !consent && booking.autopayStopped ? `Autopay stopped on ${formatDateInWords(melbourneToday(new Date(booking.autopayStopped.at)))}: ${stopWords[booking.autopayStopped.why]}.` : null;
  if (consent) {
    const toCome = instalmentsPaid(billableOf(booking)).filter((instalment) => !instalment.paid);
    return {
      path,
      returned,
      stopped,
      on: {
        chargedTo: savedWords(consent.saved),
        paymentMethod: consent.saved.paymentMethod,
        card: consent.saved.kind === "card",
        instalments: toCome.map(({ dueOn, shortCents }) => ({ due: formatDateInWords(dueOn), amount: formatCents(shortCents) })),
        agreementPath: consent.agreement ? autopayAgreementPath(booking.invoiceNumber, secret) : null,
      },
      offers: [],
    };
  }
  const offers = path ? (await Promise.all((["card", "payto"] as const).map((method) => signedAgreement(booking, method)))).filter((offer) => offer !== null) : [];
  return {
    path,
    returned,
    stopped,
    on: null,
    offers: offers.map(({ method, now, lines, sha256 }) => ({ method, pays: `${paymentKindWords[now.kind].the} (${formatCents(now.amountCents)})`, title: lines[0]!, blocks: blocksOf(lines.slice(1)), sha256 })),
  };
}

/** Stripe could not be reached or failed: nothing was charged, and the client is told to try again. */
function unavailable(booking: BookingRecord, what: string, error: unknown): string {
  console.error(`${what} for ${booking.invoiceNumber} could not be done just now:`, error);
  return back(booking, "unavailable");
}

/** "Pay … and have the instalments charged by themselves": Stripe's Checkout, or back to the page with why not. */
export async function startAutopay(services: Pick<Services, "ledger" | "config" | "r2">, stripe: Stripe, booking: BookingRecord, input: AutopayStartInput): Promise<string> {
  const agreement = await signedAgreement(booking, input.method);
  if (!agreement) return back(booking, "not-offered");
  // The client agrees to the words the page showed, or to nothing.
  if (agreement.sha256 !== input.agreementSha256) return back(booking, "changed");
  const { invoiceNumber } = booking;
  try {
    await services.r2.put(autopayAgreementKey(invoiceNumber, agreement.sha256), agreement.text, {
      httpMetadata: { contentType: "text/plain; charset=utf-8" },
      customMetadata: { invoiceNumber, method: input.method },
    });
    let customer = customerOf(booking);
    if (!customer) {
      const made = await customerFor(stripe, { invoiceNumber, email: booking.email, fullName: booking.fullName });
      if (isRefused(made)) return back(booking, "refused");
      await services.ledger.changeAutopay(invoiceNumber, { kind: "customer", customer: made.customer });
      customer = made.customer;
    }
    const session = await autopayCheckout(stripe, {
      booking: { invoiceNumber, email: booking.email, fullName: booking.fullName },
      customer,
      kind: agreement.now.kind,
      amountCents: agreement.now.amountCents,
      method: agreement.payTo ? { kind: "payto", terms: agreement.payTo } : { kind: "card" },
      returnUrl: `${services.config.SITE_ORIGIN}${invoicePath(invoiceNumber, booking.invoiceSecret)}`,
      round: booking.checkoutRound ?? 0,
      agreement: agreement.sha256,
    });
    if (isRefused(session)) return back(booking, "refused");
    // As the pay button's: a cancellation or a move expires it, and one for a stale amount is expired at once.
    const kept = await services.ledger.openedCheckout({ invoiceNumber, sessionId: session.id, kind: agreement.now.kind, amountCents: agreement.now.amountCents });
    return kept ? session.url : `${invoicePath(invoiceNumber, booking.invoiceSecret)}&checkout=changed`;
  } catch (error) {
    return unavailable(booking, "Autopay's checkout", error);
  }
}

/** "Turn autopay off": detached at Stripe, then off on the booking (why: the client). */
export async function turnAutopayOff(services: Pick<Services, "ledger" | "now">, stripe: Stripe, booking: BookingRecord, input: AutopayOffInput): Promise<string> {
  const consent = autopayOf(booking);
  // Off already, or the page showed a method since replaced: nothing of this press is left to do.
  if (!consent || consent.saved.paymentMethod !== input.paymentMethod) return back(booking, "off");
  try {
    await detachSaved(stripe, consent.saved.paymentMethod);
    await services.ledger.changeAutopay(booking.invoiceNumber, { kind: "off", why: "client", at: services.now().toISOString(), paymentMethod: consent.saved.paymentMethod });
  } catch (error) {
    return unavailable(booking, "Turning autopay off", error);
  }
  return back(booking, "off");
}

/** "Change card": a Checkout in setup mode on the booking's Customer; the webhook moves autopay to the card it saves. */
export async function changeAutopayCard(services: Pick<Services, "config">, stripe: Stripe, booking: BookingRecord, input: AutopayCardInput): Promise<string> {
  const consent = autopayOf(booking);
  if (consent?.saved.kind !== "card" || consent.saved.paymentMethod !== input.paymentMethod) return back(booking, "not-offered");
  try {
    const session = await changeCardCheckout(stripe, {
      invoiceNumber: booking.invoiceNumber,
      customer: consent.customer,
      returnUrl: `${services.config.SITE_ORIGIN}${invoicePath(booking.invoiceNumber, booking.invoiceSecret)}`,
      round: booking.checkoutRound ?? 0,
    });
    return isRefused(session) ? back(booking, "refused") : session.url;
  } catch (error) {
    return unavailable(booking, "Changing autopay's card", error);
  }
}
