/**
 * An attendant's calendar feed, `/crew/{id}/calendar.ics?sig=…` (docs/product-decisions.md,
 * "Attendants"): their events of the last 30 days and to come, read-only, under their own link.
 * Each event has its own UID (the booking's and the attendant's), its times as the client gave
 * them (the whole day until then), and no link: the feed ends up on calendar servers and in shared
 * calendars, so it carries nothing that opens their page or acts; no money, no client e-mail,
 * nothing of the owner's. An event they declined shows as cancelled; one they were taken off (it was cancelled,
 * or moved onto another of theirs) leaves the feed, and a subscribed calendar drops it.
 */
import { createEvents, type EventAttributes } from "ics";
import { business } from "~/business";
import { eventSequence, eventTimes, withCalendarText } from "~/bookings/invoice/calendar-parts";
import { keptItsDate } from "~/bookings/record/lifecycle";
import { findBooking } from "~/bookings/record/record.server";
import type { Services } from "~/types/services";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import type { Attendant } from "./crew";

/** How far back the feed keeps an attendant's events: long enough to look back on a month's work. */
const pastDays = 30;

export async function attendantFeed(services: Pick<Services, "kv" | "crew" | "now" | "config">, attendant: Pick<Attendant, "id" | "name">): Promise<string> {
  const assignments = await services.crew.ofAttendant(attendant.id, addDays(melbourneToday(services.now()), -pastDays));
  const host = new URL(services.config.SITE_ORIGIN).host;
  const events = await Promise.all(
    assignments.map(async (assignment): Promise<EventAttributes[]> => {
      const booking = (await findBooking(services.kv, assignment.invoiceNumber))?.booking;
      if (!booking) return [];
      const on = keptItsDate(booking.status) && assignment.status !== "declined";
      const details = booking.eventDetails;
      return [
        withCalendarText({
          uid: `${booking.invoiceNumber}-${attendant.id}@${host}`,
          sequence: eventSequence(booking),
          ...eventTimes(booking),
          title: `${booking.boothType} (${booking.invoiceNumber})`,
          location: details?.venueAddress || booking.eventLocation,
          description: [`${booking.boothType}, ${booking.packageDuration}`, details ? `Contact on the day: ${details.contactName}, ${details.contactMobile}` : "Event details not given yet", "Your page (the link in your e-mails) has the sheet."].join("\n"),
          // Confirmed once they accepted, tentative until then.
          status: !on ? "CANCELLED" : assignment.status === "accepted" ? "CONFIRMED" : "TENTATIVE",
          productId: `${business.name}//Attendant calendar//EN`,
        }),
      ];
    }),
  );
  const { error, value } = createEvents(events.flat(), { calName: `${attendant.name}'s events with ${business.name}` });
  if (error || !value) throw error ?? new Error("The calendar could not be written");
  return value;
}
