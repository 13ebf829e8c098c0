/**
 * The owner's day sheet (docs/product-decisions.md, "Print design proofs and the owner's day
 * sheet"): one page per date with everything the attendant needs for each event that day, in the
 * order they must arrive. Its bookings come from the index of bookings by date in one call, so a
 * sheet costs the same however many bookings were ever stored.
 */
import { agenda } from "~/business";
import { isDaySheetToken } from "~/agenda/tokens.server";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { findBooking } from "~/bookings/record/record.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { finishTime, formatTime } from "~/bookings/record/event-details";
import { keptItsDate } from "~/bookings/record/lifecycle";
import { proofStatus, type ProofStatus } from "~/bookings/record/proofs";
import { isIsoDate } from "~/content/dates";
import { packingList } from "~/prices/extras";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";
import { listAttendants } from "~/crew/attendants.server";

/** A phone number as typed, and the `tel:` address a tap on it dials. */
export interface Phone {
  number: string;
  href: string;
}

export interface SheetEvent {
  invoiceNumber: string;
  status: BookingRecord["status"];
  /** "5:30 pm", an hour before the start; null until the client gives a start time. */
  arrival: string | null;
  /** "6:30 pm to 9:30 pm"; null until the client gives a start time. */
  hours: string | null;
  /** "Open Booth, 3 Hours", and any extra hours. */
  booth: string;
  /** The add-ons and backdrop to pack besides the booth. */
  packing: string[];
  /** The venue's street address, or only the suburb while the client has not given it. */
  venue: { address: string; given: boolean; mapsUrl: string };
  contact: { name: string; phone: Phone } | null;
  client: { name: string; phone: Phone };
  accessNotes: string;
  printLines: string[];
  /** The owner's note for the day (from their page of the booking), or "". */
  ownerNote: string;
  /** The client's logo, under the sheet's own token; null without a logo. */
  logoPath: string | null;
  proof: string;
  /** The proof that will be printed (the last version), under the sheet's own token; null without one. */
  proofFile: { path: string; version: number; image: boolean } | null;
  owed: string;
  /** Who works it and their answer ("Lan (accepted)"), or that no one does yet: the owner's sheet only. */
  crew: string;
}

interface DaySheet {
  date: string;
  /** "Saturday 14 March 2027". */
  day: string;
  events: SheetEvent[];
}

function phone(number: string): Phone {
  return { number, href: `tel:${number.replace(/[^\d+]/g, "")}` };
}

/**
 * A Google Maps search address: it opens the Maps app on Android and iPhone (the browser where
 * the app is missing) and works from a printed sheet or a desktop too, where a `geo:` address does
 * nothing on an iPhone or a computer.
 */
function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** Minutes after midnight of the arrival, before the start; negative when that is the evening before. */
function arrivalMinutes(startTime: string): number {
  const [hour, minute] = startTime.split(":").map(Number) as [number, number];
  return hour * 60 + minute - agenda.arrivalMinutesBeforeStart;
}

function clockTime(minutes: number): string {
  const wrapped = (minutes + 24 * 60) % (24 * 60);
  return `${String(Math.floor(wrapped / 60)).padStart(2, "0")}:${String(wrapped % 60).padStart(2, "0")}`;
}

/** The proof as the sheet states it: on the day, an unanswered or sent-back proof is printed as it is. */
export function proofLine(status: ProofStatus): string {
  switch (status.state) {
    case "none":
      return "No proof yet";
    case "approved":
      return `Approved: version ${status.proof.version}`;
    case "waiting":
      return `Not approved: version ${status.proof.version} will be printed`;
    case "changes-asked":
      return `Not approved: version ${status.proof.version} will be printed (the client asked for changes)`;
  }
}

/**
 * The files a sheet's event shows, each under the sheet's own token (`/owner/day/{date}/{number}/…`):
 * its logo's address, and the one under which each version of its proof is. Read-only, like the
 * sheet: a sheet links nothing that acts (docs/product-decisions.md, "Links and what each may do"),
 * so it never carries the owner's proof link, which uploads.
 */
export interface SheetPaths {
  logo: string | null;
  proof: string | null;
}

