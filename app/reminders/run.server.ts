/**
 * The schedule's reminder pass: every booking that holds a booth is asked which reminders are due
 * today (Melbourne, from the run's scheduled time), and each one not already on the booking's
 * e-mail record is queued under its own name. The queue writes each send onto the booking through
 * its ledger, so a second run the same day, or the next, finds it there and sends nothing twice.
 */
import { invoicePath } from "~/bookings/record/addresses";
import { ownerPageAction } from "~/bookings/record/owner-links.server";
import { keptItsDate } from "~/bookings/record/lifecycle";
import { queueMails } from "~/mail/queue.server";
import { dueReminders } from "~/reminders/due";
import { reminderMails } from "~/reminders/mails.server";
import type { Services } from "~/types/services";
import { bookingKey } from "~/storage-keys";
import { addDays, melbourneToday } from "~/utils/melbourne-time";

type ReminderDeps = Pick<Services, "config" | "kv" | "generations" | "now" | "deliveries" | "mailQueue" | "index">;

/** Sends what is due; returns "{invoice number} {reminder}" for each reminder queued. */
export async function sendDueReminders(services: ReminderDeps): Promise<string[]> {
  const now = services.now();
  const today = melbourneToday(now);
  // The last reminder (thank you) is the day after the event, made good a day later at most: older events are not opened.
  const bookings = (await services.index.find({ kind: "events", from: addDays(today, -3) })).filter(({ booking }) => keptItsDate(booking.status));
  const queued: string[] = [];
  for (const { booking } of bookings) {
    const key = bookingKey(booking.eventDate, booking.invoiceNumber);
    const due = dueReminders(booking, today).filter((reminder) => !(reminder.name in (booking.emailDelivery ?? {})));
    if (!due.length) continue;
    const page = `${services.config.SITE_ORIGIN}${invoicePath(booking.invoiceNumber, booking.invoiceSecret)}`;
    const [ownerPage] = due.some((reminder) => reminder.kind === "overdue") ? await ownerPageAction(services, booking.invoiceNumber) : [];
    const mails = Object.assign({}, ...due.map((reminder) => reminderMails(reminder, booking, { page, ownerPage: ownerPage ?? null }, services.config.OWNER_EMAIL)));
    await queueMails(services, { recordKey: key, mails });
    queued.push(...due.map((reminder) => `${booking.invoiceNumber} ${reminder.name}`));
  }
  return queued;
}
