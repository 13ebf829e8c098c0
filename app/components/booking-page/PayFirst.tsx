import { Link } from "@remix-run/react";
import { formatCents } from "~/bookings/record/amounts";
import { paymentKindWords } from "~/bookings/record/payment-words";
import type { PaymentView } from "~/bookings/payments/payment-view";
import { BankTransferDetails } from "~/components/forms/BankTransferDetails";
import { plainFormAttribute } from "~/hydration";
import { formatDateInWords } from "~/utils/date-words";

interface PayFirstProps {
  payment: PaymentView;
  invoiceNumber: string;
  /** The terms' cancellation rule in one line. */
  cancellation: string;
  /** The last day the date is held with nothing paid; null once paid, or confirmed by the owner. */
  heldUntil: string | null;
}

/**
 * What the page a booking lands on leads with, on the first screen of a phone (docs/product-decisions.md,
 * "Booking on a phone"): the card button for what is owing now (the deposit, or the whole when the
 * event is near), what cancelling costs with the terms a tap away, the bank details, and how long
 * the date is held without payment. Nothing when nothing is owing or a cancellation's charge is
 * all that is (the Payments section takes that by card alone).
 */
export function PayFirst({ payment, invoiceNumber, cancellation, heldUntil }: PayFirstProps) {
  if (!payment.owingCents || !payment.otherWays) return null;
  const amount = formatCents(payment.checkout?.amountCents ?? payment.owingCents);
  return (
    <section className="form-card pay-first" aria-labelledby="pay-first-heading">
      <h2 id="pay-first-heading" className="visually-hidden">
        Pay now
      </h2>
      {payment.checkout ? (
        // The browser posts it straight to the checkout, so a tap before React loads is not held back.
        <form method="post" action={payment.checkout.path} {...{ [plainFormAttribute]: "" }}>
          <button type="submit" className="button button-primary pay-first-button">{`Pay ${amount} now`}</button>
          <p className="card-payment-note">{`${paymentKindWords[payment.checkout.kind].name}, by card on Stripe’s secure checkout page; you come back here afterwards.`}</p>
        </form>
      ) : (
        <p>
          <Link to={`/pay?invoice=${invoiceNumber}`} className="button button-primary pay-first-button">
            {`Pay ${amount} now`}
          </Link>
        </p>
      )}
      <p className="form-hint">
        {cancellation} <Link to="/terms#cancellations">The terms</Link>
      </p>
      <p>PayID arrives at once; a bank transfer takes one or two business days.</p>
      <BankTransferDetails invoiceNumber={invoiceNumber} headingLevel={3} />
      {heldUntil ? <p>{`We hold your date until ${formatDateInWords(heldUntil)} without payment; with nothing paid by then, the booking lapses and the date is free again.`}</p> : null}
    </section>
  );
}
