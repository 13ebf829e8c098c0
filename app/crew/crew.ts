/**
 * The crew (docs/product-decisions.md, "Attendants"): the attendants the owner keeps, and who works
 * which event. Shapes and the rules of a crew, pure, so the Durable Object that decides assignments
 * (workers/crew-book.ts), the owner's forms and the tests share them.
 */
import type { BoothType } from "~/pricing";
import { daysBetween, melbourneInstant } from "~/utils/melbourne-time";

/** An attendant as the owner keeps them (KV `attendant:{id}`). */
export interface Attendant {
  kind: "attendant";
  id: string;
  name: string;
  phone: string;
  email: string;
  /** The booths they can run. */
  booths: BoothType[];
  hourlyRateCents: number;
  /** Their Working with Children Check: its number, and the date it expires (YYYY-MM-DD). */
  wwccNumber: string;
  wwccExpires: string;
  addedAt: string;
  /** Set once the owner removed them: kept for past events' records. */
  removedAt?: string;
}

/** What the crew book needs of an event to decide who may work it. */
export interface CrewEvent {
  invoiceNumber: string;
  eventDate: string;
  /** "HH:MM" in Melbourne, or null while the client has not given it: then the whole day. */
  start: string | null;
  hours: number;
  booth: BoothType;
}

export const assignmentStatuses = ["assigned", "accepted", "declined"] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];

export interface Assignment extends CrewEvent {
  attendantId: string;
  status: AssignmentStatus;
  at: string;
}

/** The first change to an event is e-mailed to its crew at once; later ones within this long wait for its end, and go together. */
export const newsWindowMs = 60 * 60_000;

/** An hour either side of the event, to set up and pack down: worked, paid, and kept free of other events. */
export const setUpMinutes = 60;

/** The minutes an event keeps its attendant busy, counted from the first day of the epoch: its hours with an hour either side; with no start time, the whole day. */
export function busyWindow(event: Pick<CrewEvent, "eventDate" | "start" | "hours">): { from: number; to: number } {
  const day = daysBetween("1970-01-01", event.eventDate) * 24 * 60;
  if (!event.start) return { from: day, to: day + 24 * 60 };
  const [hours, minutes] = event.start.split(":").map(Number) as [number, number];
  const start = day + hours * 60 + minutes;
  return { from: start - setUpMinutes, to: start + event.hours * 60 + setUpMinutes };
}

export function overlaps(a: Pick<CrewEvent, "eventDate" | "start" | "hours">, b: Pick<CrewEvent, "eventDate" | "start" | "hours">): boolean {
  const [first, second] = [busyWindow(a), busyWindow(b)];
  return first.from < second.to && second.from < first.to;
}

/** The event's paid hours: its own and the hour either side. */
export function paidHours(event: Pick<CrewEvent, "hours">): number {
  return event.hours + (2 * setUpMinutes) / 60;
}

/**
 * Why `attendant` cannot work `event`, or null when they can: removed, a booth they do not run, a
 * check expired by the event, or another event of theirs (not declined) whose times, with an hour
 * either side, overlap this one's.
 */
export function assignmentRefusal(attendant: Pick<Attendant, "name" | "booths" | "wwccExpires" | "removedAt">, event: CrewEvent, theirs: readonly Assignment[]): string | null {
  if (attendant.removedAt) return `${attendant.name} is no longer on your crew.`;
  if (!attendant.booths.includes(event.booth)) return `${attendant.name} does not run the ${event.booth}.`;
  if (attendant.wwccExpires < event.eventDate) return `${attendant.name}'s Working with Children Check expires on ${attendant.wwccExpires}, before this event.`;
  const clash = theirs.find((other) => other.invoiceNumber !== event.invoiceNumber && other.status !== "declined" && overlaps(other, event));
  if (clash) return `${attendant.name} is already on ${clash.invoiceNumber} that day (${clash.start ? `from ${clash.start}` : "no start time yet, so the whole day"}), within an hour of this event's times.`;
  return null;
}

/** When the event starts, Melbourne time: its start time, or the start of its day without one. */
export function eventStarts(event: Pick<CrewEvent, "eventDate" | "start">): Date {
  return melbourneInstant(event.eventDate, event.start ?? "00:00");
}

/**
 * Why `attendant` cannot give `answer` to `event` at `at`, or null when they can: never once it has
 * started (its hours are worked, or not, by then: the owner settles it); an accept passes the same
 * rules as an assignment, and one that takes back an event they declined is refused once someone
 * else works it (one booth, one attendant paid).
 */
export function answerRefusal(
  attendant: Pick<Attendant, "id" | "name" | "booths" | "wwccExpires" | "removedAt">,
  event: CrewEvent,
  answer: "accepted" | "declined",
  theirs: readonly Assignment[],
  crewOfEvent: readonly Assignment[],
  at: string,
): string | null {
  if (Date.parse(at) >= eventStarts(event).getTime()) return "This event has started: answers are closed. Call the owner.";
  if (answer === "declined") return null;
  const own = crewOfEvent.find((assignment) => assignment.attendantId === attendant.id);
  if (own?.status === "declined" && crewOfEvent.some((other) => other.attendantId !== attendant.id && other.status !== "declined")) return "Someone else works this event now: call the owner if you can help.";
  return assignmentRefusal(attendant, event, theirs);
}
