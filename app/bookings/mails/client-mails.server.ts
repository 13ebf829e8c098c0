/**
 * The e-mails of the client's own changes on their booking page: what they accepted (to them, with
 * a note to the owner), and what they told us about their event (to the owner); and the page's
 * link, sent again when the client asks for it.
 */
import { clientGreeting } from "./greeting";
import { business } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { bookingDetails, type DetailRow } from "~/bookings/record/details";
import { letterPair, toClient, toOwner, type Correspondents, type Link, type MailPair } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords } from "~/utils/date-words";

interface Parties {
  ownerEmail: string;
}

function correspondents(booking: BookingRecord, { ownerEmail }: Parties): Correspondents {
  return { client: { email: booking.email, name: booking.fullName }, ownerEmail };
}

export function acceptanceMails(booking: BookingRecord, links: { page: string; copy: string }, parties: Parties): MailPair {
  const acceptance = booking.acceptance!;
  const rows: DetailRow[] = [
    ["Invoice", booking.invoiceNumber],
    ...bookingDetails(booking),
    ["Accepted by", acceptance.name],
    ["Accepted at", new Date(acceptance.at).toISOString()],
    ["Terms version", `Last updated ${acceptance.version}`],
    ["SHA-256 of the terms text", acceptance.sha256],
  ];
  const pageLinks: Link[] = [
    { label: "The terms you accepted", url: links.copy },
    { label: `Your booking ${booking.invoiceNumber}`, url: links.page },
  ];
  return letterPair(correspondents(booking, parties), {
    owner: {
      subject: `Terms accepted ${booking.invoiceNumber}: ${booking.fullName}, ${formatDateInWords(booking.eventDate)}`,
      greeting: `${acceptance.name} accepted the terms on the booking page; the booking is confirmed.`,
      paragraphs: ["Nothing to do: the acceptance is recorded on the booking, with a copy of the text accepted."],
      rows: [...rows, ["IP address", acceptance.ip]],
      links: pageLinks,
    },
    visitor: {
      subject: `Your booking ${booking.invoiceNumber} is confirmed – ${business.name}`,
      greeting: clientGreeting(booking),
      paragraphs: [
        `Thank you: you accepted our Terms and Conditions, so your booking for ${formatDateInWords(booking.eventDate)} is confirmed.`,
        "The copy below is exactly the text you accepted; the SHA-256 fingerprint lets anyone check it was not changed since.",
      ],
      rows,
      links: pageLinks,
    },
  });
}

/** The owner's note of new or changed event details, with their page of the booking (the logo, the proof upload and every action are there). */
export function detailsMail(booking: BookingRecord, changes: readonly DetailRow[], links: { page: string; ownerPage: Link | null }, parties: Parties): Mail {
  return toOwner(correspondents(booking, parties), {
    subject: `Event details ${booking.invoiceNumber}: ${booking.fullName}, ${formatDateInWords(booking.eventDate)}`,
    greeting: `${booking.fullName} gave the details of their event on the booking page. New or changed:`,
    paragraphs: [],
    rows: [["Invoice", booking.invoiceNumber], ["Event date", formatDateInWords(booking.eventDate)], ...changes],
    links: [{ label: `Booking ${booking.invoiceNumber}`, url: links.page }],
    actions: links.ownerPage ? [links.ownerPage] : [],
  });
}

/** The booking page's link, asked for again from the page opened without its key ("Send me my booking link"). */
export function bookingLinkMail(booking: BookingRecord, page: string, parties: Parties): Mail {
  return toClient(correspondents(booking, parties), {
    subject: `Your booking page ${booking.invoiceNumber} – ${business.name}`,
    greeting: clientGreeting(booking),
    paragraphs: [
      `You asked for the link to your booking page for ${formatDateInWords(booking.eventDate)}: it is below. Keep it private, as anyone with it can change your booking.`,
      "If you did not ask for it, you need not do anything: the link went only to you.",
    ],
    rows: [["Invoice", booking.invoiceNumber]],
    links: [{ label: `Your booking ${booking.invoiceNumber}`, url: page }],
  });
}
