/**
 * The owner's side of a booking's payment plan and autopay (docs/product-decisions.md, "Payment
 * plans and autopay"), on their page of the booking: each instalment (due, amount, charged with its
 * PaymentIntent, failed and why, tried again when, refunded), autopay's state, and two forms:
 * "Stop autopay" (the saved card or PayTo method detached at Stripe, then autopay off in the
 * ledger) and "Charge this instalment now" (a try of an instalment that is due, put on the autopay
 * queue through the same path as the Cron's, so the consumer asks the ledger and charges it once).
 */
import { queueTries } from "~/bookings/autopay/enqueue.server";
import type { PageOutcome } from "~/bookings/owner-page.server";
import { retryDaysAfterFirstTry } from "~/bookings/payments/autopay-declines";
import { detachSaved } from "~/bookings/payments/autopay-stripe.server";
import { stripeClient } from "~/bookings/payments/stripe.server";
import { formatCents } from "~/bookings/record/amounts";
import { autopayOf, type AutopayTry } from "~/bookings/record/autopay";
import { tryToday } from "~/bookings/record/autopay-due";
import { autopayFailures } from "~/bookings/record/autopay-failures";
import { declineInWords, savedMethodInWords, stopInWords } from "~/bookings/record/autopay-words";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { instalmentsPaid } from "~/bookings/record/payment-plan";
import type { Services } from "~/types/services";
import { formatDateInWords, formatMelbourneTime } from "~/utils/date-words";
import { addDays, melbourneToday } from "~/utils/melbourne-time";

export interface InstalmentLine {
  number: number;
  due: string;
  amount: string;
  /** Paid, owing (and how much), or not due yet. */
  state: string;
  /** What happened to it, oldest first: each charge, failure, try on the queue and refund. */
  events: string[];
  /** Whether "Charge this instalment now" would queue a try of it. */
  chargeNow: boolean;
}

export interface OwnerAutopayView {
  instalments: InstalmentLine[];
  /** Autopay's state in a sentence: on (to what, since when) or off (since when, why). */
  state: string;
  /** What "Stop autopay" will do; null while autopay is off. */
  stop: string | null;
  /** The instalments whose charge failed and that are still short, each in a sentence. */
  failures: string[];
}

const when = (at: string) => formatMelbourneTime(new Date(at));

/** The day a try declined softly is tried again: from the first try's day, as the Cron queues it (record/autopay-due.ts). */
function againOn(tries: readonly AutopayTry[], tryNumber: number): string | null {
  const next = tries.find((one) => one.tryNumber === tryNumber + 1);
  const days = retryDaysAfterFirstTry[tryNumber - 1];
  return next?.dueOn ?? (days === undefined || !tries[0] ? null : addDays(tries[0].dueOn, days));
}

function tryEvents(tries: readonly AutopayTry[]): { at: string; what: string }[] {
  return tries.flatMap((one): { at: string; what: string }[] => {
    const { answer } = one;
    if (!answer) return [{ at: one.enqueuedAt, what: `try ${one.tryNumber} of ${formatCents(one.amountCents)} on its way to Stripe since ${when(one.enqueuedAt)}` }];
    if (answer.status === "succeeded") return []; // Its payment is listed with the instalment's payments.
    if (answer.status === "processing") return [{ at: answer.at, what: `PayTo debit of ${formatCents(one.amountCents)} processing since ${when(answer.at)} (${answer.paymentIntent})` }];
    const next = answer.again ? againOn(tries, one.tryNumber) : null;
    const after = next ? `; tried again on ${formatDateInWords(next)}` : "; not tried again";
    return [{ at: answer.at, what: `try ${one.tryNumber} failed ${when(answer.at)}: ${declineInWords(answer.code)}${answer.paymentIntent ? ` (${answer.paymentIntent})` : ""}${after}` }];
  });
}

/** Each charge, failure, try and refund of instalment `number`, oldest first. */
function instalmentEvents(booking: BookingRecord, number: number): string[] {
  const paid = (booking.payments ?? []).filter((payment) => payment.instalment === number);
  const events = [
    ...paid.map((payment) => ({ at: payment.paidAt, what: `charged ${formatCents(payment.amountCents)} ${when(payment.paidAt)} (${payment.paymentIntent ?? payment.sessionId})` })),
    ...tryEvents((booking.autopayTries ?? []).filter((one) => one.instalment === number)),
    ...(booking.failedPayments ?? [])
      .filter((failed) => failed.instalment === number)
      .map((failed) => ({ at: failed.at, what: `PayTo debit failed ${when(failed.at)}: ${declineInWords(failed.declineCode ?? failed.code)} (${failed.paymentIntent})` })),
    ...(booking.refunds ?? [])
      .filter((refund) => refund.paymentIntent && paid.some((payment) => payment.paymentIntent === refund.paymentIntent))
      .map((refund) => ({ at: refund.at, what: `refunded ${formatCents(refund.amountCents)} ${when(refund.at)}${refund.pending ? " (pending at Stripe)" : ""}` })),
  ];
  return events.sort((a, b) => a.at.localeCompare(b.at)).map((event) => event.what);
}

