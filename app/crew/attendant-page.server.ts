/**
 * An attendant's own page, `/crew/{id}?sig=…` (docs/product-decisions.md, "Attendants"): their
 * coming events only, each with a sheet drawn for them from the day sheet's (times, venue and map,
 * booth, what to pack, the contact and the client's name and phone for the day, the owner's note,
 * the print design), with no money, no client's e-mail address and no link to the owner's day sheet
 * or its files; their answer to each assignment (a POST); and their past events and this month's
 * paid hours, for their own records.
 */
import { sheetEvent, type SheetEvent } from "~/agenda/day-sheet.server";
import { holdsBooth, keptItsDate } from "~/bookings/record/lifecycle";
import { findBooking } from "~/bookings/record/record.server";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import type { Attendant, AssignmentStatus } from "./crew";
import { pastWork } from "./hours.server";

/** The day sheet's event without what is not the attendant's: the money owed, the owner's logo and proof files, and the rest of the crew. */
export type AttendantSheet = Omit<SheetEvent, "owed" | "logoPath" | "proofFile" | "crew"> & { day: string; answer: AssignmentStatus };

export interface AttendantPageView {
  name: string;
  events: AttendantSheet[];
  /** Their calendar feed, under the same link: the page's address with `/calendar.ics` before its query. */
  calendarPath: string;
  /** Their past events of the last 90 days and this month's paid hours, for their own records. */
  past: { lines: string[]; monthHours: number };
}

/** How far back their page lists what they worked. */
const pastDays = 90;

export async function attendantPageView(services: Pick<Services, "kv" | "crew" | "now">, attendant: Pick<Attendant, "id" | "name">, query: URLSearchParams): Promise<AttendantPageView> {
  const today = melbourneToday(services.now());
  const assignments = await services.crew.ofAttendant(attendant.id, addDays(today, -pastDays));
  const bookings = await Promise.all(assignments.map(async (assignment) => ({ assignment, booking: (await findBooking(services.kv, assignment.invoiceNumber))?.booking })));
  const events = bookings.flatMap(({ assignment, booking }) => {
    if (!booking || assignment.eventDate < today || !holdsBooth(booking.status)) return [];
    const { owed: _owed, logoPath: _logo, proofFile: _proof, crew: _crew, ...sheet } = sheetEvent(booking, { logo: null, proof: null });
    return [{ ...sheet, day: formatDateInWords(booking.eventDate), answer: assignment.status }];
  });
  const kept = new Set(bookings.flatMap(({ booking }) => (booking && keptItsDate(booking.status) ? [booking.invoiceNumber] : [])));
  return { name: attendant.name, events, calendarPath: `/crew/${attendant.id}/calendar.ics?sig=${query.get("sig") ?? ""}`, past: pastWork(assignments, kept, today) };
}

/** The attendant's answer to one of their assignments; false when they are not on that event. */
export async function answerAssignment(services: Pick<Services, "crew" | "now">, attendantId: string, invoiceNumber: string, answer: "accepted" | "declined"): Promise<boolean> {
  return (await services.crew.answer(attendantId, invoiceNumber, answer, services.now().toISOString())) !== null;
}
