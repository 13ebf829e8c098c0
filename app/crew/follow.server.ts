/**
 * An assigned event that changes (docs/product-decisions.md, "Attendants"): moved, its start time
 * or hours changed (a change of start time is a move), its venue changed, or cancelled or declined. Each
 * attendant on it is told; on a move the crew book decides the assignment again, and one that now
 * overlaps another event of theirs comes off, the owner told to assign someone else.
 */
import { ownerPageAction } from "~/bookings/record/owner-links.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { findBooking } from "~/bookings/record/record.server";
import { queueMails } from "~/mail/queue.server";
import { attendantKey } from "~/storage-keys";
import type { Services } from "~/types/services";
import { attendantPageUrl, readAttendant } from "./attendants.server";
import { crewEventOf } from "./assign.server";
import type { Assignment, CrewEvent } from "./crew";
import { changedMail, offEventOwnerMail } from "./mails.server";

type FollowDeps = Pick<Services, "kv" | "crew" | "config" | "now" | "deliveries" | "mailQueue">;

function unchanged(assignment: Assignment, event: CrewEvent): boolean {
  return assignment.eventDate === event.eventDate && assignment.start === event.start && assignment.hours === event.hours && assignment.booth === event.booth;
}

/** Where the event is, as its sheet says: the street address the client gave, else the location they booked with. */
function venueOf(booking: BookingRecord): string {
  return booking.eventDetails?.venueAddress || booking.eventLocation;
}

/**
 * Brings the crew of booking `invoiceNumber` up to date with the booking as stored now, telling
 * whoever it concerns; given the booking as it was (`before`), a new venue is news too.
 */
export async function followBooking(services: FollowDeps, invoiceNumber: string, before?: BookingRecord): Promise<void> {
  const assignments = await services.crew.ofEvent(invoiceNumber);
  if (!assignments.length) return;
  const booking = (await findBooking(services.kv, invoiceNumber))?.booking;
  if (!booking) return;
  const event = crewEventOf(booking);
  const at = services.now().toISOString();
  for (const assignment of assignments) {
    if (holdsBooth(booking.status) && unchanged(assignment, event) && (!before || venueOf(before) === venueOf(booking))) continue;
    const attendant = await readAttendant(services.kv, assignment.attendantId);
    if (!attendant) continue;
    const page = (await attendantPageUrl(services, attendant.id)) ?? services.config.SITE_ORIGIN;
    const mails = await (async () => {
      if (!holdsBooth(booking.status)) {
        await services.crew.unassign(attendant.id, invoiceNumber);
        return { [`cancelled-${invoiceNumber}-${at}`]: changedMail(attendant, assignment, { kind: "cancelled" }, page, services.config.OWNER_EMAIL) };
      }
      const decided = await services.crew.assign(attendant, event, at);
      if (decided.ok) return { [`changed-${invoiceNumber}-${at}`]: changedMail(attendant, decided.assignment, { kind: "changed" }, page, services.config.OWNER_EMAIL) };
      await services.crew.unassign(attendant.id, invoiceNumber);
      return {
        [`off-${invoiceNumber}-${at}`]: changedMail(attendant, { ...assignment, ...event }, { kind: "off", reason: decided.reason }, page, services.config.OWNER_EMAIL),
        [`off-owner-${invoiceNumber}-${at}`]: offEventOwnerMail(attendant, event, decided.reason, await ownerPageAction(services, invoiceNumber), services.config.OWNER_EMAIL),
      };
    })();
    await queueMails(services, { recordKey: attendantKey(attendant.id), mails });
  }
}
