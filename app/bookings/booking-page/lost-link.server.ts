/**
 * "Send me my booking link" (docs/product-decisions.md, "The client's booking page"): a booking
 * page opened without its key offers to e-mail the page's link to the address on the booking, and
 * so does the page of the quote it was booked from, so a lost e-mail is never a dead end. The link
 * goes only to that address, which already had it; the visitor is told the same whether it matched
 * or not.
 *
 * Whoever asks, one booking's client gets at most one such e-mail an hour and three a day, each one
 * line of its e-mail record, and none once the booking gave its date up more than 30 days ago
 * (docs/product-decisions.md, "Links and what each may do"): the form can be posted by anyone who
 * knows the number and the address, and must not become a way to fill a client's mailbox.
 */
import { bookingLinkMail } from "~/bookings/mails/client-mails.server";
import { invoicePath } from "~/bookings/record/addresses";
import type { BookingRecord } from "~/bookings/record/booking";
import { keptItsDate } from "~/bookings/record/lifecycle";
import { findBooking } from "~/bookings/record/record.server";
import { queueMails } from "~/mail/queue.server";
import { takeSubmission } from "~/rate-limit.server";
import { bookingKey } from "~/storage-keys";
import type { Services } from "~/types/services";

/** The limits on one booking's link e-mails, over any span (not the clock's hours and days): once an hour, three times a day. */
const linkLimits = [
  { form: "booking-link-hour", max: 1, windowSeconds: 3600 },
  { form: "booking-link-day", max: 3, windowSeconds: 24 * 3600 },
] as const;

/** A booking that gave its date up (declined, cancelled, lapsed) is sent no link this long after. */
const givenUpDays = 30;

/** Whether `typed` is the address on the booking: letters' case and surrounding spaces aside. */
export function sameAddress(onBooking: string, typed: string): boolean {
  return onBooking.trim().toLowerCase() === typed.trim().toLowerCase();
}

/** When the booking gave its date up, or null while it keeps it (or kept it to its event). */
function gaveUpAt(booking: Pick<BookingRecord, "status" | "history">): Date | null {
  if (keptItsDate(booking.status)) return null;
  const change = [...booking.history].reverse().find((entry) => entry.status === booking.status);
  return change ? new Date(change.at) : null;
}

type LinkServices = Pick<Services, "kv" | "config" | "deliveries" | "mailQueue" | "now" | "submissionLimits">;

/** E-mails the booking's page link to the address on it, within the limits; true when one was queued. */
export async function mailBookingLink(services: LinkServices, booking: BookingRecord): Promise<boolean> {
  const now = services.now();
  const givenUp = gaveUpAt(booking);
  if (givenUp && now.getTime() - givenUp.getTime() > givenUpDays * 24 * 3_600_000) return false;
  // Both in one call, taken together or not at all: an ask the hour refuses spends none of the day's three.
  if (!(await takeSubmission(services.submissionLimits, { visitor: `booking:${booking.invoiceNumber}`, now }, [...linkLimits]))) return false;
  const page = `${services.config.SITE_ORIGIN}${invoicePath(booking.invoiceNumber, booking.invoiceSecret)}`;
  const mail = bookingLinkMail(booking, page, { ownerEmail: services.config.OWNER_EMAIL });
  // Named by its hour: sends are at least 60 minutes apart, so each is one line of the e-mail record.
  const name = `link-${now.toISOString().slice(0, 13)}h`;
  await queueMails(services, { recordKey: bookingKey(booking.eventDate, booking.invoiceNumber), mails: { [name]: mail } });
  console.log(`Booking ${booking.invoiceNumber}: its link was e-mailed again to the address on it.`);
  return true;
}

/** E-mails booking `invoiceNumber`'s page link to its client when `email` is their address; true when one was queued. */
export async function sendBookingLink(services: LinkServices, invoiceNumber: string, email: string): Promise<boolean> {
  const booking = (await findBooking(services.kv, invoiceNumber))?.booking;
  if (!booking || !sameAddress(booking.email, email)) return false;
  return mailBookingLink(services, booking);
}
