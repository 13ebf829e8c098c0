/**
 * The e-mails of a change of plans: a moved date (to the client and the owner), a cancellation
 * (to both, with what the terms make of it and, when money is owed back, the owner's signed
 * Refund link), and a refund's note to the client.
 */
import { clientGreeting } from "./greeting";
import { business, lifecycle } from "~/business";
import { formatCents, type Refund } from "~/bookings/record/amounts";
import type { BookingRecord, Cancellation } from "~/bookings/record/booking";
import { describeCancellation } from "~/bookings/record/cancellation";
import { bookingDetails } from "~/bookings/record/details";
import { letterPair, toClient, toOwner, type Correspondents, type Link, type MailPair } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

interface Parties {
  ownerEmail: string;
}

function correspondents(booking: BookingRecord, { ownerEmail }: Parties): Correspondents {
  return { client: { email: booking.email, name: booking.fullName }, ownerEmail };
}

const pageLink = (booking: BookingRecord, page: string): Link => ({ label: `Your booking ${booking.invoiceNumber}`, url: page });

export function movedMails(booking: BookingRecord, from: string, page: string, parties: Parties): MailPair {
  const moved = `from ${formatDateInWords(from)} to ${formatDateInWords(booking.eventDate)}`;
  const rows = [["Invoice", booking.invoiceNumber] as const, ["Moved from", formatDateInWords(from)] as const, ...bookingDetails(booking)];
  return letterPair(correspondents(booking, parties), {
    owner: {
      subject: `Date moved ${booking.invoiceNumber}: ${booking.fullName}, now ${formatDateInWords(booking.eventDate)}`,
      greeting: `${booking.fullName} moved their booking ${moved} on the booking page.`,
      paragraphs: ["The old date is free again and the new one is held. Nothing to do."],
      rows,
      links: [pageLink(booking, page)],
    },
    visitor: {
      subject: `Your booking ${booking.invoiceNumber} is now on ${formatDateInWords(booking.eventDate)} – ${business.name}`,
      greeting: clientGreeting(booking),
      paragraphs: [`Your booking has moved ${moved}. The price is unchanged; your booking page shows the new due dates.`],
      rows,
      links: [pageLink(booking, page)],
    },
  });
}

export function cancelledMails(booking: BookingRecord, figures: Cancellation, links: { page: string; refund: Link | null }, parties: Parties): MailPair {
  const summary = describeCancellation(figures, `on ${formatDateInWords(melbourneToday(new Date(figures.at)))}`);
  const rows = [["Invoice", booking.invoiceNumber] as const, ...bookingDetails(booking)];
  return letterPair(correspondents(booking, parties), {
    owner: {
      subject: `Cancelled ${booking.invoiceNumber}: ${booking.fullName}, ${formatDateInWords(booking.eventDate)}`,
      greeting: figures.by === "client" ? `${booking.fullName} cancelled their booking on the booking page; the date is free again.` : "You cancelled this booking; the client has been told and the date is free again.",
      paragraphs: [summary, ...(links.refund ? [`${formatCents(figures.refundCents)} is owed back: use the link below to refund it (it works until ${lifecycle.ownerLinkDaysAfterEvent} days after the event; every morning e-mail brings it again while money is owed back).`] : [])],
      rows,
      links: [pageLink(booking, links.page)],
      actions: links.refund ? [links.refund] : [],
    },
    visitor: {
      subject: `Your booking ${booking.invoiceNumber} is cancelled – ${business.name}`,
      greeting: clientGreeting(booking),
      paragraphs: [summary, ...(figures.refundCents ? ["We will send the refund to the card or account you paid from, and e-mail you when it is done."] : [])],
      rows,
      links: [pageLink(booking, links.page)],
    },
  });
}

export function refundMail(booking: BookingRecord, refund: Refund, page: string, parties: Parties): Mail {
  const how = refund.method === "card" ? "to the card you paid with (it shows within 5 to 10 business days)" : "by bank transfer";
  return toClient(correspondents(booking, parties), {
    subject: `Refund of ${formatCents(refund.amountCents)} for booking ${booking.invoiceNumber} – ${business.name}`,
    greeting: clientGreeting(booking),
    paragraphs: [`We have refunded ${formatCents(refund.amountCents)} ${how}. Your booking page shows it, with its adjustment note.`],
    rows: [
      ["Invoice", booking.invoiceNumber],
      ["Refunded", formatCents(refund.amountCents)],
      ["On", formatDateInWords(melbourneToday(new Date(refund.at)))],
    ],
    links: [pageLink(booking, page)],
  });
}

/** To the owner: a card refund Stripe could not make. The money is owed back again, and the link refunds it afresh. */
/** To the owner when a booking that gave its date up without a cancellation (declined, expired) has money to give back. */
export function owedBackMail(booking: BookingRecord, page: string, refundLink: Link, parties: Parties, owedBackCents: number): Mail {
  return toOwner(correspondents(booking, parties), {
    subject: `REFUND OWED ${booking.invoiceNumber}: ${formatCents(owedBackCents)} to ${booking.fullName}`,
    greeting: `Booking ${booking.invoiceNumber} is ${booking.status}, so it bills nothing and everything paid on it is owed back.`,
    paragraphs: [`${formatCents(owedBackCents)} is owed back: use the link below to refund it (it works until ${lifecycle.ownerLinkDaysAfterEvent} days after the event; every morning e-mail brings it again while money is owed back).`],
    rows: [["Invoice", booking.invoiceNumber], ...bookingDetails(booking)],
    links: [pageLink(booking, page)],
    actions: [refundLink],
  });
}

export function refundFailedMail(booking: BookingRecord, refund: Refund, page: string, refundLink: Link | null, parties: Parties): Mail {
  return toOwner(correspondents(booking, parties), {
    subject: `REFUND FAILED ${booking.invoiceNumber}: ${formatCents(refund.amountCents)} to ${booking.fullName}`,
    greeting: `Stripe could not make the card refund of ${formatCents(refund.amountCents)} to ${booking.fullName}.`,
    // A refund made in Stripe's dashboard may fail when nothing is owed back on the booking: then there is no link to offer.
    paragraphs: [
      refundLink
        ? "The booking counts none of it as refunded, so what is owed back is owed again. Check the payment in Stripe's dashboard, then refund it by card again or by bank transfer with the link below."
        : "The booking counts none of it as refunded, and nothing is owed back on it now. Check the payment in Stripe's dashboard.",
    ],
    rows: [
      ["Invoice", booking.invoiceNumber],
      ["Refund", `${refund.id}, ${formatCents(refund.amountCents)}`],
      ["Asked on", formatDateInWords(melbourneToday(new Date(refund.at)))],
    ],
    links: [pageLink(booking, page)],
    actions: refundLink ? [refundLink] : [],
  });
}
