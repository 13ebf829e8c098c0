/**
 * Saving the event's details from the booking page: refused once the booking holds no booth or
 * the event is too close; the logo, when one comes, is kept in R2 under the booking; the details
 * are stored through the booking's ledger; the owner is e-mailed what is new or changed, with the
 * signed link to upload a print design proof.
 */
import { business, bookingPage } from "~/business";
import { invoicePath } from "~/bookings/record/addresses";
import type { BookingRecord } from "~/bookings/record/booking";
import { detailsMail } from "~/bookings/mails/client-mails.server";
import { changedDetailRows, detailsEditable, logoKey, type EventDetails, type LogoType, type StoredLogo } from "~/bookings/record/event-details";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { ownerPageAction } from "~/bookings/record/owner-links.server";
import { isKeepsake } from "~/bookings/record/photos";
import type { EventDetailsInput } from "~/input/booking-page-forms";
import { queueMails } from "~/mail/queue.server";
import { bookingKey } from "~/storage-keys";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

export interface CheckedLogo {
  bytes: Uint8Array;
  type: LogoType;
}

export type DetailsOutcome = { kind: "saved"; booking: BookingRecord } | { kind: "refused"; status: 409; error: string };

/** Why the details can no longer change online, or null while they can. */
export function detailsLockedReason(booking: Pick<BookingRecord, "status" | "eventDate">, today: string): string | null {
  if (isKeepsake(booking, today)) return "Your event's details, as they were on the day.";
  if (!holdsBooth(booking.status)) return `This booking is ${booking.status}, so its details can no longer be changed.`;
  if (!detailsEditable(booking.eventDate, today)) {
    return `The event is less than ${bookingPage.detailsLockDaysBeforeEvent} days away, so its details can no longer be changed online. Please call us on ${business.phone.display}.`;
  }
  return null;
}

async function storeLogo(services: Pick<Services, "r2">, invoiceNumber: string, logo: CheckedLogo, at: string): Promise<StoredLogo> {
  const key = logoKey(invoiceNumber);
  await services.r2.put(key, logo.bytes, { httpMetadata: { contentType: logo.type }, customMetadata: { invoiceNumber } });
  return { key, contentType: logo.type, bytes: logo.bytes.byteLength, uploadedAt: at };
}

export async function saveEventDetails(services: Services, booking: BookingRecord, input: EventDetailsInput, logo: CheckedLogo | null): Promise<DetailsOutcome> {
  const now = services.now();
  const locked = detailsLockedReason(booking, melbourneToday(now));
  if (locked) return { kind: "refused", status: 409, error: locked };
  const at = now.toISOString();
  const { printLine1, printLine2, ...fields } = input;
  const details: EventDetails = {
    ...fields,
    printLines: [printLine1, printLine2].filter(Boolean),
    logo: logo ? await storeLogo(services, booking.invoiceNumber, logo, at) : booking.eventDetails?.logo,
    updatedAt: at,
  };
  const outcome = await services.ledger.changeByClient(booking.invoiceNumber, { kind: "details", details });
  if (!outcome) return { kind: "refused", status: 409, error: "This booking no longer exists." };
  if (outcome.kind !== "changed") return { kind: "refused", status: 409, error: outcome.kind === "refused" ? outcome.reason : "Nothing changed." };
  const saved = outcome.record;
  const changes = changedDetailRows(outcome.before.eventDetails, details, saved);
  if (changes.length) {
    const [ownerPage] = await ownerPageAction(services, saved.invoiceNumber);
    const links = { page: `${services.config.SITE_ORIGIN}${invoicePath(saved.invoiceNumber, saved.invoiceSecret)}`, ownerPage: ownerPage ?? null };
    const mail = detailsMail(saved, changes, links, { ownerEmail: services.config.OWNER_EMAIL });
    // Named by the moment of the save, so every save's note is queued once.
    await queueMails(services, { recordKey: bookingKey(saved.eventDate, saved.invoiceNumber), mails: { [`details-${at}`]: mail } });
  }
  return { kind: "saved", booking: saved };
}
