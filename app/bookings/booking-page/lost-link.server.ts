/**
 * "Send me my booking link" (docs/product-decisions.md, "The client's booking page"): a booking
 * page opened without its key offers to e-mail the page's link to the address on the booking, so a
 * lost e-mail is never a dead end. The link goes only to that address, which already had it; the
 * visitor is told the same whether it matched or not.
 */
import { bookingLinkMail } from "~/bookings/mails/client-mails.server";
import { invoicePath } from "~/bookings/record/addresses";
import { findBooking } from "~/bookings/record/record.server";
import { queueMails } from "~/mail/queue.server";
import { bookingKey } from "~/storage-keys";
import type { Services } from "~/types/services";

/** How often one booking's link may be sent again: however many ask, its client gets one e-mail a window. */
const linkWindowMs = 10 * 60_000;

/** Whether `typed` is the address on the booking: letters' case and surrounding spaces aside. */
export function sameAddress(onBooking: string, typed: string): boolean {
  return onBooking.trim().toLowerCase() === typed.trim().toLowerCase();
}

/** E-mails booking `invoiceNumber`'s page link to its client when `email` is their address; true when one was queued. */
export async function sendBookingLink(services: Pick<Services, "kv" | "config" | "deliveries" | "mailQueue" | "now">, invoiceNumber: string, email: string): Promise<boolean> {
  const booking = (await findBooking(services.kv, invoiceNumber))?.booking;
  if (!booking || !sameAddress(booking.email, email)) return false;
  const page = `${services.config.SITE_ORIGIN}${invoicePath(booking.invoiceNumber, booking.invoiceSecret)}`;
  const mail = bookingLinkMail(booking, page, { ownerEmail: services.config.OWNER_EMAIL });
  // Named by its window: a name already sent for the record is not sent again (app/mail/queue.server.ts).
  const name = `link-${Math.floor(services.now().getTime() / linkWindowMs)}`;
  await queueMails(services, { recordKey: bookingKey(booking.eventDate, booking.invoiceNumber), mails: { [name]: mail } });
  console.log(`Booking ${booking.invoiceNumber}: its link was e-mailed again to the address on it.`);
  return true;
}
