/**
 * The event's details the client gives on their booking page: when it starts, where, who to call
 * on the day, access and parking, the print's text and a logo. Pure, so the page, the e-mails and
 * the tests agree on what is missing and until when it can change.
 */
import { bookingPage } from "~/business";
import type { Extras } from "~/prices/extras";
import { bookingDurations, durationHours, type BookingDuration } from "~/pricing";
import { daysBetween } from "~/utils/melbourne-time";

export interface StoredLogo {
  /** R2 object name. */
  key: string;
  contentType: LogoType;
  bytes: number;
  uploadedAt: string;
}

export interface EventDetails {
  /** 24-hour "HH:MM", Melbourne time. */
  startTime: string;
  venueAddress: string;
  contactName: string;
  contactMobile: string;
  accessNotes: string;
  /** The print template's lines, as typed (empty lines dropped). */
  printLines: string[];
  logo?: StoredLogo;
  updatedAt: string;
}

export const logoTypes = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoType = (typeof logoTypes)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The image type the bytes are, read from their first bytes (never from a name or a claimed type); null for anything else. */
export function logoTypeOf(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

export const logoExtensions: Record<LogoType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/** R2 object name of a booking's logo: one per booking, replaced by a new upload. */
export function logoKey(invoiceNumber: string): string {
  return `logos/${invoiceNumber}`;
}

/** A booking's time at the event: its package and any extra hours bought with it. */
export interface BookedHours {
  packageDuration: string;
  extras?: Pick<Extras, "extraHours">;
}

export function hoursBooked({ packageDuration, extras }: BookedHours): number {
  const packageHours = bookingDurations.includes(packageDuration as BookingDuration) ? durationHours(packageDuration as BookingDuration) : 0;
  return packageHours + (extras?.extraHours ?? 0);
}

/** "HH:MM" when the hours booked are over, on a 24-hour clock (an event may end after midnight). */
export function finishTime(startTime: string, booked: BookedHours): string {
  const hours = hoursBooked(booked);
  const [hour, minute] = startTime.split(":").map(Number) as [number, number];
  const end = (hour * 60 + minute + hours * 60) % (24 * 60);
  return `${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}`;
}

/** "18:30" → "6:30 pm". */
export function formatTime(time: string): string {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const suffix = hour < 12 ? "am" : "pm";
  return `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${suffix}`;
}

/** What is still to give, in words; empty when every required detail is there. */
export function missingDetails(details: EventDetails | undefined): string[] {
  if (!details) return ["start time", "venue address", "contact on the day"];
  return [
    ...(details.startTime ? [] : ["start time"]),
    ...(details.venueAddress ? [] : ["venue address"]),
    ...(details.contactName && details.contactMobile ? [] : ["contact on the day"]),
  ];
}

/** Whether the details may still change on `today` (Melbourne): until `detailsLockDaysBeforeEvent` days before the event. */
export function detailsEditable(eventDate: string, today: string): boolean {
  return daysBetween(today, eventDate) >= bookingPage.detailsLockDaysBeforeEvent;
}

/** Said beside the logo's field when it is too large, by the server and by the page before it sends one. */
export const logoTooLarge = `The logo must be ${bookingPage.logoMaxBytes / (1024 * 1024)} MB or smaller.`;

/** The logo's type when it is an image we take and not too large, or what is wrong with it. */
export function checkLogo(bytes: Uint8Array): { ok: true; type: LogoType } | { ok: false; error: string } {
  const type = logoTypeOf(bytes);
  if (!type) return { ok: false, error: "The logo must be a PNG, JPEG or WebP image (other files, SVG included, are not accepted)." };
  if (bytes.byteLength > bookingPage.logoMaxBytes) return { ok: false, error: logoTooLarge };
  return { ok: true, type };
}

type DetailRow = readonly [label: string, value: string];

/** The details as labelled rows, for e-mails and the page. */
export function detailRows(details: EventDetails, booked: BookedHours): DetailRow[] {
  return [
    ["Start time", formatTime(details.startTime)],
    ["Finish time", formatTime(finishTime(details.startTime, booked))],
    ["Venue address", details.venueAddress],
    ["Contact on the day", `${details.contactName}, ${details.contactMobile}`],
    ["Access and parking", details.accessNotes || "—"],
    ["Print text", details.printLines.join(" / ") || "—"],
    ["Logo", details.logo ? `${logoExtensions[details.logo.contentType].toUpperCase()}, ${Math.ceil(details.logo.bytes / 1024)} KB` : "—"],
  ];
}

/** The rows that are new or different from `before` (all of them the first time), each saying what it was. */
export function changedDetailRows(before: EventDetails | undefined, after: EventDetails, booked: BookedHours): DetailRow[] {
  if (!before) return detailRows(after, booked);
  const old = new Map(detailRows(before, booked));
  const logoReplaced = after.logo !== undefined && after.logo.uploadedAt !== before.logo?.uploadedAt;
  return detailRows(after, booked)
    .filter(([label, value]) => old.get(label) !== value || (label === "Logo" && logoReplaced))
    .map(([label, value]): DetailRow => [label, `${value} (was: ${old.get(label)})`]);
}
