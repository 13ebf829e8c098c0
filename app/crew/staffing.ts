/**
 * What the owner is warned of about the crew (docs/product-decisions.md, "Attendants"), on the
 * owner's home and in the morning e-mail: events in the next 14 days with no attendant or only
 * ones who declined, and Working with Children Checks expiring within 30 days (or expired). Pure.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { formatDateInWords } from "~/utils/date-words";
import { addDays } from "~/utils/melbourne-time";
import type { Assignment, Attendant } from "./crew";

export const staffingDaysAhead = 14;
export const wwccWarningDays = 30;

/** The attendant's check in a sentence when it expires within `wwccWarningDays` days or has; null otherwise. */
export function wwccWarning(attendant: Pick<Attendant, "name" | "wwccExpires">, today: string): string | null {
  if (attendant.wwccExpires < today) return `${attendant.name}'s Working with Children Check expired on ${formatDateInWords(attendant.wwccExpires)}: they cannot be assigned.`;
  if (attendant.wwccExpires <= addDays(today, wwccWarningDays)) return `${attendant.name}'s Working with Children Check expires on ${formatDateInWords(attendant.wwccExpires)}.`;
  return null;
}

export interface CrewWarnings {
  unstaffed: string[];
  checks: string[];
}

export function crewWarnings(
  bookings: readonly Pick<BookingRecord, "invoiceNumber" | "eventDate" | "boothType" | "status">[],
  assignments: readonly Assignment[],
  attendants: readonly Pick<Attendant, "id" | "name" | "wwccExpires" | "removedAt">[],
  today: string,
): CrewWarnings {
  const until = addDays(today, staffingDaysAhead);
  const names = new Map(attendants.map((attendant) => [attendant.id, attendant.name]));
  const unstaffed = bookings
    .filter((booking) => holdsBooth(booking.status) && booking.eventDate >= today && booking.eventDate <= until)
    .sort((a, b) => a.eventDate.localeCompare(b.eventDate))
    .flatMap((booking) => {
      const onIt = assignments.filter((assignment) => assignment.invoiceNumber === booking.invoiceNumber);
      if (onIt.some((assignment) => assignment.status !== "declined")) return [];
      const why = onIt.length ? `declined by ${onIt.map((assignment) => names.get(assignment.attendantId) ?? "an attendant").join(" and ")}` : "no attendant";
      return [`${formatDateInWords(booking.eventDate)}: ${booking.invoiceNumber}, ${booking.boothType}, ${why}`];
    });
  const checks = attendants.flatMap((attendant) => (attendant.removedAt ? [] : (wwccWarning(attendant, today) ?? [])));
  return { unstaffed, checks };
}
