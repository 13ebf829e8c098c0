/**
 * The e-mails of a change of add-ons on the booking page: to the client, what changed and what it
 * does to what they owe; to the owner, the same and, when money is now owed back, the signed
 * Refund link (as for cancellations).
 */
import { clientGreeting } from "./greeting";
import { business, lifecycle } from "~/business";
import { formatCents } from "~/bookings/record/amounts";
import type { BookingRecord, ExtrasChange } from "~/bookings/record/booking";
import { bookingDetails } from "~/bookings/record/details";
import { letterPair, type Link, type MailPair } from "~/mail/letter.server";
import { describeExtras } from "~/prices/extras";

function differenceSentence({ differenceCents }: ExtrasChange, refund: Link | null): string {
  if (differenceCents > 0) return `The total is ${formatCents(differenceCents)} more; the booking page shows what is owing and when.`;
  const less = `The total is ${formatCents(-differenceCents)} less.`;
  return refund ? `${less} More has been paid than the new total, so the difference is owed back.` : `${less} The booking page shows what is owing and when.`;
}

export function extrasChangedMails(
  booking: BookingRecord,
  change: ExtrasChange,
  links: { page: string; refund: Link | null },
  { ownerEmail }: { ownerEmail: string },
): MailPair {
  const rows = [
    ["Invoice", booking.invoiceNumber] as const,
    ["Add-ons before", describeExtras(change.from)] as const,
    ["Add-ons now", describeExtras(change.to)] as const,
    ["New total", formatCents(booking.totalCents)] as const,
    ...bookingDetails(booking),
  ];
  const page: Link = { label: `Your booking ${booking.invoiceNumber}`, url: links.page };
  const difference = differenceSentence(change, links.refund);
  return letterPair(
    { client: { email: booking.email, name: booking.fullName }, ownerEmail },
    {
      owner: {
        subject: `Add-ons changed ${booking.invoiceNumber}: ${booking.fullName}, now ${formatCents(booking.totalCents)}`,
        greeting: `${booking.fullName} changed their add-ons on the booking page.`,
        paragraphs: [
          difference,
          ...(links.refund ? [`Use the link below to refund it (it works until ${lifecycle.ownerLinkDaysAfterEvent} days after the event; every morning e-mail brings it again while money is owed back).`] : []),
        ],
        rows,
        links: [page],
        actions: links.refund ? [links.refund] : [],
      },
      visitor: {
        subject: `Your add-ons for booking ${booking.invoiceNumber} – ${business.name}`,
        greeting: clientGreeting(booking),
        paragraphs: [`Your add-ons are now: ${describeExtras(change.to)}.`, difference],
        rows,
        links: [page],
      },
    },
  );
}
