/**
 * What the crew's e-mails say (docs/product-decisions.md, "Attendants"). Each goes to the
 * attendant's own address, replies reach the owner, and each links only the attendant's own page:
 * no money, no client's e-mail address, nothing of the owner's.
 */
import { business } from "~/business";
import { toClient, toOwnerAlone, type Link } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords } from "~/utils/date-words";
import type { Assignment, Attendant, CrewEvent } from "./crew";

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

/** What changed about an assigned event, as the attendant is told. */
export type EventChange = { kind: "changed"; answerAgain: boolean } | { kind: "cancelled" } | { kind: "off"; reason: string };

/** An assigned event moved, its times changed, or it is off: the attendant is told, with their page. */
export function changedMail(attendant: Pick<Attendant, "email" | "name">, assignment: Assignment, change: EventChange, page: string, ownerEmail: string): Mail {
  const news = {
    changed: { subject: "has changed", paragraph: `The event ${assignment.invoiceNumber} you are on is on ${when(assignment)}, running the ${assignment.booth}. Its times or venue changed: your page has its sheet as it is now.${change.kind === "changed" && change.answerAgain ? " You had answered for the old date or times: please accept or decline it again there." : ""}` },
    cancelled: { subject: "is off", paragraph: `The event ${assignment.invoiceNumber} on ${formatDateInWords(assignment.eventDate)} is not going ahead: you are off it.` },
    off: { subject: "is no longer yours", paragraph: `The event ${assignment.invoiceNumber} moved to ${when(assignment)}, which clashes with another event of yours, so you are off it. ${change.kind === "off" ? change.reason : ""}`.trim() },
  }[change.kind];
  return toClient(
    { client: { email: attendant.email }, ownerEmail },
    {
      subject: `Your event ${assignment.invoiceNumber} ${news.subject} – ${business.name}`,
      greeting: `Hi ${attendant.name},`,
      paragraphs: [news.paragraph],
      rows: [["Event", assignment.invoiceNumber]],
      links: [{ label: "Your events", url: page }],
    },
  );
}

/** Why the owner is told an attendant is off an event: a move made it clash with another of theirs, or the schedule let the booking go. */
export type OffEvent = { kind: "clash"; reason: string } | { kind: "let-go"; unproved: boolean };

/** The owner told that an attendant is off an event, with their page of the booking (to assign someone else, or see it). */
export function offEventOwnerMail(attendant: Pick<Attendant, "name">, event: CrewEvent, why: OffEvent, ownerPage: readonly Link[], ownerEmail: string): Mail {
  const news =
    why.kind === "clash"
      ? {
          subject: "assign someone else",
          greeting: `${event.invoiceNumber} moved to ${formatDateInWords(event.eventDate)}, and ${attendant.name} cannot work it now, so they are off it and have been told.`,
          paragraphs: [why.reason, "Assign someone else on your page of the booking."],
        }
      : {
          subject: "the booking lapsed",
          greeting: `${event.invoiceNumber} on ${formatDateInWords(event.eventDate)} gave its date up: ${why.unproved ? "its first 48 hours ended with the client's e-mail address unproved" : "nothing was paid by its deposit's due date"}. ${attendant.name} is off it and has been told.`,
          paragraphs: ["Should a payment that arrived in time be recorded, the booking comes back without its attendant: assign one again on your page of the booking."],
        };
  return toOwnerAlone(ownerEmail, { subject: `${attendant.name} is off ${event.invoiceNumber}: ${news.subject}`, greeting: news.greeting, paragraphs: news.paragraphs, rows: [], actions: ownerPage });
}

/** The owner told of an attendant's answer, with their page of the booking (to assign someone else after a decline). */
export function answerOwnerMail(attendant: Pick<Attendant, "name">, assignment: Assignment, ownerPage: readonly Link[], ownerEmail: string): Mail {
  const accepted = assignment.status === "accepted";
  return toOwnerAlone(ownerEmail, {
    subject: `${attendant.name} ${accepted ? "accepted" : "declined"} ${assignment.invoiceNumber}`,
    greeting: `${attendant.name} ${accepted ? "accepted" : "declined"} ${assignment.invoiceNumber} on ${when(assignment)}.`,
    paragraphs: [accepted ? "Nothing for you to do." : "Assign someone else on your page of the booking."],
    rows: [],
    actions: ownerPage,
  });
}
