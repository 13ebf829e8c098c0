/**
 * An assigned event that changes (docs/product-decisions.md, "Attendants"): moved, its start time
 * or hours changed (a change of start time is a move), its venue changed, or its date let go (cancelled,
 * declined, or expired by the schedule). Each attendant on it is told; on a move the crew book
 * decides the assignment again, and one that now overlaps another event of theirs comes off, the
 * owner told to assign someone else; a date let go releases them all. The first change is e-mailed
 * at once, later ones within the hour together at its end (the crew book keeps the time).
 */
import { ownerPageAction } from "~/bookings/record/owner-links.server";
import { addressProved } from "~/bookings/record/address-proof";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { findBooking } from "~/bookings/record/record.server";
import { queueMails } from "~/mail/queue.server";
import { attendantKey } from "~/storage-keys";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";
import { attendantPageUrl, readAttendant } from "./attendants.server";
import { crewEventOf } from "./assign.server";
import type { Assignment, Attendant, CrewEvent } from "./crew";
import { changedMail, offEventOwnerMail } from "./mails.server";

type FollowDeps = Pick<Services, "kv" | "generations" | "crew" | "config" | "now" | "deliveries" | "mailQueue">;

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
  if (booking) await tellCrew(services, booking, assignments, before);
}

/**
 * The crew of a booking its ledger let go (declined, cancelled, or expired by the schedule: unpaid
 * by its deposit's due date, or its first 48 hours ended unproved), from the ledger's own copy
 * (`Services.crewFollows`): each is e-mailed and released, and the owner told of those the schedule
 * took off. A booking put back later (a payment that had arrived in time, `lapseUndone`) comes back
 * without them, for the owner to staff again.
 */
export async function followLetGo(services: FollowDeps, booking: BookingRecord): Promise<void> {
  const assignments = await services.crew.ofEvent(booking.invoiceNumber);
  if (assignments.length) await tellCrew(services, booking, assignments);
}

async function tellCrew(services: FollowDeps, booking: BookingRecord, assignments: readonly Assignment[], before?: BookingRecord): Promise<void> {
  const { invoiceNumber } = booking;
  const event = crewEventOf(booking);
  const at = services.now().toISOString();
  const last = booking.history.at(-1);
  // Named by the change that let the date go, so the same change tried again queues nothing twice.
  const gone = last?.at ?? at;
  const changed: { attendant: Attendant; assignment: Assignment; answerAgain: boolean; page: string }[] = [];
  for (const assignment of assignments) {
    if (holdsBooth(booking.status) && unchanged(assignment, event) && (!before || venueOf(before) === venueOf(booking))) continue;
    // An event already past keeps its crew: it is their record of work, and there is nothing to tell.
    if (!holdsBooth(booking.status) && assignment.eventDate < melbourneToday(services.now())) continue;
    const attendant = await readAttendant(services.kv, assignment.attendantId);
    if (!attendant) continue;
    const page = (await attendantPageUrl(services, attendant.id)) ?? services.config.SITE_ORIGIN;
    if (!holdsBooth(booking.status)) {
      const mails = {
        [`cancelled-${invoiceNumber}-${gone}`]: changedMail(attendant, assignment, { kind: "cancelled" }, page, services.config.OWNER_EMAIL),
        ...(last?.by === "schedule" ? { [`let-go-owner-${invoiceNumber}-${gone}`]: offEventOwnerMail(attendant, event, { kind: "let-go", unproved: !addressProved(booking) }, await ownerPageAction(services, invoiceNumber), services.config.OWNER_EMAIL) } : {}),
      };
      await queueMails(services, { recordKey: attendantKey(attendant.id), mails });
      await services.crew.unassign(attendant.id, invoiceNumber);
      continue;
    }
    // The crew book decides it again at once, whether or not the e-mail waits.
    const decided = await services.crew.assign(attendant, event, at);
    if (decided.ok) {
      changed.push({ attendant, assignment: decided.assignment, answerAgain: assignment.status !== "assigned" && decided.assignment.status === "assigned", page });
      continue;
    }
    // Off the event: told at once (it happens once to each of them).
    await services.crew.unassign(attendant.id, invoiceNumber);
    await queueMails(services, {
      recordKey: attendantKey(attendant.id),
      mails: {
        [`off-${invoiceNumber}-${at}`]: changedMail(attendant, { ...assignment, ...event }, { kind: "off", reason: decided.reason }, page, services.config.OWNER_EMAIL),
        [`off-owner-${invoiceNumber}-${at}`]: offEventOwnerMail(attendant, event, { kind: "clash", reason: decided.reason }, await ownerPageAction(services, invoiceNumber), services.config.OWNER_EMAIL),
      },
    });
  }
  if (!changed.length) return;
  // Whoever can save the booking's details can change it again and again: after the first, an hour's changes go out together at its end.
  const reset = changed.filter((each) => each.answerAgain).map((each) => each.attendant.id);
  if (!(await services.crew.news(invoiceNumber, at, reset)).now) return;
  for (const { attendant, assignment, answerAgain, page } of changed) {
    await queueMails(services, { recordKey: attendantKey(attendant.id), mails: { [`changed-${invoiceNumber}-${at}`]: changedMail(attendant, assignment, { kind: "changed", answerAgain }, page, services.config.OWNER_EMAIL) } });
  }
}

/**
 * The changes to an event that waited for the end of its hour (the crew book's alarm): each
 * attendant still on it is e-mailed the event as it is now, once (named `name`), and asked to
 * answer again when a change in that hour reset their answer (`reset`). Nothing for an event let
 * go meanwhile: its crew heard of that at once.
 */
export async function sendCrewNews(services: FollowDeps, assignments: readonly Assignment[], { name, reset }: { name: string; reset: readonly string[] }): Promise<void> {
  const invoiceNumber = assignments[0]?.invoiceNumber;
  const booking = invoiceNumber ? (await findBooking(services.kv, invoiceNumber))?.booking : null;
  if (!booking || !holdsBooth(booking.status)) return;
  for (const assignment of assignments) {
    const attendant = await readAttendant(services.kv, assignment.attendantId);
    if (!attendant) continue;
    const page = (await attendantPageUrl(services, attendant.id)) ?? services.config.SITE_ORIGIN;
    const answerAgain = assignment.status === "assigned" && reset.includes(attendant.id);
    await queueMails(services, { recordKey: attendantKey(attendant.id), mails: { [`changed-${booking.invoiceNumber}-${name}`]: changedMail(attendant, assignment, { kind: "changed", answerAgain }, page, services.config.OWNER_EMAIL) } });
  }
}
