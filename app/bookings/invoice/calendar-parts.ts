/**
 * What the client's calendar file and the owner's feed say alike about a booking's event, so a
 * phone that has both shows one event at one time: its UID, its sequence, when it is, and text a
 * calendar file can carry.
 */
import type { DateArray, EventAttributes } from "ics";
import type { BookingRecord } from "~/bookings/record/booking";
import { hoursBooked } from "~/bookings/record/event-details";
import { addDays, melbourneInstant } from "~/utils/melbourne-time";

/** The booking's own UID: importing a file again, or the feed, updates the event instead of adding one. */
export function eventUid(booking: BookingRecord, siteOrigin: string): string {
  return `${booking.invoiceNumber}@${new URL(siteOrigin).host}`;
}

/** How many times the booking changed in ways its event shows: status, date, acceptance, details. */
export function eventSequence(booking: BookingRecord): number {
  return booking.history.length - 1 + (booking.moves?.length ?? 0) + (booking.acceptance ? 1 : 0) + (booking.eventDetails ? 1 : 0);
}

function dateArray(isoDate: string): DateArray {
  return isoDate.split("-").map(Number) as [number, number, number];
}

function utcArray(instant: Date): DateArray {
  return [instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate(), instant.getUTCHours(), instant.getUTCMinutes()];
}

/** When an event is, as the `ics` package takes it. */
export interface EventTimes {
  start: DateArray;
  end: DateArray;
  startInputType?: "utc";
  startOutputType?: "utc";
  endInputType?: "utc";
  endOutputType?: "utc";
}

/**
 * All day on the event date until the client gives a start time, so no time zone can move it; then
 * from that time in Melbourne for the hours booked, written in UTC so every calendar reads the same instant.
 */
export function eventTimes(booking: BookingRecord): EventTimes {
  const start = booking.eventDetails?.startTime;
  if (!start) return { start: dateArray(booking.eventDate), end: dateArray(addDays(booking.eventDate, 1)) };
  const begins = melbourneInstant(booking.eventDate, start);
  const ends = new Date(begins.getTime() + hoursBooked(booking) * 3_600_000);
  return { start: utcArray(begins), end: utcArray(ends), startInputType: "utc", startOutputType: "utc", endInputType: "utc", endOutputType: "utc" };
}

const lineEnds = /\r\n?|\u0085/g;
const controlsButLineFeeds = /(?!\n)\p{Cc}/gu;

/**
 * Text as a calendar file may carry it. The `ics` package escapes line feeds only: a carriage
 * return (or another control character) in a name stored before the forms dropped them
 * (docs/product-decisions.md, "Bad input") would reach the file raw and end its line there, so
 * every line end becomes a line feed (escaped as `\n`), a tab a space, and other control characters go.
 */
export function calendarText(text: string): string {
  return text.replace(lineEnds, "\n").replaceAll("\t", " ").replace(controlsButLineFeeds, "");
}

type TextAttributes = Pick<EventAttributes, "title" | "location" | "description">;

/** An event with its title, location and description made safe with `calendarText`. */
export function withCalendarText<T extends TextAttributes>(event: T): T {
  const texts = (["title", "location", "description"] as const).flatMap((name) => {
    const value = event[name];
    return value === undefined ? [] : [[name, calendarText(value)]];
  });
  return { ...event, ...Object.fromEntries(texts) };
}
