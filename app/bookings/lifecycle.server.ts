/**
 * Changing a booking's status (the owner's links, the daily schedule): record the change in the
 * booking's history and summary, release its booth when the new status no longer holds one,
 * e-mail the client and log it. Acting twice is harmless.
 */
import { lifecycle as limits } from "~/business";
import { invoiceCalendarPath, invoicePath } from "~/bookings/record/addresses";
import type { BookingRecord } from "~/bookings/record/booking";
import { actionTarget, holdsBooth, isOwnerAction, type Actor, type BookingStatus, type OwnerAction, type Transition } from "~/bookings/record/lifecycle";
import { cancellationOf } from "~/bookings/record/cancellation";
import { cancellationMails } from "~/bookings/changes/changes.server";
import { statusMails } from "~/bookings/mails/mails.server";
import { ownerActionLinks, verifyOwnerLink } from "~/bookings/record/owner-links.server";
import { findBooking, listBookingKeys } from "~/bookings/record/record.server";
import { queueMails } from "~/mail/queue.server";
import type { Services } from "~/types/services";
import { bookingKey, invoiceNumberOfKey } from "~/storage-keys";
import { melbourneToday } from "~/utils/melbourne-time";

type StatusDeps = Pick<Services, "config" | "now" | "ledger" | "holds" | "deliveries" | "mailQueue">;

/** Moves the booking with this invoice number to `to`; null when there is no such booking. */
export async function changeStatus(services: StatusDeps, invoiceNumber: string, to: BookingStatus, by: Actor): Promise<Transition<BookingRecord> | null> {
  const now = services.now();
  const result = await services.ledger.changeStatus({ invoiceNumber, to, by, at: now.toISOString() });
  if (!result || result.kind === "refused") return result;
  const { record } = result;
  // Also when already done, so a release that failed before is made good by acting again.
  if (!holdsBooth(record.status)) await services.holds.release({ eventDate: record.eventDate, holdId: record.holdId });
  if (result.kind === "changed" && to !== "requested") {
    console.log(`Booking ${invoiceNumber} is now ${to} (was ${result.from}; by the ${by}).`);
    const ownerActions = to === "confirmed" ? await ownerActionLinks(services.config, invoiceNumber, ["cancel"], now) : [];
    const urls = {
      invoice: `${services.config.SITE_ORIGIN}${invoicePath(invoiceNumber, record.invoiceSecret)}`,
      calendar: `${services.config.SITE_ORIGIN}${invoiceCalendarPath(invoiceNumber, record.invoiceSecret)}`,
    };
    const mails =
      to === "cancelled"
        ? await cancellationMails(services, record, record.cancellation ?? cancellationOf(record, melbourneToday(now), "owner", now))
        : statusMails(record, to, { ...urls, ownerActions }, { ownerEmail: services.config.OWNER_EMAIL });
    // Queued after the change is stored; a failed e-mail never undoes it.
    await queueMails(services, { recordKey: bookingKey(record.eventDate, invoiceNumber), mails });
  }
  return result;
}

/**
 * The daily schedule: expires every request made more than `lifecycle.requestExpiryDays` days
 * before `services.now()` on which nothing was paid. Returns the invoice numbers it expired;
 * a second run finds nothing more to do.
 */
export async function expireStaleRequests(services: StatusDeps & Pick<Services, "kv">): Promise<string[]> {
  const now = services.now();
  // The key's metadata says the status and age, so only candidates are opened.
  const stale = (await listBookingKeys(services.kv))
    .filter(({ metadata }) => metadata.status === "requested" && metadata.receivedAt && now.getTime() - Date.parse(metadata.receivedAt) >= limits.requestExpiryDays * 86_400_000)
    .map(({ name }) => ({ key: name, invoiceNumber: invoiceNumberOfKey(name) }));

  const expired: string[] = [];
  for (const { key, invoiceNumber } of stale) {
    const booking = await services.kv.get<BookingRecord>(key, "json");
    if (!booking || booking.payments?.length) continue;
    const result = await changeStatus(services, invoiceNumber, "expired", "schedule");
    if (result?.kind === "changed") expired.push(invoiceNumber);
  }
  return expired;
}

/** What the owner's link page shows: the booking (no secrets) and what the link does. */
export interface OwnerLinkView {
  action: OwnerAction;
  booking: Pick<BookingRecord, "invoiceNumber" | "fullName" | "email" | "phoneNumber" | "eventDate" | "eventLocation" | "boothType" | "packageDuration" | "service" | "price" | "status">;
}

/** The booking a signed owner link names, or null for any link that is not genuine, current and for a stored booking. */
export async function openOwnerLink(services: Pick<Services, "config" | "kv" | "now">, params: { number?: string; action?: string }, query: URLSearchParams): Promise<OwnerLinkView | null> {
  const secret = services.config.OWNER_LINK_SECRET;
  if (!secret) return null;
  const link = await verifyOwnerLink(secret, { invoiceNumber: params.number, action: params.action, expires: query.get("expires"), sig: query.get("sig") }, services.now());
  if (!link || !isOwnerAction(link.action)) return null;
  const found = await findBooking(services.kv, link.invoiceNumber);
  if (!found) return null;
  const { invoiceNumber, fullName, email, phoneNumber, eventDate, eventLocation, boothType, packageDuration, service, price, status } = found.booking;
  return { action: link.action, booking: { invoiceNumber, fullName, email, phoneNumber, eventDate, eventLocation, boothType, packageDuration, service, price, status } };
}

/** The owner pressed the link's button: do it, and say in a sentence what happened. */
export async function actOnOwnerLink(services: StatusDeps, view: OwnerLinkView): Promise<string> {
  const target = actionTarget[view.action];
  const number = view.booking.invoiceNumber;
  const result = await changeStatus(services, number, target, "owner");
  switch (result?.kind) {
    case "changed":
      return `Booking ${number} is now ${target}. The client has been e-mailed.`;
    case "already":
      return `Booking ${number} was already ${target}: nothing changed.`;
    default:
      return `Booking ${number} is ${result?.record.status ?? "gone"}, so it cannot become ${target}.`;
  }
}
