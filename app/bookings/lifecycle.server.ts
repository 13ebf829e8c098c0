/**
 * Changing a booking's status (the owner's links, the daily schedule) through its ledger, which
 * records the change, releases its booth when the new status no longer holds one, e-mails the
 * client and logs it. Acting twice is harmless.
 */
import { lifecycle as limits } from "~/business";
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { actionTarget, afterItsEvent, heldByMoney, holdsBooth, isOwnerAction, type Actor, type BookingStatus, type OwnerAction, type Transition } from "~/bookings/record/lifecycle";
import { bookingOfOwnerLink } from "~/bookings/record/owner-links.server";
import { statusChanged } from "~/bookings/record/status-change.server";
import type { Services } from "~/types/services";
import { addDays, melbourneToday } from "~/utils/melbourne-time";

type StatusDeps = Pick<Services, "now" | "ledger">;

/** Moves the booking with this invoice number to `to`; null when there is no such booking. Its ledger sends the e-mails and releases the booth. */
export function changeStatus(services: StatusDeps, invoiceNumber: string, to: BookingStatus, by: Actor): Promise<Transition<BookingRecord> | null> {
  return services.ledger.changeStatus({ invoiceNumber, to, by, at: services.now().toISOString() });
}

/**
 * Whether the booking lapses for want of money as of `now` (docs/product-decisions.md, "Dates are
 * held by money or by the owner"): it holds its date with nothing paid and the owner did not confirm
 * it by hand, and its deposit's due date has passed. One received before `unpaidLapseFrom` keeps
 * the rule it was made under: a request expires after `requestExpiryDays`, a confirmed booking holds.
 */
export function lapsesUnpaid(booking: BookingRecord, now: Date): boolean {
  if (!holdsBooth(booking.status) || booking.payments?.length) return false;
  if (heldByMoney(booking)) return amountsDue(billableOf(booking)).depositDueOn < melbourneToday(now);
  // Made before the rule (a request is never confirmed by the owner): the 7 days of a request.
  return booking.status === "requested" && booking.receivedAt < limits.unpaidLapseFrom && Date.parse(booking.receivedAt) <= now.getTime() - limits.requestExpiryDays * 86_400_000;
}


/** The daily schedule: every booking that lapses for want of money expires (billed nothing). Returns the numbers expired; a second run finds nothing more. */
export async function lapseUnpaidBookings(services: StatusDeps & Pick<Services, "index">): Promise<string[]> {
  const now = services.now();
  const holding = await services.index.find({ kind: "holding", receivedBy: now.toISOString() });
  const expired: string[] = [];
  for (const { booking } of holding) {
    if (!lapsesUnpaid(booking, now)) continue;
    const result = await changeStatus(services, booking.invoiceNumber, "expired", "schedule");
    if (result?.kind === "changed") expired.push(booking.invoiceNumber);
  }
  return expired;
}

/**
 * The daily schedule: the day after its event a booking that held its date is `completed`
 * (docs/product-decisions.md, "The owner's page, bank payments and the photos"), unless it is a
 * request nobody confirmed and nothing was paid on: that request lapsed, as it would have after its
 * 7 days, and expires (billed nothing). Events of the past week are looked at, so a run missed for
 * a few days is made good. Returns the numbers changed, each with what it became.
 */
export async function completePastEvents(services: StatusDeps & Pick<Services, "index">): Promise<string[]> {
  const today = melbourneToday(services.now());
  const past = await services.index.find({ kind: "events", from: addDays(today, -limits.completedLookBackDays), to: addDays(today, -1) });
  const changed: string[] = [];
  for (const { booking } of past) {
    if (!holdsBooth(booking.status)) continue;
    const to = afterItsEvent(booking.status, !!booking.payments?.length);
    const result = await changeStatus(services, booking.invoiceNumber, to, "schedule");
    if (result?.kind === "changed") changed.push(`${booking.invoiceNumber} ${to}`);
  }
  return changed;
}

/** What the owner's link page shows: the booking (no secrets), what the link does, and why it cannot any more when the booking's state has moved on. */
export interface OwnerLinkView {
  action: OwnerAction;
  booking: Pick<BookingRecord, "invoiceNumber" | "fullName" | "email" | "phoneNumber" | "eventDate" | "eventLocation" | "boothType" | "packageDuration" | "service" | "price" | "status">;
  /** Null while the button can act; otherwise the sentence the page shows instead of the button. */
  spent: string | null;
}

/** Why the link's action can no longer be taken on the booking as it stands (a Cancel link on a cancelled booking), or null while it can. */
function spentBecause(record: BookingRecord, action: OwnerAction, at: Date): string | null {
  const target = actionTarget[action];
  // As the ledger will decide it: a Confirm still keeps the date of a booking the client confirmed by the terms alone.
  const move = statusChanged(record, { invoiceNumber: record.invoiceNumber, to: target, by: "owner", at: at.toISOString() });
  if (move.kind === "changed") return null;
  const state = move.kind === "already" ? `already ${target}` : `${record.status}, so it cannot become ${target}`;
  return `Booking ${record.invoiceNumber} is ${state}: this link has nothing left to do.`;
}

/** The booking a signed owner link names, or null for any link that is not genuine, current and for a stored booking. */
export async function openOwnerLink(services: Pick<Services, "config" | "kv" | "generations" | "now">, params: { number?: string; action?: string }, query: URLSearchParams): Promise<OwnerLinkView | null> {
  const { action } = params;
  if (!isOwnerAction(action)) return null;
  const found = await bookingOfOwnerLink(services, action, params.number, query);
  if (!found) return null;
  const { invoiceNumber, fullName, email, phoneNumber, eventDate, eventLocation, boothType, packageDuration, service, price, status } = found;
  return { action, booking: { invoiceNumber, fullName, email, phoneNumber, eventDate, eventLocation, boothType, packageDuration, service, price, status }, spent: spentBecause(found, action, services.now()) };
}

/** The owner pressed the link's button: do it, and say in a sentence what happened. A link whose booking has moved on does nothing. */
export async function actOnOwnerLink(services: StatusDeps, view: OwnerLinkView): Promise<string> {
  if (view.spent) return view.spent;
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
