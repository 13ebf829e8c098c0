import { DetailList } from "~/components/DetailList";
import type { OwnerQuoteView } from "~/quotes/owner-view.server";

/** The owner's read-only view of a quote: it names the booking made from it, links nothing of it, and acts on nothing. */
export function OwnerQuotePage({ view }: { view: OwnerQuoteView }) {
  return (
    <section className="container page-section invoice-page">
      <h1>{`Quote ${view.id}`}</h1>
      {view.booked ? <p className="booking-step booking-step-done">{`Booked as ${view.booked.invoiceNumber} (${view.booked.status}).`}</p> : null}
      <div className="invoice-layout">
        <section className="form-card" aria-labelledby="owner-quote-asked">
          <h2 id="owner-quote-asked">What the client asked</h2>
          <DetailList rows={view.asked} />
        </section>
        <section className="form-card" aria-labelledby="owner-quote-price">
          <h2 id="owner-quote-price">What the site quoted</h2>
          <DetailList rows={view.price} />
        </section>
        <section className="form-card" aria-labelledby="owner-quote-standing">
          <h2 id="owner-quote-standing">Where it stands</h2>
          <DetailList rows={view.standing} />
        </section>
        <section className="form-card" aria-labelledby="owner-quote-mails">
          <h2 id="owner-quote-mails">Its e-mails</h2>
          {view.mails.length ? <DetailList rows={view.mails} /> : <p>{"None recorded yet."}</p>}
        </section>
      </div>
    </section>
  );
}
