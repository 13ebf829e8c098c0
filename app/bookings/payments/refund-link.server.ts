/** The owner's signed Refund link: the booking it names, what is owed back, and doing the refund. */
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { verifyOwnerLink } from "~/bookings/record/owner-links.server";
import { findBooking } from "~/bookings/record/record.server";
import { refundByBank, refundByCard, type RefundResult } from "~/bookings/payments/refunds.server";
import { stripeClient } from "~/bookings/payments/stripe.server";
import type { Services } from "~/types/services";

export type RefundMethod = "card" | "bank";

/** The booking a signed Refund link names, or null for any link that is not genuine and current. */
export async function openRefundLink(services: Pick<Services, "config" | "kv" | "now">, number: string | undefined, query: URLSearchParams): Promise<BookingRecord | null> {
  const secret = services.config.OWNER_LINK_SECRET;
  if (!secret) return null;
  const link = await verifyOwnerLink(secret, { invoiceNumber: number, action: "refund", expires: query.get("expires"), sig: query.get("sig") }, services.now());
  return link ? ((await findBooking(services.kv, link.invoiceNumber))?.booking ?? null) : null;
}

export function refundView(services: Pick<Services, "config">, booking: BookingRecord) {
  const owedBackCents = amountsDue(billableOf(booking)).refundOwedCents;
  const byCard = Boolean(services.config.STRIPE_SECRET_KEY) && (booking.payments ?? []).some((payment) => payment.paymentIntent);
  return { invoiceNumber: booking.invoiceNumber, fullName: booking.fullName, owedBack: formatCents(owedBackCents), owedBackCents, byCard };
}

function said(result: RefundResult): string {
  switch (result.kind) {
    case "refunded":
      return result.refunds.length
        ? `Refunded ${formatCents(result.refunds.reduce((sum, refund) => sum + refund.amountCents, 0))} on ${result.booking.invoiceNumber}. The client has been e-mailed.`
        : `That refund was recorded already: nothing changed.`;
    case "nothing":
      return `Nothing is owed back on ${result.booking.invoiceNumber}: nothing changed.`;
    case "refused":
      return result.error;
  }
}

/** The owner pressed a button: refund by card or record a bank transfer, and say in a sentence what happened. */
export async function actOnRefundLink(services: Services, booking: BookingRecord, method: RefundMethod): Promise<string> {
  const stripe = stripeClient(services.config);
  if (method === "card" && !stripe) return "Card refunds need Stripe's secret key: refund by bank transfer instead.";
  return said(method === "card" && stripe ? await refundByCard(services, stripe, booking) : await refundByBank(services, booking));
}
