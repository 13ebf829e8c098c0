import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { business, policy } from "~/business";
import { BankTransferDetails } from "~/components/forms/BankTransferDetails";
import { StripeBuyButton } from "~/components/forms/StripeBuyButton";
import { isInvoiceNumber } from "~/input/invoice-number";
import { pageMeta } from "~/utils/seo";

export function loader({ request, context }: LoaderFunctionArgs) {
  const invoice = new URL(request.url).searchParams.get("invoice");
  const { STRIPE_BUY_BUTTON_ID: buttonId, STRIPE_PUBLISHABLE_KEY: publishableKey } = context.services.config;
  return {
    invoiceNumber: isInvoiceNumber(invoice) ? invoice : null,
    card: buttonId && publishableKey ? { buttonId, publishableKey } : null,
  };
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Pay Online",
    description: `Pay your ${business.name} invoice securely by card, bank transfer or PayID, in ${policy.currency}.`,
    path: "/pay",
    breadcrumb: "Pay",
  });

export default function PayPage() {
  const { invoiceNumber, card } = useLoaderData<typeof loader>();
  return (
    <section className="container page-section form-page pay-page">
      <h1>Secure payment</h1>
      {invoiceNumber ? (
        <p className="pay-invoice">
          Paying invoice <strong>{invoiceNumber}</strong>
        </p>
      ) : null}
      <p className="form-intro">
        Pay by card, bank transfer or PayID, in {policy.currency}. Please quote your invoice number with every payment.
      </p>
      <div className="invoice-layout">
        <section className="form-card" aria-labelledby="card-heading">
          <h2 id="card-heading">Pay by card</h2>
          {card ? (
            <>
              <p>Card payments are processed securely by Stripe; we never see your card details.</p>
              {/* The slot keeps its height while the button loads, so nothing below it moves. */}
              <div className="card-slot">
                <StripeBuyButton buttonId={card.buttonId} publishableKey={card.publishableKey} reference={invoiceNumber ?? undefined} />
              </div>
              <noscript>
                <p className="pay-fallback">
                  Card payment needs JavaScript, which is switched off in your browser. Please pay by bank transfer or
                  PayID instead.
                </p>
              </noscript>
            </>
          ) : (
            <p className="pay-fallback">
              Online card payment is not available right now. Please pay by bank transfer or PayID; questions? Call us
              on <a href={business.phone.href}>{business.phone.display}</a>.
            </p>
          )}
        </section>
        <div className="form-card">
          <BankTransferDetails invoiceNumber={invoiceNumber ?? undefined} />
        </div>
      </div>
    </section>
  );
}
