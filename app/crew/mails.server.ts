/**
 * What the crew's e-mails say (docs/product-decisions.md, "Attendants"). Each goes to the
 * attendant's own address, replies reach the owner, and each links only the attendant's own page:
 * no money, no client's e-mail address, nothing of the owner's.
 */
import { business } from "~/business";
import { toClient } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords } from "~/utils/date-words";
import type { Assignment, Attendant } from "./crew";

/** When the event is, in words: its date, and its hours once the client gave a start time. */
function when(assignment: Pick<Assignment, "eventDate" | "start" | "hours">): string {
  return `${formatDateInWords(assignment.eventDate)}${assignment.start ? `, from ${assignment.start} for ${assignment.hours} hours (be there an hour before to set up)` : ", start time to come"}`;
}

/** The e-mail telling an attendant they are on an event, with their page, where they accept or decline it. */
export function assignedMail(attendant: Pick<Attendant, "email" | "name">, assignment: Assignment, page: string, ownerEmail: string): Mail {
  return toClient(
    { client: { email: attendant.email }, ownerEmail },
    {
      subject: `You are on ${formatDateInWords(assignment.eventDate)}: ${assignment.booth} – ${business.name}`,
      greeting: `Hi ${attendant.name},`,
      paragraphs: [
        `${business.name} has put you on an event: ${when(assignment)}, running the ${assignment.booth}.`,
        "Your page has the event's sheet (times, venue, what to pack, the contact on the day) and asks you to accept or decline it. Keep the link to yourself: it is yours alone.",
      ],
      rows: [["Event", assignment.invoiceNumber]],
      links: [{ label: "Your events", url: page }],
    },
  );
}

/** A fresh link to an attendant's page, sent when the owner took back the old one. */
export function freshLinkMail(attendant: Pick<Attendant, "email" | "name">, page: string, ownerEmail: string): Mail {
  return toClient(
    { client: { email: attendant.email }, ownerEmail },
    {
      subject: `Your events with ${business.name}: a new link`,
      greeting: `Hi ${attendant.name},`,
      paragraphs: ["Here is a new link to your page of events. The old one no longer works. Keep this one to yourself: it is yours alone."],
      rows: [],
      links: [{ label: "Your events", url: page }],
    },
  );
}
