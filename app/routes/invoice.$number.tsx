import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useActionData, useLoaderData, useParams, useRouteError, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { business, policy } from "~/business";
import { bookingPageView } from "~/bookings/booking-page/booking-page.server";
import { isInvoiceNumber } from "~/input/invoice-number";
import { bookingPagePath } from "~/bookings/record/addresses";
import { bookingDetails, type DetailRow } from "~/bookings/record/details";
import { bookingOfPage, privatePageHeaders } from "~/bookings/record/private-responses.server";
import { AcceptTerms } from "~/components/booking-page/AcceptTerms";
import { AddOnsSection } from "~/components/booking-page/AddOnsSection";
import { ChangesSection } from "~/components/booking-page/ChangesSection";
import { EventDetailsForm } from "~/components/booking-page/EventDetailsForm";
import { KeepMyDate } from "~/components/booking-page/KeepMyDate";
import { bookingLinkNotice, LostLinkPage } from "~/components/booking-page/LostLinkPage";
import { PaymentPlanSection } from "~/components/booking-page/PaymentPlanSection";
import { PhotosSection } from "~/components/booking-page/PhotosSection";
import { ProofSection } from "~/components/booking-page/ProofSection";
import { DetailList } from "~/components/DetailList";
import { SiteErrorPage } from "~/components/ErrorPage";
import { PayFirst } from "~/components/booking-page/PayFirst";
import { BankTransferDetails } from "~/components/forms/BankTransferDetails";
import { CardPayment } from "~/components/invoice/CardPayment";
import { bookingPageAction } from "~/actions/booking-page.server";
import type { BookingPageRefusal } from "~/input/result";
import { bookingLinkNoticeField } from "~/input/fields";
import { formatDateInWords } from "~/utils/date-words";
import { pageMeta } from "~/utils/seo";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { booking, secret, query } = await bookingOfPage(context.services, params.number, request);
  return bookingPageView(context.services, booking, secret, query);
}

export const action = ({ params, request, context }: ActionFunctionArgs) => bookingPageAction(context.services, params.number ?? "", request);

export const headers: HeadersFunction = () => privatePageHeaders;

