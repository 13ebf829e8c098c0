/**
 * The e-mails of the print design's proofs: a new version to the client, with the date to approve
 * it by, and each answer to the owner, with the signed link to upload the next version.
 */
import { clientGreeting } from "./greeting";
import { business } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { approveBy, type ProofVersion } from "~/bookings/record/proofs";
import { toClient, toOwner, type Correspondents, type Link, type Row } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords } from "~/utils/date-words";

interface Parties {
  ownerEmail: string;
}

function correspondents(booking: BookingRecord, { ownerEmail }: Parties): Correspondents {
  return { client: { email: booking.email, name: booking.fullName }, ownerEmail };
}

function proofRows(booking: BookingRecord, proof: ProofVersion): Row[] {
  return [
    ["Invoice", booking.invoiceNumber],
    ["Event date", formatDateInWords(booking.eventDate)],
    ["Proof", `version ${proof.version}`],
    ...(proof.note ? [["Note", proof.note] as const] : []),
  ];
}

/** To the client: a new version of their design to look at, approve or send back. */
export function proofReadyMail(booking: BookingRecord, proof: ProofVersion, page: string, parties: Parties): Mail {
  const by = formatDateInWords(approveBy(booking.eventDate));
  return toClient(correspondents(booking, parties), {
    subject: `Your print design is ready to check (version ${proof.version}) – ${business.name}`,
    greeting: clientGreeting(booking),
    paragraphs: [
      `Here is how your prints will look. Please open your booking page and approve the design, or tell us what to change, by ${by}.`,
      `After ${by} we print the last version you were sent.`,
    ],
    rows: proofRows(booking, proof),
    links: [{ label: `Check your design on booking ${booking.invoiceNumber}`, url: page }],
  });
}

/** To the owner: the client's answer to a version, with the signed link to upload the next one. */
export function proofAnswerMail(booking: BookingRecord, proof: ProofVersion, links: { page: string; upload: Link | null }, parties: Parties): Mail {
  const answer = proof.answer!;
  const approved = answer.kind === "approved";
  return toOwner(correspondents(booking, parties), {
    subject: `${approved ? "Design approved" : "Changes asked"} ${booking.invoiceNumber}: ${booking.fullName}, ${formatDateInWords(booking.eventDate)}`,
    greeting: approved ? `${answer.name} approved version ${proof.version} of the print design.` : `${booking.fullName} asked for changes to version ${proof.version} of the print design.`,
    paragraphs: approved ? ["This version is the one to print."] : ["Upload the next version from your page of the booking (link below); the client is e-mailed it."],
    rows: [...proofRows(booking, proof), approved ? ["Approved by", answer.name] : ["Changes asked", answer.comment], ["Answered at", new Date(answer.at).toISOString()]],
    links: [{ label: `Booking ${booking.invoiceNumber}`, url: links.page }],
    actions: links.upload ? [links.upload] : [],
  });
}
