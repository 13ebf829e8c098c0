/**
 * Moving a booking's date (docs/product-decisions.md, "Changes, cancellations and refunds"): while
 * the event is more than 14 days away and the booking holds a booth, to a free date from tomorrow
 * to 6 months after the booking's original event date. Pure, so the page and the tests agree.
 */
import { business, paymentTerms, policy } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { isKeepsake } from "~/bookings/record/photos";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, daysBetween } from "~/utils/melbourne-time";

export type MoveWindow = { open: true; from: string; to: string } | { open: false; reason: string };

/** The same day `months` months later, or the month's last day when it has none (31 August + 6 months = 28 February). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return `${target.getUTCFullYear()}-${String(target.getUTCMonth() + 1).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** The first event date the booking had, before any move. */
export function originalEventDate(booking: Pick<BookingRecord, "eventDate" | "moves">): string {
  return booking.moves?.[0]?.from ?? booking.eventDate;
}

export function moveWindow(booking: Pick<BookingRecord, "status" | "eventDate" | "moves">, today: string): MoveWindow {
  const call = `Please call us on ${business.phone.display} and we will see what we can do.`;
  if (isKeepsake(booking, today)) return { open: false, reason: "The event has taken place, so its date can no longer be changed." };
  if (!holdsBooth(booking.status)) return { open: false, reason: `This booking is ${booking.status}, so its date cannot be changed. ${call}` };
  if (daysBetween(today, booking.eventDate) <= paymentTerms.balanceDueDaysBeforeEvent) {
    return { open: false, reason: `The event is ${paymentTerms.balanceDueDaysBeforeEvent} days away or less, so its date can no longer be changed online. ${call}` };
  }
  return { open: true, from: addDays(today, 1), to: addMonths(originalEventDate(booking), policy.depositTransferMonths) };
}

/** Why `date` cannot be the new date, or null when it is in the window and not the current date. */
export function refuseMoveTo(booking: Pick<BookingRecord, "status" | "eventDate" | "moves">, today: string, date: string): string | null {
  const window = moveWindow(booking, today);
  if (!window.open) return window.reason;
  if (date === booking.eventDate) return "That is already the booking's date.";
  if (date < window.from || date > window.to) return `Please choose a date from ${formatDateInWords(window.from)} to ${formatDateInWords(window.to)}.`;
  return null;
}
