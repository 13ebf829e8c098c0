import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { business, policy } from "~/business";
import { invoiceCalendarPath, invoicePdfPath } from "~/bookings/addresses";
import { findBookingBySecret } from "~/bookings/record.server";
import { privateHeaders } from "~/bookings/private-responses.server";
import { checkoutPath, checkoutReturnOf } from "~/bookings/checkout.server";
import { billableOf } from "~/bookings/billable";
import { bookingDetails, type DetailRow } from "~/bookings/details";
import { paymentView } from "~/bookings/payment-view";
import { BankTransferDetails } from "~/components/forms/BankTransferDetails";
import { CardPayment } from "~/components/invoice/CardPayment";
import { invoiceView } from "~/bookings/invoice-view";
import { pageMeta } from "~/utils/seo";
import { DetailList } from "~/components/DetailList";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const secret = query.get("key");
  const booking = await findBookingBySecret(context.services, params.number ?? "", secret);
  if (!booking) throw new Response("Not Found", { status: 404 });
  const payment = paymentView(billableOf(booking), {
    // Card checkout is offered only when a Stripe secret key is configured.
    checkoutPath: context.services.config.STRIPE_SECRET_KEY ? checkoutPath(booking.invoiceNumber, secret!) : null,
    returned: checkoutReturnOf(query.get("checkout")),
  });
  return {
    invoice: invoiceView(booking),
    pdfPath: invoicePdfPath(booking.invoiceNumber, secret!),
    calendarPath: invoiceCalendarPath(booking.invoiceNumber, secret!),
    payment,
  };
}

export const headers: HeadersFunction = () => privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: data ? `${data.invoice.statement.title} ${data.invoice.invoiceNumber}` : "Invoice",
    description: "Your photo booth booking invoice.",
    path: `/invoice/${data?.invoice.invoiceNumber ?? ""}`,
    noindex: true,
  });

export default function InvoicePage() {
  const { invoice, pdfPath, calendarPath, payment } = useLoaderData<typeof loader>();
  const { statement } = invoice;
  const notes: DetailRow[] = invoice.message ? [["Your notes", invoice.message]] : [];
  const rows: DetailRow[] = [["Issued", invoice.issuedOn], ...bookingDetails(invoice), ...notes];
  return (
    <section className="container page-section invoice-page">
      <h1>{`${statement.title} ${invoice.invoiceNumber}`}</h1>
      <p className="invoice-issuer">
        {business.name}
        {statement.abn ? ` · ABN ${statement.abn}` : ""} · {business.address.display}
      </p>
      <p className="form-intro">
        Thank you for your booking. We have e-mailed a copy of this invoice to {invoice.email}. Reply to that e-mail to
        confirm your booking.
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
              {statement.schedule.map((line) => (
                <AmountRow key={line.label} {...line} />
              ))}
              <AmountRow {...statement.paid} />
            </tbody>
          </table>
          <p className="invoice-total">
            <span>{statement.owingNow.label}</span> <strong>{statement.owingNow.amount}</strong>
          </p>
          <p className="button-row">
            <Link to={`/pay?invoice=${invoice.invoiceNumber}`} className="button button-primary">
              Pay now
            </Link>
            <a href={pdfPath} className="button button-secondary">
              Download the PDF invoice
            </a>
            <a href={calendarPath} className="button button-secondary">
              Add the event to your calendar
            </a>
          </p>
        </section>
        <CardPayment payment={payment} />
        <section className="form-card" aria-labelledby="payment-methods-heading">
          <h2 id="payment-methods-heading">Ways to pay</h2>
          <ul className="payment-methods">
            {policy.paymentMethods.map((method) => (
              <li key={method}>{method}</li>
            ))}
          </ul>
          <p>All in {policy.currency}. Card payments go through the Pay now button.</p>
          <BankTransferDetails invoiceNumber={invoice.invoiceNumber} headingLevel={3} />
        </section>
      </div>
    </section>
  );
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
