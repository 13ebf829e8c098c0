/**
 * Changing a booking's status (the owner's links, the daily schedule) through its ledger, which
 * records the change, releases its booth when the new status no longer holds one, e-mails the
 * client and logs it. Acting twice is harmless.
 */
import { lifecycle as limits } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { actionTarget, isOwnerAction, type Actor, type BookingStatus, type OwnerAction, type Transition } from "~/bookings/record/lifecycle";
import { verifyOwnerLink } from "~/bookings/record/owner-links.server";
import { findBooking } from "~/bookings/record/record.server";
import type { Services } from "~/types/services";

type StatusDeps = Pick<Services, "now" | "ledger">;

/** Moves the booking with this invoice number to `to`; null when there is no such booking. Its ledger sends the e-mails and releases the booth. */
export function changeStatus(services: StatusDeps, invoiceNumber: string, to: BookingStatus, by: Actor): Promise<Transition<BookingRecord> | null> {
  return services.ledger.changeStatus({ invoiceNumber, to, by, at: services.now().toISOString() });
}

/**
 * The daily schedule: expires every request made more than `lifecycle.requestExpiryDays` days
 * before `services.now()` on which nothing was paid. Returns the invoice numbers it expired;
 * a second run finds nothing more to do.
 */
export async function expireStaleRequests(services: StatusDeps & Pick<Services, "index">): Promise<string[]> {
  const now = services.now();
  // The index answers with the requests old enough, and nothing else.
  const receivedBy = new Date(now.getTime() - limits.requestExpiryDays * 86_400_000).toISOString();
  const stale = await services.index.find({ kind: "requests", receivedBy });

  const expired: string[] = [];
  for (const { booking } of stale) {
    if (booking.payments?.length) continue;
    const { invoiceNumber } = booking;
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
