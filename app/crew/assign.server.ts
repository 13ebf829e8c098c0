/**
 * Assigning attendants from the owner's page of a booking (docs/product-decisions.md, "Attendants"):
 * who is on the event and whether they accepted, and who else could be, each with why not; an
 * assignment is decided by the crew book (app/crew/crew-book.ts), and the attendant is e-mailed
 * their page.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { hoursBooked } from "~/bookings/record/event-details";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { queueMails } from "~/mail/queue.server";
import { attendantKey } from "~/storage-keys";
import type { Services } from "~/types/services";
import { addDays } from "~/utils/melbourne-time";
import { attendantPageUrl, listAttendants, readAttendant, type CrewOutcome } from "./attendants.server";
import { assignmentRefusal, type AssignmentStatus, type CrewEvent } from "./crew";
import { assignedMail } from "./mails.server";

/** What the crew book needs of a booking: its date, start time (none yet: the whole day), hours and booth. */
export function crewEventOf(booking: BookingRecord): CrewEvent {
  return { invoiceNumber: booking.invoiceNumber, eventDate: booking.eventDate, start: booking.eventDetails?.startTime ?? null, hours: hoursBooked(booking), booth: booking.boothType };
}

export interface BookingCrew {
  assigned: { id: string; name: string; status: AssignmentStatus }[];
  /** Everyone on the crew not on it, and why they cannot be when they cannot. */
  others: { id: string; name: string; refusal: string | null }[];
  /** Whether the booking still holds its date, so it can be staffed. */
  open: boolean;
}

export async function bookingCrew(services: Pick<Services, "kv" | "crew">, booking: BookingRecord): Promise<BookingCrew> {
  const event = crewEventOf(booking);
  const [attendants, onIt] = await Promise.all([listAttendants(services.kv), services.crew.ofEvent(booking.invoiceNumber)]);
  const names = new Map(attendants.map((attendant) => [attendant.id, attendant.name]));
  const others = await Promise.all(
    attendants
      .filter((attendant) => !attendant.removedAt && !onIt.some((assignment) => assignment.attendantId === attendant.id))
      .map(async (attendant) => ({ id: attendant.id, name: attendant.name, refusal: assignmentRefusal(attendant, event, await services.crew.ofAttendant(attendant.id, addDays(event.eventDate, -1))) })),
  );
  return { assigned: onIt.map((assignment) => ({ id: assignment.attendantId, name: names.get(assignment.attendantId) ?? assignment.attendantId, status: assignment.status })), others, open: holdsBooth(booking.status) };
}

/** Puts the attendant on the booking's event, unless a rule refuses it; the attendant is e-mailed their page. */
export async function assignAttendant(services: Pick<Services, "kv" | "generations" | "crew" | "config" | "now" | "deliveries" | "mailQueue">, booking: BookingRecord, attendantId: string): Promise<CrewOutcome> {
  if (!holdsBooth(booking.status)) return { ok: false, said: `This booking is ${booking.status}: there is no event to staff.` };
  const attendant = await readAttendant(services.kv, attendantId);
  if (!attendant) return { ok: false, said: "That attendant is no longer on your crew." };
  const at = services.now().toISOString();
  const decided = await services.crew.assign(attendant, crewEventOf(booking), at);
  if (!decided.ok) return { ok: false, said: decided.reason };
  if (decided.assignment.at !== at) return { ok: true, said: `${attendant.name} was on this event already.` };
  const page = await attendantPageUrl(services, attendantId);
  if (page) await queueMails(services, { recordKey: attendantKey(attendantId), mails: { [`assigned-${booking.invoiceNumber}-${at}`]: assignedMail(attendant, decided.assignment, page, services.config.OWNER_EMAIL) } });
  return { ok: true, said: `${attendant.name} is on this event${page ? ", and has been e-mailed their page to accept it" : ""}.` };
}

export async function unassignAttendant(services: Pick<Services, "kv" | "crew">, booking: BookingRecord, attendantId: string): Promise<CrewOutcome> {
  const attendant = await readAttendant(services.kv, attendantId);
  await services.crew.unassign(attendantId, booking.invoiceNumber);
  return { ok: true, said: `${attendant?.name ?? "The attendant"} is off this event.` };
}