function stateOf(booking: BookingRecord): string {
  const consent = autopayOf(booking);
  if (consent) return `Autopay is on since ${when(consent.since)}: the instalments are charged to ${savedMethodInWords(consent.saved)}.`;
  const stopped = booking.autopayStopped;
  return stopped ? `Autopay is off since ${when(stopped.at)}: ${stopInWords[stopped.why]}.` : "Autopay is off: the client has not turned it on.";
}

/** The plan and autopay as the owner's page shows them; null for a booking without a monthly plan. */
export function ownerAutopayView(booking: BookingRecord, now: Date): OwnerAutopayView | null {
  const standing = instalmentsPaid(billableOf(booking));
  if (!standing.length) return null;
  const today = melbourneToday(now);
  const consent = autopayOf(booking);
  return {
    instalments: standing.map((instalment, index) => ({
      number: index + 1,
      due: formatDateInWords(instalment.dueOn),
      amount: formatCents(instalment.amountCents),
      state: instalment.paid ? "paid" : instalment.dueOn <= today ? `${formatCents(instalment.shortCents)} owing` : "not due yet",
      events: instalmentEvents(booking, index + 1),
      chargeNow: !("refused" in tryToday(booking, index + 1, today)),
    })),
    state: stateOf(booking),
    stop: consent ? `Stop autopay: ${savedMethodInWords(consent.saved)} is detached at Stripe and nothing more is charged by itself; the client pays what is left from their booking page, with the usual reminders.` : null,
    failures: autopayFailures(booking).map(
      (failed) =>
        `Instalment ${failed.instalment} (${formatCents(failed.shortCents)} short): its charge failed ${when(failed.at)}, ${declineInWords(failed.code)}. ${failed.again ? "Autopay tries it again." : "Autopay does not try it again: it is owed as an overdue payment, and the client can pay it by card from their booking page."}`,
    ),
  };
}

type AutopayDeps = Pick<Services, "config" | "ledger" | "autopayQueue" | "now">;

/** "Stop autopay": the saved method detached at Stripe first (so it can never be charged again), then autopay off in the ledger, the owner's why kept. */
export async function stopAutopay(services: AutopayDeps, booking: BookingRecord): Promise<PageOutcome> {
  const consent = autopayOf(booking);
  if (!consent) return { ok: true, said: "Autopay was already off: nothing changed." };
  const stripe = stripeClient(services.config);
  if (!stripe) return { ok: false, status: 503, said: "Stripe is not set up here, so the card cannot be detached: autopay is still on." };
  try {
    await detachSaved(stripe, consent.saved.paymentMethod);
  } catch {
    return { ok: false, status: 503, said: "Stripe could not be reached, so nothing was detached: autopay is still on. Try again in a minute." };
  }
  const at = services.now().toISOString();
  const outcome = await services.ledger.changeAutopay(booking.invoiceNumber, { kind: "off", why: "owner", at, paymentMethod: consent.saved.paymentMethod });
  if (outcome.status === "unknown-invoice") return { ok: false, status: 404, said: `Booking ${booking.invoiceNumber} no longer exists.` };
  return { ok: true, said: `Autopay is off for ${booking.invoiceNumber}: ${savedMethodInWords(consent.saved)} was detached at Stripe.` };
}

/**
 * "Charge this instalment now": a try of the instalment, made today, on the autopay queue as the
 * Cron puts one (the ledger keeps it as queued, so a second press finds it on its way). Two presses
 * at once may both queue it: the consumer asks the ledger before Stripe and charges under the try's
 * idempotency key, so it is charged and recorded once.
 */
export async function chargeInstalmentNow(services: AutopayDeps, booking: BookingRecord, instalment: number): Promise<PageOutcome> {
  const now = services.now();
  const due = tryToday(booking, instalment, melbourneToday(now));
  if ("refused" in due) return { ok: false, status: 409, said: `Not charged: ${due.refused}.` };
  await queueTries(services, [{ invoiceNumber: booking.invoiceNumber, tries: [due] }], now);
  return { ok: true, said: `Instalment ${instalment} (${formatCents(due.amountCents)}) is on its way to Stripe: reload the page in a moment for the answer.` };
}
