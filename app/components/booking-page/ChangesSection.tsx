import { Link } from "@remix-run/react";
import { formatCents } from "~/bookings/record/amounts";
import type { BookingPageView } from "~/bookings/booking-page/booking-page.server";
import { business } from "~/business";

/** "Change of plans": moving the date and cancelling while they can be done online; afterwards, what the cancellation came to, the refunds, and the documents of each change to what is billed. */
export function ChangesSection({ changes }: { changes: BookingPageView["changes"] }) {
  const { movePath, moveClosed, cancelPath, cancelled, owedBack, pendingBack, documents } = changes;
  return (
    <section id="changes" className="form-card booking-changes" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Change of plans</h2>
      {cancelled ? <p>{cancelled}</p> : null}
      {owedBack ? <p>{`${formatCents(owedBack)} is on its way back to you; we will e-mail you when it is refunded.`}</p> : null}
      {pendingBack ? <p>{`${formatCents(pendingBack)} is being refunded to your card; your bank shows it once the card network has finished, and we will e-mail you then.`}</p> : null}
      {movePath ? (
        <p>
          <Link to={movePath}>Change the date</Link>: to any free date up to six months after your original date.
        </p>
      ) : moveClosed && !cancelled ? (
        <p>{moveClosed}</p>
      ) : null}
      {cancelPath ? (
        <p>
          <Link to={cancelPath}>Cancel the booking</Link>: you see what the terms make of it in dollars before anything changes.
        </p>
      ) : null}
      {documents.length ? (
        <div className="billing-documents">
          <h3>What is billed, changed since your invoice</h3>
          <table className="price-table">
            <caption>Each change has its own document, with the GST it adds or takes off</caption>
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">Amount</th>
                <th scope="col">GST</th>
              </tr>
            </thead>
            <tbody>
              {documents.map((document) => (
                <tr key={document.title}>
                  <th scope="row">
                    <a href={document.path}>{document.title}</a>
                    {`, ${document.issuedOn}: ${document.what}`}
                  </th>
                  <td>{document.amount}</td>
                  <td>{document.gst}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {!movePath && !cancelPath && !cancelled ? <p>Questions? Call us on {business.phone.display}.</p> : null}
    </section>
  );
}
