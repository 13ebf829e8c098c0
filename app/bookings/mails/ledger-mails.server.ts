/**
 * To the owner when a new booking's ledger could not take it by the ledger opens' last try, and
 * the booking was made without it (app/bookings/ledger-not-opened.server.ts): sent once.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { toOwnerAlone, type Link } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords } from "~/utils/date-words";

type Booking = Pick<BookingRecord, "invoiceNumber" | "fullName" | "boothType" | "eventDate">;

export function ledgerNotOpenedMail(booking: Booking, error: string, ownerPage: readonly Link[], ownerEmail: string): Mail {
  return toOwnerAlone(ownerEmail, {
    subject: `Booking ${booking.invoiceNumber}: its ledger could not take it`,
    greeting: "A new booking's ledger could not be reached, however often it was tried.",
    paragraphs: [
      `${booking.fullName} booked the ${booking.boothType} for ${formatDateInWords(booking.eventDate)} (${booking.invoiceNumber}). The booking is stored, but its ledger, where every change to a booking is made, did not answer.`,
      "Its invoice PDF, its place in your calendar and its first e-mails were made without it, and its ledger takes the booking from the stored copy when it is next asked. Open your page of it: should that fail too, Cloudflare's Durable Objects may be down.",
    ],
    rows: [
      ["Booking", booking.invoiceNumber],
      ["Client", booking.fullName],
      ["Last error", error],
    ],
    actions: ownerPage,
  });
}
