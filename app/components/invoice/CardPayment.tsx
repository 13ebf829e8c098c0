import { formatCents } from "~/bookings/record/amounts";
import type { CheckoutReturn } from "~/bookings/payments/checkout.server";
import type { PaymentView } from "~/bookings/payments/payment-view";
import { paymentKindWords, paymentStateWords } from "~/bookings/record/payment-words";
import { plainFormAttribute } from "~/hydration";

const returnNotes: Record<CheckoutReturn, string> = {
  success: "Thank you: your card payment went through. It shows here as soon as Stripe confirms it (usually within a minute), and your receipt comes by e-mail.",
  cancelled: "Card payment cancelled: nothing was charged and your invoice is unchanged. You can pay by card again below, or by bank transfer or PayID.",
  unavailable: "Card payment could not be started just now, and nothing was charged. Please try again in a few minutes, or pay by bank transfer or PayID.",
  changed: "What is owing changed while card payment was starting, and nothing was charged. The invoice below shows what is owing now.",
  "card-saved": "Thank you: your new card is saved with Stripe. Autopay charges it from the next instalment, as soon as Stripe confirms it (usually within a minute).",
};

/**
 * The invoice's card payments: what has been paid and when, and what is still owing. The page's one
 * pay button is at its top (PayFirst), but for a cancellation's charge, which card checkout alone
 * takes: then it is here, a plain form that starts Stripe Checkout for exactly what is owing (it
 * works the same without JavaScript).
 */
export function CardPayment({ payment }: { payment: PaymentView }) {
  const { state, paidCents, owingCents, received, checkout, otherWays, returned } = payment;
  return (
    <section id="payments" className="form-card card-payment" aria-labelledby="card-payment-heading">
      <h2 id="card-payment-heading">Payments</h2>
      {returned ? (
        <p role="status" className={`checkout-note checkout-note-${returned}`}>
          {returnNotes[returned]}
        </p>
      ) : null}
      <dl className="detail-list">
        <div>
          <dt>Payment status</dt>
          <dd>{paymentStateWords[state]}</dd>
        </div>
        {received.map((item, index) => (
          <div key={`${index}-${item.paidOn}`}>
            <dt>
              {`${paymentKindWords[item.kind].name} paid ${item.paidOn}`}
            </dt>
            <dd>
              {`${formatCents(item.amountCents)} ${item.currency} ${item.method}`}
            </dd>
          </div>
        ))}
        <div>
          <dt>Paid so far</dt>
          <dd>{formatCents(paidCents)}</dd>
        </div>
        <div>
          <dt>Still owing</dt>
          <dd>{formatCents(owingCents)}</dd>
        </div>
      </dl>
      {checkout && !otherWays ? (
        // The browser posts it straight to the checkout, so a tap before React loads is not held back.
        <form method="post" action={checkout.path} {...{ [plainFormAttribute]: "" }}>
          <button type="submit" className="button button-primary">
            {`${paymentKindWords[checkout.kind].button} (${formatCents(checkout.amountCents)})`}
          </button>
          <p className="card-payment-note">You pay on Stripe&rsquo;s secure checkout page and come back here afterwards.</p>
        </form>
      ) : owingCents ? (
        <p>
          The pay button for {formatCents(owingCents)} is <a href="#pay-first-heading">at the top of this page</a>, with the bank details.
        </p>
      ) : null}
    </section>
  );
}
