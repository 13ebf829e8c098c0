import type { ReactNode } from "react";
import type { Phone, SheetEvent as SheetEventView } from "~/agenda/day-sheet.server";
import { DetailList } from "~/components/DetailList";

function Call({ name, phone }: { name: string; phone: Phone }) {
  return (
    <>
      {name}, <a href={phone.href}>{phone.number}</a>
    </>
  );
}

function Venue({ address, given, mapsUrl }: SheetEventView["venue"]) {
  return (
    <>
      {/* The sheet's address carries its token: no referrer goes to the maps site. */}
      <a href={mapsUrl} rel="noreferrer">
        {address}
      </a>
      {given ? null : " (suburb only: no street address given yet)"}
    </>
  );
}

/** Where the proof stands, and the version that will be printed: an image shown, a PDF linked. */
export function Proof({ proof, proofFile, invoiceNumber }: Pick<SheetEventView, "proof" | "proofFile" | "invoiceNumber">) {
  if (!proofFile) return <>{proof}</>;
  return (
    <>
      {proof}
      {proofFile.image ? (
        <img src={proofFile.path} alt={`Version ${proofFile.version} of ${invoiceNumber}'s print design`} className="sheet-proof" />
      ) : (
        <>
          {" "}
          (<a href={proofFile.path}>open version {proofFile.version}, a PDF</a>)
        </>
      )}
    </>
  );
}

export type SheetRow = [label: string, value: ReactNode];

/** The rows every sheet of an event has, the owner's and an attendant's: when, what, where, who, and what to print. */
export function eventRows(event: Omit<SheetEventView, "owed" | "logoPath" | "proofFile" | "crew">): SheetRow[] {
  return [
    ["Arrive", event.arrival ?? "No start time yet: ask the client"],
    ["Event", event.hours ?? "Start time not given"],
    ["Booth", event.booth],
    ["Pack", event.packing.length ? event.packing.join(", ") : "The booth only"],
    ["Venue", <Venue key="venue" {...event.venue} />],
    ["Contact on the day", event.contact ? <Call key="contact" {...event.contact} /> : "Not given yet"],
    ["Client", <Call key="client" {...event.client} />],
    ...(event.ownerNote ? [["Note for the day", event.ownerNote] satisfies SheetRow] : []),
    ["Access and parking", event.accessNotes || "None given"],
    ["Print text", event.printLines.length ? event.printLines.join(" / ") : "None given"],
  ];
}

/** One event of the day sheet: when to arrive, what to bring, where to go, who to call, what to print and collect. */
export function SheetEvent({ event }: { event: SheetEventView }) {
  const headingId = `event-${event.invoiceNumber}`;
  const rows: SheetRow[] = [
    ...eventRows(event),
    ["Attendants", event.crew],
    ["Logo", event.logoPath ? <img key="logo" src={event.logoPath} alt={`The logo for ${event.invoiceNumber}'s prints`} className="sheet-logo" /> : "None given"],
    ["Proof", <Proof key="proof" {...event} />],
    ["Still owed", event.owed],
  ];
  return (
    <article className="sheet-event" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {event.arrival ? `Arrive ${event.arrival}` : "Arrival not known"}: {event.booth} ({event.invoiceNumber}
        {event.status === "requested" ? ", not confirmed yet" : ""})
      </h2>
      <DetailList rows={rows} />
    </article>
  );
}