/**
 * A 409 means the booking is not as the page shows it (its terms changed, or its status), so the
 * page is read again to show it as it is now; Remix skips that after a 4xx by default.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  pageMeta(matches, {
    title: data ? `${data.invoice.statement.title} ${data.invoice.invoiceNumber}` : isInvoiceNumber(params.number) ? "Your booking page" : "Page not found",
    description: "Your photo booth booking: where it stands, the invoice, the terms and your event's details.",
    path: bookingPagePath(params.number ?? ""),
    noindex: true,
  });

export default function BookingPage() {
  const { invoice, step, payFirst, photos, keepsake, keep, pdfPath, calendarPath, payment, terms, details, proof, changes, addOns, plan, autopay } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as BookingPageRefusal | undefined;
  const { statement } = invoice;
  const notes: DetailRow[] = invoice.message ? [["Your notes", invoice.message]] : [];
  // A keepsake still says what is on its way back, and how to pay what is still owed.
  const moneyBack = changes.owedBack > 0 || changes.pendingBack > 0 || changes.documents.length > 0;
  const rows: DetailRow[] = [["Issued", formatDateInWords(invoice.issuedOn)], ...bookingDetails(invoice), ...notes];
  return (
    <section className="container page-section invoice-page">
      <h1>{`${statement.title} ${invoice.invoiceNumber}`}</h1>
      <PayFirst payment={payment} invoiceNumber={invoice.invoiceNumber} {...payFirst} />
      <p className="invoice-issuer">
        {business.name}
        {statement.abn ? ` · ABN ${statement.abn}` : ""} · {business.address.display}
      </p>
      <p className={`booking-step booking-step-${step.kind}`}>{step.section ? <a href={`#${step.section}`}>{step.headline}</a> : step.headline}</p>
      <KeepMyDate keep={keep} />
      <PhotosSection photos={photos} />
      <p className="form-intro">
        This is your booking page: keep its address private. We have e-mailed it to {invoice.email}.
      </p>
      <div className="invoice-layout">
        <section className="form-card" aria-labelledby="invoice-summary-heading">
          <h2 id="invoice-summary-heading">Booking summary</h2>
          <DetailList rows={rows} />
          <table className="price-table invoice-amounts">
            <caption>Charges and payments</caption>
            <tbody>
              {statement.charges.map((line) => (
                <AmountRow key={line.label} {...line} />
              ))}
              <AmountRow {...statement.total} strong />
              <tr>
                <td colSpan={2} className="invoice-gst">
                  {statement.gstNote}
                </td>
              </tr>
              {statement.later.map((line) => (
                <AmountRow key={line.label} {...line} />
              ))}
              {statement.billed ? <AmountRow {...statement.billed} strong /> : null}
              {[...statement.schedule, ...statement.instalments].map((line) => (
                <AmountRow key={line.label} {...line} />
              ))}
              <AmountRow {...statement.paid} />
              {statement.refunded ? <AmountRow {...statement.refunded} /> : null}
            </tbody>
          </table>
          <p className="invoice-total">
            <span>{statement.owingNow.label}</span> <strong>{statement.owingNow.amount}</strong>
          </p>
          <p className="button-row">
            <a href={pdfPath} className="button button-secondary">
              Download the PDF invoice
            </a>
            <a href={calendarPath} className="button button-secondary">
              Add the event to your calendar
            </a>
          </p>
        </section>
        <CardPayment payment={payment} />
        {keepsake ? null : <PaymentPlanSection plan={plan} autopay={autopay} refusal={refusal?.intent === "plan" ? refusal : null} />}
        {/* After the event the page is a keepsake: the receipt above, the event's details, and nothing left to accept, answer or change. */}
        {keepsake ? null : <AcceptTerms terms={terms} refusal={refusal?.intent === "accept" ? refusal : null} />}
        <EventDetailsForm details={details} location={invoice.eventLocation} refusal={refusal?.intent === "details" ? refusal : null} />
        {keepsake ? null : <ProofSection proof={proof} refusal={refusal?.intent === "approve-proof" || refusal?.intent === "proof-changes" ? refusal : null} />}
        {keepsake ? null : <AddOnsSection addOns={addOns} refusal={refusal?.intent === "extras" ? refusal : null} />}
        {keepsake && !moneyBack ? null : <ChangesSection changes={changes} />}
        {(keepsake && !payment.owingCents) || !payment.otherWays ? null : (
          <section className="form-card" aria-labelledby="payment-methods-heading">
            <h2 id="payment-methods-heading">Ways to pay</h2>
            <ul className="payment-methods">
              {policy.paymentMethods.map((method) => (
                <li key={method}>{method}</li>
              ))}
            </ul>
            <p>All in {policy.currency}. Card payments go through the pay button under Payments.</p>
            {/* While something is owing, the bank details are at the top of the page, under the pay button. */}
            {payment.owingCents ? null : <BankTransferDetails invoiceNumber={invoice.invoiceNumber} headingLevel={3} />}
          </section>
        )}
      </div>
    </section>
  );
}

/**
 * A wrong or missing key, or no such booking: the same 404 for every well-formed number, which
 * offers to e-mail the page's link to the address on the booking (docs/product-decisions.md, "The
 * client's booking page"). Anything else is the site's error page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { number } = useParams();
  const [query] = useSearchParams();
  if (!isRouteErrorResponse(error) || error.status !== 404 || !isInvoiceNumber(number)) return <SiteErrorPage />;
  return <LostLinkPage invoiceNumber={number} notice={bookingLinkNotice(query.get(bookingLinkNoticeField))} />;
}

function AmountRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  const Cell = strong ? "strong" : "span";
  return (
    <tr>
      <th scope="row">
        <Cell>{label}</Cell>
      </th>
      <td>
        <Cell>{amount}</Cell>
      </td>
    </tr>
  );
}
