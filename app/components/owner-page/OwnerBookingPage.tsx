import type { ReactNode } from "react";
import type { OwnerPageView } from "~/bookings/owner-page.server";
import { DetailList } from "~/components/DetailList";
import { OwnerAnswer } from "./OwnerForms";
import { DayNoteAction, MailActions, PaymentActions, PhotosAction, StatusActions } from "./OwnerActions";

/** The money as a statement: each line, the total with its GST, the schedule, what is paid, given back and owing. */
function Statement({ statement }: { statement: OwnerPageView["statement"] }) {
  const rows = [...statement.charges, statement.total, ...statement.later, ...(statement.billed ? [statement.billed] : []), ...statement.schedule, ...statement.instalments, statement.paid, ...(statement.refunded ? [statement.refunded] : []), statement.owingNow];
  return (
    <>
      <DetailList rows={rows.map((line) => [line.label, line.amount] as const)} />
      <p className="owner-action-note">{statement.gstNote}</p>
    </>
  );
}

/** The owner's page of one booking: where it stands, the client and the event, the money, the actions, the e-mails and the history. */
export function OwnerBookingPage({ view, done, error, crew, plan }: { view: OwnerPageView; done: string | null; error: string | null; crew: ReactNode; plan: ReactNode }) {
  const { actions } = view;
  return (
    <section className="container page-section owner-page">
      <h1>{`${view.invoiceNumber}: ${view.fullName}`}</h1>
      <p className="owner-standing" id="status">
        <strong>{view.status}</strong>
        {`. ${view.standing}`}
      </p>
      <OwnerAnswer done={done} error={error} />

      <section aria-labelledby="owner-client" className="form-card">
        <h2 id="owner-client">The client</h2>
        <DetailList
          rows={[
            ...view.client,
            ["E-mail", <a key="email" href={`mailto:${view.email}?subject=${encodeURIComponent(`Booking ${view.invoiceNumber}`)}`}>{view.email}</a>],
            ["Phone", <a key="phone" href={`tel:${view.phone.replace(/[^\d+]/g, "")}`}>{view.phone}</a>],
          ]}
        />
      </section>

      <section aria-labelledby="owner-event" className="form-card">
        <h2 id="owner-event">The event</h2>
        <DetailList rows={view.event} />
        <p>
          {actions.logo ? <a href={actions.logo}>Open the client&rsquo;s logo</a> : null}
          {actions.logo && actions.proofUpload ? " · " : null}
          {actions.proofUpload ? <a href={actions.proofUpload}>Upload a print design proof</a> : null}
        </p>
      </section>

      <section aria-labelledby="owner-money" className="form-card">
        <h2 id="owner-money">The money</h2>
        <Statement statement={view.statement} />
      </section>

      {plan}

      <section aria-labelledby="owner-status" className="form-card">
        <h2 id="owner-status">Confirm, decline or cancel</h2>
        <StatusActions actions={actions} />
      </section>

      <section id="payments" aria-labelledby="owner-payments" className="form-card">
        <h2 id="owner-payments">Payments and refunds</h2>
        <PaymentActions actions={actions} invoiceNumber={view.invoiceNumber} />
      </section>

      <section id="photos" aria-labelledby="owner-photos" className="form-card">
        <h2 id="owner-photos">The photos</h2>
        <PhotosAction gallery={actions.gallery} />
      </section>

      <section id="day" aria-labelledby="owner-day" className="form-card">
        <h2 id="owner-day">For the day</h2>
        <DayNoteAction note={actions.dayNote} />
      </section>

      {crew}

      <section id="emails" aria-labelledby="owner-emails" className="form-card">
        <h2 id="owner-emails">E-mails</h2>
        <MailActions mails={view.mails} />
      </section>

      <section aria-labelledby="owner-history" className="form-card">
        <h2 id="owner-history">History</h2>
        <ol className="owner-history">
          {view.history.map((item, index) => (
            <li key={`${item.at}-${index}`}>
              <time dateTime={item.at}>{item.when}</time>
              {`: ${item.what}`}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}
