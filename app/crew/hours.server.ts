/**
 * Each attendant's paid hours in a month, for payroll (docs/product-decisions.md, "Attendants"):
 * every event of the month they accepted that kept its date, paid for its hours and an hour either
 * side (`paidHours`), at their hourly rate. On the owner's home, and as a CSV of its own
 * (`/owner/crew-hours.csv?month=YYYY-MM&token=…`, kind `crew-hours`, read-only).
 */
import { stringify } from "csv-stringify/browser/esm/sync";
import { spreadsheetCsvOptions } from "~/utils/csv";
import { keptItsDate } from "~/bookings/record/lifecycle";
import { findBooking } from "~/bookings/record/record.server";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { addDays } from "~/utils/melbourne-time";
import { listAttendants } from "./attendants.server";
import { paidHours, type Assignment, type Attendant } from "./crew";

export interface HoursRow {
  name: string;
  events: string[];
  hours: number;
  rateCents: number;
  payCents: number;
}

/** The month's rows, one per attendant who worked in it, by name. Pure: `kept` names the events that kept their date. */
export function hoursRows(assignments: readonly Assignment[], attendants: readonly Pick<Attendant, "id" | "name" | "hourlyRateCents">[], kept: ReadonlySet<string>): HoursRow[] {
  return attendants
    .map((attendant) => {
      const worked = assignments.filter((assignment) => assignment.attendantId === attendant.id && assignment.status === "accepted" && kept.has(assignment.invoiceNumber));
      const hours = worked.reduce((sum, assignment) => sum + paidHours(assignment), 0);
      return { name: attendant.name, events: worked.map((assignment) => assignment.invoiceNumber), hours, rateCents: attendant.hourlyRateCents, payCents: Math.round(hours * attendant.hourlyRateCents) };
    })
    .filter((row) => row.events.length)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * An attendant's own record of their work, for their page: each past event they accepted that kept
 * its date (`kept`), latest first, with its paid hours, and the paid hours of this month so far. Pure.
 */
export function pastWork(assignments: readonly Assignment[], kept: ReadonlySet<string>, today: string): { lines: string[]; monthHours: number } {
  const worked = assignments
    .filter((assignment) => assignment.eventDate < today && assignment.status === "accepted" && kept.has(assignment.invoiceNumber))
    .sort((a, b) => b.eventDate.localeCompare(a.eventDate));
  return {
    lines: worked.map((assignment) => `${formatDateInWords(assignment.eventDate)}: ${assignment.booth} (${assignment.invoiceNumber}), ${paidHours(assignment)} paid hours`),
    monthHours: worked.filter((assignment) => assignment.eventDate.startsWith(today.slice(0, 7))).reduce((sum, assignment) => sum + paidHours(assignment), 0),
  };
}

/** The first and last day of `month` (YYYY-MM). */
function monthDays(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${addDays(from, 31).slice(0, 7)}-01`, -1) };
}

export async function monthHours(services: Pick<Services, "kv" | "crew">, month: string): Promise<HoursRow[]> {
  const { from, to } = monthDays(month);
  const [assignments, attendants] = await Promise.all([services.crew.between(from, to), listAttendants(services.kv)]);
  const accepted = [...new Set(assignments.filter((assignment) => assignment.status === "accepted").map((assignment) => assignment.invoiceNumber))];
  const bookings = await Promise.all(accepted.map(async (invoiceNumber) => (await findBooking(services.kv, invoiceNumber))?.booking));
  const kept = new Set(bookings.flatMap((booking) => (booking && keptItsDate(booking.status) ? [booking.invoiceNumber] : [])));
  return hoursRows(assignments, attendants, kept);
}

const header = ["Attendant", "Events", "Paid hours", "Hourly rate (AUD)", "Pay (AUD)"];

/** The month's hours as RFC 4180 CSV, as the accountant's export writes it (a byte-order mark, every cell quoted, formulas guarded). */
export function hoursCsv(rows: readonly HoursRow[]): string {
  return stringify([header, ...rows.map((row) => [row.name, row.events.join(" "), row.hours, row.rateCents / 100, row.payCents / 100])], spreadsheetCsvOptions);
}
