/**
 * An attendant's own page, `/crew/{id}?sig=…` (docs/product-decisions.md, "Attendants"): their
 * coming events only, each with a sheet drawn for them from the day sheet's (times, venue and map,
 * booth, what to pack, the contact and the client's name and phone for the day, the owner's note,
 * the print design), with no money, no client's e-mail address and no link to the owner's day sheet
 * or its files; their answer to each assignment (a POST); and their past events and this month's
 * paid hours, for their own records.
 */
import { sheetEvent, type SheetEvent } from "~/agenda/day-sheet.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth, keptItsDate } from "~/bookings/record/lifecycle";
import { findBooking } from "~/bookings/record/record.server";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import type { Attendant, AssignmentStatus } from "./crew";
import { attendantFeedPath, attendantProofSigner } from "./attendants.server";
import { pastWork } from "./hours.server";

/** The day sheet's event without what is not the attendant's: the money owed, the owner's logo, and the rest of the crew; its proof under their own link of it. */
export type OpenSheet = Omit<SheetEvent, "owed" | "logoPath" | "crew"> & { day: string; answer: Exclude<AssignmentStatus, "declined"> };

/** An event they declined: when and which booth only, to take it back while nobody else works it; nothing of its client's. */
export interface DeclinedSheet {
  answer: "declined";
  invoiceNumber: string;
  day: string;
  booth: string;
  hours: string | null;
}

export type AttendantSheet = OpenSheet | DeclinedSheet;

export interface AttendantPageView {
  name: string;
  events: AttendantSheet[];
  /** Their calendar feed, under a read-only link of its own; null without its secret. */
  calendarPath: string | null;
  /** Their past events of the last 90 days and this month's paid hours, for their own records. */
  past: { lines: string[]; monthHours: number };
}

/** How far back their page lists what they worked. */
const pastDays = 90;

export async function attendantPageView(services: Pick<Services, "kv" | "generations" | "crew" | "now" | "config">, attendant: Pick<Attendant, "id" | "name">): Promise<AttendantPageView> {
  const today = melbourneToday(services.now());
  const [assignments, signProof, calendarPath] = await Promise.all([services.crew.ofAttendant(attendant.id, addDays(today, -pastDays)), attendantProofSigner(services, attendant.id), attendantFeedPath(services, attendant.id)]);
  const bookings = await Promise.all(assignments.map(async (assignment) => ({ assignment, booking: (await findBooking(services.kv, assignment.invoiceNumber))?.booking })));
  const coming = bookings.flatMap(({ assignment, booking }) => (booking && assignment.eventDate >= today && holdsBooth(booking.status) ? [{ assignment, booking }] : []));
  const events = await Promise.all(
    coming.map(async ({ assignment, booking }): Promise<AttendantSheet> => {
      const day = formatDateInWords(booking.eventDate);
      if (assignment.status === "declined") {
        const { invoiceNumber, booth, hours } = sheetEvent(booking, { logo: null, proof: null });
        return { answer: "declined", invoiceNumber, day, booth, hours };
      }
      // Its proof under the attendant's own link of it, never the owner's or the client's.
      const proof = signProof && booking.proofs?.length ? `/crew/${attendant.id}/proof/${booking.invoiceNumber}?sig=${await signProof(booking.invoiceNumber)}` : null;
      const { owed: _owed, logoPath: _logo, crew: _crew, ...sheet } = sheetEvent(booking, { logo: null, proof });
      return { ...sheet, day, answer: assignment.status };
    }),
  );
  const kept = new Set(bookings.flatMap(({ booking }) => (booking && keptItsDate(booking.status) ? [booking.invoiceNumber] : [])));
  return { name: attendant.name, events, calendarPath, past: pastWork(assignments, kept, today) };
}

/**
 * The booking whose proof an attendant's `attendant-proof` link opens: while they are on its event
 * and have not declined it, and it holds its date; null for anything else.
 */
export async function bookingOfAttendantProof(services: Pick<Services, "kv" | "crew">, attendantId: string, invoiceNumber: string): Promise<BookingRecord | null> {
  const onIt = (await services.crew.ofEvent(invoiceNumber)).some((assignment) => assignment.attendantId === attendantId && assignment.status !== "declined");
  const booking = onIt ? (await findBooking(services.kv, invoiceNumber))?.booking : null;
  return booking && holdsBooth(booking.status) ? booking : null;
}
