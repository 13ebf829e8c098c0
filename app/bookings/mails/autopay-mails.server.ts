/**
 * Autopay's e-mails to the client: autopay stopped by their bank (a PayTo agreement paused or
 * changed in the bank app is cancelled by Stripe), so what is still to pay is theirs to pay from
 * their booking page.
 */
import { clientGreeting } from "./greeting";
import { business } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { toClient } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords } from "~/utils/date-words";

export function autopayStoppedByBankMail(booking: BookingRecord, page: string, { ownerEmail }: { ownerEmail: string }): Mail {
  return toClient(
    { client: { email: booking.email, name: booking.fullName }, ownerEmail },
    {
      subject: `Autopay stopped for booking ${booking.invoiceNumber} – ${business.name}`,
      greeting: clientGreeting(booking),
      paragraphs: [
        `Your PayTo agreement for your booking on ${formatDateInWords(booking.eventDate)} was paused or changed in your bank app, so your bank has cancelled it and nothing more will be taken by it.`,
        "What is still to pay falls due on the dates on your booking page, where you can pay each instalment by card or bank transfer.",
      ],
      rows: [["Invoice", booking.invoiceNumber]],
      links: [{ label: `Your booking ${booking.invoiceNumber}`, url: page }],
    },
  );
}
