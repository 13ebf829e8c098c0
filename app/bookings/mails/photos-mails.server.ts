/**
 * The e-mail that hands the client their photos: the gallery's link, and their booking page, where
 * the link stays at the top. Sent once, for the first link the owner posts (record/photos.ts).
 */
import { clientGreeting } from "./greeting";
import { business } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { toClient } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords } from "~/utils/date-words";

export function photosMail(booking: BookingRecord, gallery: string, page: string, { ownerEmail }: { ownerEmail: string }): Mail {
  const event = formatDateInWords(booking.eventDate);
  return toClient(
    { client: { email: booking.email, name: booking.fullName }, ownerEmail },
    {
      subject: `Your photos from ${event} – ${business.name}`,
      greeting: clientGreeting(booking),
      paragraphs: [
        `Your photos from ${event} are ready: every shot and a digital copy of every print, in a private gallery you can download from.`,
        "The link is also at the top of your booking page, so you can always find it again.",
      ],
      rows: [
        ["Invoice", booking.invoiceNumber],
        ["Event date", event],
      ],
      links: [
        { label: "Your photos", url: gallery },
        { label: `Your booking ${booking.invoiceNumber}`, url: page },
      ],
    },
  );
}
