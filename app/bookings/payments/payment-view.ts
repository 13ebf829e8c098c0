import { amountsDue, type Billable, type PaymentKind, type PaymentState } from "~/bookings/record/amounts";
import type { CheckoutReturn } from "~/bookings/payments/checkout.server";
import { paymentMethodWords } from "~/bookings/record/payment-words";
import { melbourneToday } from "~/utils/melbourne-time";

/** What the invoice page shows about payments: what came in (by card or bank), what is owing, and the pay button. */
export interface PaymentView {
  state: PaymentState;
  paidCents: number;
  owingCents: number;
  /** Payments received, oldest first (the owner's mismatch notes stay on the server). */
  received: { kind: PaymentKind; method: string; amountCents: number; currency: string; paidOn: string }[];
  /** The pay button: where it posts and what it pays; null when card checkout is off or nothing is owing. */
  checkout: { path: string; kind: PaymentKind; amountCents: number } | null;
  /**
   * Whether the pay page and the bank details are offered: for a booking billed its total. A
   * cancelled booking's charge is taken by the card checkout alone, whose payment the webhook
   * records; the pay page's buy button is not (docs/product-decisions.md, "What a booking is billed").
   */
  otherWays: boolean;
  /** How the visitor's last checkout ended, when they have just come back from it. */
  returned: CheckoutReturn | null;
}

export function paymentView(billable: Billable, { checkoutPath, returned }: { checkoutPath: string | null; returned: CheckoutReturn | null }): PaymentView {
  const amounts = amountsDue(billable);
  const received = (billable.payments ?? []).map(({ kind, method, amountCents, currency, paidAt }) => ({
    kind,
    method: paymentMethodWords(method),
    amountCents,
    currency,
    paidOn: melbourneToday(new Date(paidAt)),
  }));
  const checkout = checkoutPath && amounts.owingNow ? { path: checkoutPath, ...amounts.owingNow } : null;
  const otherWays = billable.cancellationFeeCents === undefined && amounts.billedCents > 0;
  return { state: amounts.state, paidCents: amounts.paidCents, owingCents: amounts.owingCents, received, checkout, otherWays, returned };
}