export function sheetEvent(booking: BookingRecord, paths: SheetPaths, crew: readonly string[] = []): SheetEvent {
  const details = booking.eventDetails;
  const start = details?.startTime;
  const owing = amountsDue(billableOf(booking)).owingCents;
  const address = details?.venueAddress || booking.eventLocation;
  const extraHours = booking.extras?.extraHours ?? 0;
  const proof = proofStatus(booking.proofs);
  return {
    invoiceNumber: booking.invoiceNumber,
    status: booking.status,
    arrival: start ? formatTime(clockTime(arrivalMinutes(start))) : null,
    hours: start ? `${formatTime(start)} to ${formatTime(finishTime(start, booking))}` : null,
    booth: `${booking.boothType}, ${booking.packageDuration}${extraHours ? ` and ${extraHours} extra ${extraHours === 1 ? "hour" : "hours"}` : ""}`,
    packing: packingList(booking.extras),
    venue: { address, given: Boolean(details?.venueAddress), mapsUrl: mapsUrl(address) },
    contact: details?.contactName && details.contactMobile ? { name: details.contactName, phone: phone(details.contactMobile) } : null,
    client: { name: booking.fullName, phone: phone(booking.phoneNumber) },
    accessNotes: details?.accessNotes ?? "",
    printLines: details?.printLines ?? [],
    ownerNote: booking.dayNote?.text ?? "",
    logoPath: paths.logo,
    proof: proofLine(proof),
    proofFile: proof.state !== "none" && paths.proof ? { path: proofFilePath(paths.proof, proof.proof.version), version: proof.proof.version, image: proof.proof.contentType !== "application/pdf" } : null,
    owed: owing ? `${formatCents(owing)} still owed` : "Paid in full",
    crew: crew.length ? crew.join(", ") : "No attendant yet",
  };
}

/** A version's file is at the proof's address plus its number: `/owner/day/{date}/{number}/proof/{version}?token=…`. */
function proofFilePath(proofPage: string, version: number): string {
  const [path, query] = proofPage.split("?");
  return `${path}/${version}?${query}`;
}

/** By arrival time; events without a start time last, by invoice number. */
export function byArrival(bookings: readonly BookingRecord[]): BookingRecord[] {
  const key = (booking: BookingRecord) => (booking.eventDetails?.startTime ? arrivalMinutes(booking.eventDetails.startTime) : Infinity);
  return [...bookings].sort((a, b) => key(a) - key(b) || a.invoiceNumber.localeCompare(b.invoiceNumber));
}

const assignmentWords = { assigned: "not answered yet", accepted: "accepted", declined: "declined" } as const;

type SheetDeps = Pick<Services, "index" | "config" | "kv" | "generations" | "now" | "crew">;

/** The sheet of `date`: its requested and confirmed bookings, each logo and proof under the sheet's own token. */
async function daySheet(services: SheetDeps, date: string, token: string): Promise<DaySheet> {
  const [found, assignments] = await Promise.all([services.index.find({ kind: "events", from: date, to: date }), services.crew.between(date, date)]);
  // The attendants' names only when someone works the day: a sheet stays a handful of reads.
  const attendants = assignments.length ? await listAttendants(services.kv) : [];
  const bookings = byArrival(found.map((entry) => entry.booking).filter((booking) => keptItsDate(booking.status)));
  const names = new Map(attendants.map((attendant) => [attendant.id, attendant.name]));
  const crewOf = (invoiceNumber: string) =>
    assignments.filter((assignment) => assignment.invoiceNumber === invoiceNumber).map((assignment) => `${names.get(assignment.attendantId) ?? "An attendant"} (${assignmentWords[assignment.status]})`);
  const events = bookings.map((booking) => {
    const path = (file: string, wanted: unknown) => (wanted ? `/owner/day/${date}/${booking.invoiceNumber}/${file}?token=${token}` : null);
    return sheetEvent(booking, { logo: path("logo", booking.eventDetails?.logo), proof: path("proof", booking.proofs?.length) }, crewOf(booking.invoiceNumber));
  });
  return { date, day: formatDateInWords(date), events };
}

/** Whether `token` opens the sheet of `date` today: a real date, the token current for it, and the sheet not past its time. */
async function opensSheet(services: SheetDeps, date: string, token: string): Promise<boolean> {
  return isIsoDate(date) && isDaySheetToken(services, date, token, melbourneToday(services.now()));
}

/** The sheet a signed address names, or null for a date that is not one, a token that is not that date's, or a sheet past its time. */
export async function openDaySheet(services: SheetDeps, date: string | undefined, token: string | null): Promise<DaySheet | null> {
  if (!date || !token || !(await opensSheet(services, date, token))) return null;
  return daySheet(services, date, token);
}

/** A booking on the sheet of `date`, for its logo and proof files; null unless the token opens that sheet and the booking is on it. */
export async function bookingOnDaySheet(services: SheetDeps, date: string | undefined, number: string | undefined, token: string | null): Promise<BookingRecord | null> {
  if (!date || !number || !token || !(await opensSheet(services, date, token))) return null;
  const booking = (await findBooking(services.kv, number))?.booking;
  return booking && booking.eventDate === date && keptItsDate(booking.status) ? booking : null;
}
