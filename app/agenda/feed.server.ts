/**
 * The owner's calendar feed (RFC 5545, written by the `ics` package): one event per booking that
 * held its booth, tentative while requested (a completed one says so in its description); bookings declined, cancelled or expired lately stay as
 * cancelled so a phone removes them. The UID, SEQUENCE and times are the client's .ics's too
 * (calendar-parts.ts), so a phone updates the event in place. Each event links
 * to its day's sheet, never to the client's own page, whose address carries the client's key.
 */
import { createEvents, type EventAttributes } from "ics";
import { agenda, business } from "~/business";
import { daySheetUrls } from "~/agenda/tokens.server";
import { eventSequence, eventTimes, eventUid, withCalendarText } from "~/bookings/invoice/calendar-parts";
import type { BookingRecord } from "~/bookings/record/booking";
import { keptItsDate } from "~/bookings/record/lifecycle";
import type { Services } from "~/types/services";
import { addDays, melbourneToday } from "~/utils/melbourne-time";

function statusOf(booking: BookingRecord): EventAttributes["status"] {
  if (!keptItsDate(booking.status)) return "CANCELLED";
  return booking.status === "requested" ? "TENTATIVE" : "CONFIRMED";
}

function eventOf(booking: BookingRecord, siteOrigin: string, sheet: string | undefined): EventAttributes {
  const details = booking.eventDetails;
  const lines = [
    `${booking.boothType}, ${booking.packageDuration} · ${booking.status}`,
    `Client: ${booking.fullName}, ${booking.phoneNumber}, ${booking.email}`,
    ...(details ? [`Contact on the day: ${details.contactName}, ${details.contactMobile}`, ...(details.accessNotes ? [`Access: ${details.accessNotes}`] : [])] : ["Event details not given yet"]),
    ...(sheet ? [`Day sheet: ${sheet}`] : []),
  ];
  return withCalendarText({
    uid: eventUid(booking, siteOrigin),
    sequence: eventSequence(booking),
    ...eventTimes(booking),
    title: `${booking.boothType}: ${booking.fullName} (${booking.invoiceNumber})`,
    location: details?.venueAddress ?? booking.eventLocation,
    description: lines.join("\n"),
    ...(sheet ? { url: sheet } : {}),
    status: statusOf(booking),
    productId: `${business.name}//Owner calendar//EN`,
  });
}

/** The events the feed carries, from `bookings` (those of the window). */
export function feedEvents(bookings: readonly BookingRecord[], now: Date): BookingRecord[] {
  const since = now.getTime() - agenda.cancelledInFeedDays * 86_400_000;
  return bookings.filter((booking) => keptItsDate(booking.status) || Date.parse(booking.history.at(-1)?.at ?? "") >= since);
}

/** The feed's bookings: the last 12 months and every one to come (docs/product-decisions.md, "Years of bookings"), read from the index in one call. */
async function feedBookings(services: Pick<Services, "index" | "now">): Promise<BookingRecord[]> {
  const now = services.now();
  const window = await services.index.find({ kind: "events", from: addDays(melbourneToday(now), -agenda.feedPastDays) });
  return feedEvents(window.map((entry) => entry.booking), now);
}

/** The feed's text; `sheets` has each date's day sheet address (none without `OWNER_DAY_SECRET`). */
export function ownerCalendar(bookings: readonly BookingRecord[], siteOrigin: string, sheets: ReadonlyMap<string, string>): string {
  const { error, value } = createEvents(bookings.map((booking) => eventOf(booking, siteOrigin, sheets.get(booking.eventDate))), { calName: `${business.name} bookings` });
  if (error || !value) throw error ?? new Error("The calendar could not be written");
  return value;
}

/** The feed as the owner's phone reads it: the window's bookings, each linked to its day's sheet. */
export async function ownerFeed(services: Pick<Services, "index" | "now" | "config" | "kv" | "generations">): Promise<string> {
  const bookings = await feedBookings(services);
  const sheets = await daySheetUrls(services, bookings.map((booking) => booking.eventDate));
  return ownerCalendar(bookings, services.config.SITE_ORIGIN, sheets);
}
