/**
 * The photos after the event (docs/product-decisions.md, "The owner's page, bank payments and the
 * photos"): the gallery link the owner posts, when a booking may take one, and the keepsake its
 * page becomes once its event has taken place. "After the event" is read from the event's date in
 * Melbourne, never from a status, so every page, the ledger and the morning e-mail agree on it.
 * Pure, so the ledger, the pages and the tests ask the same questions.
 */
import { business, lifecycle, reminders } from "~/business";
import type { BookingRecord, PhotosGallery } from "~/bookings/record/booking";
import { keptItsDate } from "~/bookings/record/lifecycle";
import type { GalleryOutcome, GalleryRequest } from "~/bookings/record/ledger-protocol";
import { galleryUrlProblem } from "~/input/gallery-url";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneToday } from "~/utils/melbourne-time";

/** Whether the event took place before `today` (Melbourne's date): its page is a keepsake from then on. */
export function eventHasPassed(booking: Pick<BookingRecord, "eventDate">, today: string): boolean {
  return booking.eventDate < today;
}

/** A booking that held its date, the day after its event and later: its page shows the photos, the receipt and the details, and offers no changes. */
export function isKeepsake(booking: Pick<BookingRecord, "status" | "eventDate">, today: string): boolean {
  return keptItsDate(booking.status) && eventHasPassed(booking, today);
}

/** Why a gallery cannot be posted for the booking on `today`, or null when it can (from the event's day on, for a booking that held its date). */
export function galleryRefusal(booking: Pick<BookingRecord, "status" | "eventDate">, today: string): string | null {
  if (!keptItsDate(booking.status)) return `This booking is ${booking.status}: it had no event to post photos of.`;
  if (booking.eventDate > today) return `The event is on ${formatDateInWords(booking.eventDate)}: its photos can be posted from that day.`;
  return null;
}

/**
 * The ledger's decision on a gallery link: the first is posted (and the client is e-mailed it), a
 * new one replaces it (the old kept in `earlier`, no second e-mail), the same one again changes
 * nothing.
 */
export function galleryPosted(booking: BookingRecord, { url, at }: Pick<GalleryRequest, "url" | "at">): GalleryOutcome {
  const reason = galleryUrlProblem(url) ?? galleryRefusal(booking, melbourneToday(new Date(at)));
  if (reason) return { kind: "refused", record: booking, reason };
  const href = new URL(url).href;
  const current = booking.photos;
  if (current?.url === href) return { kind: "same", record: booking };
  const earlier = current ? [...(current.earlier ?? []), { url: current.url, postedAt: current.postedAt }] : [];
  const photos: PhotosGallery = { url: href, postedAt: at, ...(earlier.length ? { earlier } : {}) };
  return { kind: "posted", record: { ...booking, photos }, first: !current };
}

/** Days after its event that a gallery not yet posted is overdue: the thank-you e-mail's promise, in whole days. */
export const photosDueDaysAfterEvent = Math.ceil(reminders.photosWithinHours / 24);

/**
 * The event dates the morning e-mail looks back over for photos not posted: from the promise's end
 * back to the last day the owner's links to the booking work (nothing could be posted after it).
 */
export function photosLookBack(today: string): { from: string; to: string } {
  return { from: addDays(today, -lifecycle.ownerLinkDaysAfterEvent), to: addDays(today, -photosDueDaysAfterEvent) };
}

/** Whether the owner still owes the client the photos on `today`: the promise has run out, the booking held its date, no gallery is posted. */
export function photosOverdue(booking: Pick<BookingRecord, "status" | "eventDate" | "photos">, today: string): boolean {
  const { from, to } = photosLookBack(today);
  return keptItsDate(booking.status) && !booking.photos && booking.eventDate >= from && booking.eventDate <= to;
}

/** The sentence the keepsake page opens with, on the page's own terms. */
export function keepsakeWords(booking: Pick<BookingRecord, "eventDate" | "photos">): string {
  const event = formatDateInWords(booking.eventDate);
  return booking.photos ? `Thank you for having us on ${event}: your photos are ready.` : `Thank you for having us on ${event}. ${reminders.photosDelivery} Questions? Call ${business.phone.display}.`;
}
