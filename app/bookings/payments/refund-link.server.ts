/** The owner's signed Refund link: the booking it names, what is owed back, and doing the refund. */
import { amountsDue, formatCents, type Refund } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { bookingOfOwnerLink } from "~/bookings/record/owner-links.server";
import { byBankCents, cardRefundableCents } from "~/bookings/payments/refund-record.server";
import type { RefundRequestOutcome } from "~/bookings/record/ledger-protocol";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";
import type { Services } from "~/types/services";

export type RefundMethod = "card" | "bank";

/** The booking a signed Refund link names, or null for any link that is not genuine and current. */
export function openRefundLink(services: Pick<Services, "config" | "kv" | "generations" | "now">, number: string | undefined, query: URLSearchParams): Promise<BookingRecord | null> {
  return bookingOfOwnerLink(services, "refund", number, query);
}

/** What is owed back, how much of it the card payments can take back, and the rest, which goes by bank. */
export function refundView(services: Pick<Services, "config">, booking: BookingRecord) {
  const owedBackCents = amountsDue(billableOf(booking)).refundOwedCents;
  const cardsFirst = !!services.config.STRIPE_SECRET_KEY;
  const byCardCents = cardsFirst ? Math.min(cardRefundableCents(booking), owedBackCents) : 0;
  const bankCents = byBankCents(booking, cardsFirst);
  return {
    invoiceNumber: booking.invoiceNumber,
    fullName: booking.fullName,
    owedBack: formatCents(owedBackCents),
    owedBackCents,
    byCard: byCardCents > 0,
    byCardAmount: formatCents(byCardCents),
    byBankAmount: bankCents > 0 ? formatCents(bankCents) : null,
  };
}

const refundWords = (refund: Refund) =>
  `${formatCents(refund.amountCents)} by ${refund.method === "card" ? "card" : "bank transfer"} on ${formatDateInWords(melbourneToday(new Date(refund.at)))}${refund.pending ? " (still pending at Stripe)" : ""}`;

function said(outcome: RefundRequestOutcome): string {
  const number = outcome.record.invoiceNumber;
  switch (outcome.kind) {
    case "refunded": {
      const unsure = outcome.unsureCents
        ? ` Stripe did not answer about ${outcome.refunds.length ? "the other " : ""}${formatCents(outcome.unsureCents)}: it counts as given back while the site asks Stripe whether it was made, in a minute; open this page again then.`
        : "";
      if (!outcome.refunds.length) return `Card refund on ${number}:${unsure}`;
      const pending = outcome.refunds.some((refund) => refund.pending);
      const stillOwed = amountsDue(billableOf(outcome.record)).refundOwedCents;
      const short = outcome.shortCents
        ? ` Stripe could not refund the other ${formatCents(outcome.shortCents)}: it is still owed back, so press again in a minute.`
        : stillOwed
          ? ` The other ${formatCents(stillOwed)} was not paid by card: refund it by bank transfer and record that.`
          : "";
      return `Refunded ${outcome.refunds.map(refundWords).join(" and ")} on ${number}. ${pending ? "The client is e-mailed once Stripe says it is done." : "The client has been e-mailed."}${short}${unsure}`;
    }
    case "nothing": {
      const refunds = outcome.record.refunds ?? [];
      return refunds.length ? `Nothing more is owed back on ${number}: refunded already ${refunds.map(refundWords).join(", ")}.` : `Nothing is owed back on ${number}: nothing changed.`;
    }
    case "refused":
      return outcome.reason;
  }
}

/** A press's one-time id as the form sent it, or a new one (each press its own refund) when it sent none that looks like one. */
export function refundAttemptOf(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : crypto.randomUUID();
}

/** The owner pressed a button: the ledger refunds by card or records a bank transfer, never more than is owed back; a sentence says what happened. */
export async function actOnRefundLink(services: Pick<Services, "ledger" | "now">, booking: BookingRecord, method: RefundMethod, attempt: string): Promise<string> {
  const outcome = await services.ledger.refund({ invoiceNumber: booking.invoiceNumber, method, at: services.now().toISOString(), attempt });
  return outcome ? said(outcome) : `Booking ${booking.invoiceNumber} no longer exists.`;
}
