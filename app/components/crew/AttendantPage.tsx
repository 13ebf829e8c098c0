import type { AttendantPageView, AttendantSheet } from "~/crew/attendant-page.server";
import { DetailList } from "~/components/DetailList";
import { eventRows, Proof, type SheetRow } from "~/components/day-sheet/SheetEvent";
import { OwnerAnswer, OwnerForm } from "~/components/owner-page/OwnerForms";

const answerWords = { assigned: "Please accept or decline", accepted: "You accepted", declined: "You declined" } as const;

/** The attendant's answer to one event, one button: the other answer stays offered, so they can change their mind. */
function AnswerButton({ invoiceNumber, answer }: { invoiceNumber: string; answer: "accepted" | "declined" }) {
  const label = answer === "accepted" ? "Accept" : "Decline";
  return (
    <OwnerForm keyName="sig" intent="answer" label={`${label} ${invoiceNumber}`}>
      <input type="hidden" name="invoiceNumber" value={invoiceNumber} />
      <button type="submit" name="answer" value={answer} className={`button ${answer === "accepted" ? "button-primary" : "button-secondary"}`}>
        {label}
      </button>
    </OwnerForm>
  );
}

/** One event's sheet as the attendant needs it: no money, no e-mail address, nothing that acts but their answer. */
function EventSheet({ event }: { event: AttendantSheet }) {
  const headingId = `event-${event.invoiceNumber}`;
  // Declined, its client is no longer theirs to see: when and which booth only, to take it back.
  const rows: SheetRow[] = event.answer === "declined" ? [["Event", event.hours ?? "Start time not given"], ["Booth", event.booth]] : [...eventRows(event), ["Print design", <Proof key="proof" {...event} />]];
  return (
    <article className="sheet-event form-card" aria-labelledby={`${headingId}-title`} id={headingId}>
      <h2 id={`${headingId}-title`}>{`${event.day}: ${event.booth}`}</h2>
      <p className="owner-standing">
        <strong>{answerWords[event.answer]}</strong>
        {` (${event.invoiceNumber})`}
      </p>
      <DetailList rows={rows} />
      {event.answer === "accepted" ? null : <AnswerButton invoiceNumber={event.invoiceNumber} answer="accepted" />}
      {event.answer === "declined" ? null : <AnswerButton invoiceNumber={event.invoiceNumber} answer="declined" />}
    </article>
  );
}

/** An attendant's page: their coming events, each with its sheet and their answer. */
export function AttendantPage({ view, done, error }: { view: AttendantPageView; done: string | null; error: string | null }) {
  return (
    <section className="container page-section owner-page">
      <h1>{`${view.name}'s events`}</h1>
      <p>
        This page is yours alone: keep its address to yourself.
        {view.calendarPath ? (
          <>
            {" "}
            <a href={view.calendarPath}>Your events as a calendar</a> to subscribe to on your phone (it only shows your events).
          </>
        ) : null}
      </p>
      <OwnerAnswer done={done} error={error} />
      {view.events.length ? view.events.map((event) => <EventSheet key={event.invoiceNumber} event={event} />) : <p>No coming events yet.</p>}
      <section aria-labelledby="past-work" className="form-card">
        <h2 id="past-work">What you have worked</h2>
        <p>{`Paid hours this month: ${view.past.monthHours} (each event's hours and an hour either side).`}</p>
        {view.past.lines.length ? (
          <ul>
            {view.past.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p>No past events in the last three months.</p>
        )}
      </section>
    </section>
  );
}
