/**
 * The owner's morning e-mail, from the first scheduled run of each Melbourne day and only when it
 * has something in it: the coming week's events with what to pack for
 * each, requests waiting for an answer, overdue payments, refunds to make, e-mails that failed,
 * yesterday's new bookings their ledger could not take, payment mismatches, the coming three weeks' print designs not approved yet, the past events whose
 * photos are not posted though the thank-you e-mail's promise has run out (each booking to act on
 * with its owner's page, signed that morning, so one is always at hand however old the booking),
 * today's and tomorrow's day sheets, the next 14 days' events with no attendant (or only declined
 * ones) and the attendants' checks expiring within 30 days. It hands on nothing the owner would
 * not forward (docs/product-decisions.md, "Links and what each may do"; attendants have their own
 * pages, so it need not be forwarded at all): the day sheets, which expire a week after their day,
 * and the owner's page of each booking it asks them to act on, one booking each, taken back on its
 * own. No link to the owner's home (every booking, refund, block and code, never expiring), nor to
 * the calendar feed (every client's name, phone and e-mail, never expiring) or the accountant's
 * export and Xero files (every client's money): the feed and the export come from
 * `npm run owner:links`, the feed and the Xero files from the home.
 */
import { agenda, reminders } from "~/business";
import { daySheetUrls } from "~/agenda/tokens.server";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { overdueInstalments } from "~/bookings/record/autopay-due";
import { autopayFailures } from "~/bookings/record/autopay-failures";
import { declineInWords } from "~/bookings/record/autopay-words";
import type { BookingRecord } from "~/bookings/record/booking";
import { finishTime, formatTime, missingDetails } from "~/bookings/record/event-details";
import { keptItsDate } from "~/bookings/record/lifecycle";
import { proofStatus } from "~/bookings/record/proofs";
import { ownerLinkSigner } from "~/bookings/record/owner-links.server";
import { photosLookBack, photosOverdue } from "~/bookings/record/photos";
import type { AddressKeys } from "~/links/signing.server";
import { toOwnerAlone, type Link } from "~/mail/letter.server";
import { packingList } from "~/prices/extras";
import { emailFailedNote, wasQueued, type EmailDelivery } from "~/mail/deliveries.server";
import type { Mail } from "~/mail/message";
import { queueMails } from "~/mail/queue.server";
import { agendaKey, keyPrefix } from "~/storage-keys";
import type { QuoteEntry } from "~/quotes/quote-book";
import { listAttendants } from "~/crew/attendants.server";
import { crewWarnings, staffingDaysAhead, type CrewWarnings } from "~/crew/staffing";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { listKeys } from "~/utils/kv-keys.server";
import { addDays, daysBetween, melbourneToday } from "~/utils/melbourne-time";

export interface MorningContents {
  events: string[];
  waiting: { line: string; invoiceNumber: string }[];
  overdue: string[];
  /** Every booking with money owed back: cancelled with a refund owing, or paid after it was cancelled. */
  refunds: { line: string; invoiceNumber: string }[];
  failedMails: string[];
  /** New bookings their ledger could not take by the ledger opens' last try, yesterday: each listed in one morning e-mail (the owner was e-mailed at once). */
  ledgerNotOpened: string[];
  mismatches: string[];
  /** Instalments whose first autopay charge failed yesterday: each is listed in one morning e-mail only (the owner's page and home show it while it is short). */
  autopayFailed: { line: string; invoiceNumber: string }[];
  /** Events within `agenda.proofDaysAhead` days whose print design is not approved: each gets the link to upload a proof. */
  proofs: { line: string; invoiceNumber: string }[];
  /** Events that took place at least two days ago (the thank-you e-mail's promise) whose gallery link is not posted yet. */
  photos: { line: string; invoiceNumber: string }[];
  /** How many quotes are open today, as one line (none when none are). */
  openQuotes: string[];
  /** The quotes booked yesterday, each with the booking it became. */
  conversions: string[];
  /** Events in the next 14 days with no attendant, or only ones who declined (app/crew/staffing.ts). */
  unstaffed: string[];
  /** Attendants' Working with Children Checks expiring within 30 days, or expired. */
  checks: string[];
}

/** What the quote book says of the morning (`QuoteBook.morning`). */
export interface QuoteNews {
  open: number;
  converted: readonly QuoteEntry[];
}

function eventLine(booking: BookingRecord): string {
  const details = booking.eventDetails;
  const due = amountsDue(billableOf(booking));
  const time = details ? `${formatTime(details.startTime)} to ${formatTime(finishTime(details.startTime, booking))}` : "time not given";
  const missing = missingDetails(details);
  return [
    `${formatDateInWords(booking.eventDate)}, ${time}: ${booking.boothType} for ${booking.fullName} (${booking.phoneNumber}), ${booking.invoiceNumber}`,
    `pack: ${[booking.boothType, ...packingList(booking.extras)].join(", ")}`,
    details ? `at ${details.venueAddress}; contact ${details.contactName}, ${details.contactMobile}` : `in ${booking.eventLocation}`,
    details?.printLines.length ? `print text "${details.printLines.join(" / ")}"` : "",
    due.owingCents ? `${formatCents(due.owingCents)} owing` : "paid in full",
    missing.length ? `details missing: ${missing.join(", ")}` : "details given",
  ]
    .filter(Boolean)
    .join("; ");
}

const proofWords = { none: "no proof sent yet", waiting: "waiting for the client", "changes-asked": "changes asked", approved: "approved" } as const;

function proofsToChase(active: readonly BookingRecord[], today: string): MorningContents["proofs"] {
  const until = addDays(today, agenda.proofDaysAhead);
  return active.flatMap((booking) => {
    const proof = proofStatus(booking.proofs);
    if (proof.state === "approved" || booking.eventDate < today || booking.eventDate > until) return [];
    const version = proof.state === "none" ? "" : ` (version ${proof.proof.version})`;
    return [{ invoiceNumber: booking.invoiceNumber, line: `${booking.invoiceNumber} ${booking.fullName}, ${formatDateInWords(booking.eventDate)}: ${proofWords[proof.state]}${version}` }];
  });
}

/** What the morning e-mail says on `today`, from the stored bookings, the other records' failed e-mails, the events of the days `photosLookBack` names and yesterday's bookings made without their ledger. */
export function morningContents(
  bookings: readonly { booking: BookingRecord; notes: string }[],
  failedRecords: readonly string[],
  today: string,
  pastEvents: readonly { booking: BookingRecord }[] = [],
  quotes: QuoteNews = { open: 0, converted: [] },
  crew: CrewWarnings = { unstaffed: [], checks: [] },
  ledgerNotOpened: readonly string[] = [],
): MorningContents {
  const until = addDays(today, agenda.daysAhead);
  // A completed booking still owing is overdue until it is paid.
  const active = bookings.filter(({ booking }) => keptItsDate(booking.status));
  // A plan's instalments each on their own date, none while autopay still charges it (autopay-due.ts).
  const overdueOf = (booking: BookingRecord): string[] => {
    const due = amountsDue(billableOf(booking));
    const held = booking.status === "completed" ? " (the event took place)" : "";
    const line = (cents: number, dueOn: string, what = "") => `${booking.invoiceNumber} ${booking.fullName}: ${formatCents(cents)}${what} was due on ${formatDateInWords(dueOn)}${held}`;
    if (due.owingNow?.kind === "instalment") return overdueInstalments(booking, today).map(({ shortCents, dueOn, instalment }) => line(shortCents, dueOn, ` (instalment ${instalment})`));
    const dueOn = due.owingNow?.kind === "deposit" ? due.depositDueOn : due.balanceDueOn;
    return due.owingNow && dueOn < today ? [line(due.owingNow.amountCents, dueOn)] : [];
  };
  return {
    events: active
      .map(({ booking }) => booking)
      .filter((booking) => booking.eventDate >= today && booking.eventDate <= until)
      .sort((a, b) => a.eventDate.localeCompare(b.eventDate))
      .map(eventLine),
    waiting: active
      .filter(({ booking }) => booking.status === "requested")
      .map(({ booking }) => ({
        invoiceNumber: booking.invoiceNumber,
        line: `${booking.invoiceNumber} ${booking.fullName}, ${booking.boothType} on ${formatDateInWords(booking.eventDate)}: waiting ${daysBetween(melbourneToday(new Date(booking.receivedAt)), today)} days`,
      })),
    overdue: active.flatMap(({ booking }) => overdueOf(booking)),
    // With the booking's listing notes: one paid before it lapsed whose date is gone says so, and the choices.
    refunds: bookings.flatMap(({ booking, notes }) => {
      const owedBack = amountsDue(billableOf(booking)).refundOwedCents;
      return owedBack ? [{ invoiceNumber: booking.invoiceNumber, line: `${booking.invoiceNumber} ${booking.fullName}: ${formatCents(owedBack)} to refund${notes}` }] : [];
    }),
    failedMails: [...bookings.filter(({ notes }) => notes.includes(emailFailedNote)).map(({ booking }) => `${booking.invoiceNumber} ${booking.fullName}`), ...failedRecords],
    ledgerNotOpened: [...ledgerNotOpened],
    proofs: proofsToChase(active.map(({ booking }) => booking), today),
    mismatches: bookings.flatMap(({ booking }) => [...(booking.payments ?? []), ...(booking.refunds ?? [])].flatMap((item) => (item.mismatch ? [`${booking.invoiceNumber}: ${item.mismatch}`] : []))),
    autopayFailed: active.flatMap(({ booking }) =>
      autopayFailures(booking)
        .filter((failed) => melbourneToday(new Date(failed.firstAt)) === addDays(today, -1))
        .map((failed) => ({
          invoiceNumber: booking.invoiceNumber,
          line: `${booking.invoiceNumber} ${booking.fullName}: instalment ${failed.instalment} (${formatCents(failed.shortCents)}), ${declineInWords(failed.code)}; ${failed.again ? "autopay tries it again" : "autopay has stopped"}`,
        })),
    ),
    photos: pastEvents
      .filter(({ booking }) => photosOverdue(booking, today))
      .map(({ booking }) => ({ invoiceNumber: booking.invoiceNumber, line: `${booking.invoiceNumber} ${booking.fullName}, ${formatDateInWords(booking.eventDate)}` })),
    openQuotes: quotes.open ? [`${quotes.open} ${quotes.open === 1 ? "quote is" : "quotes are"} open: priced, not booked, not past their last day`] : [],
    conversions: quotes.converted.map(({ quote, invoiceNumber }) => `${quote.id} ${quote.fullName} became ${invoiceNumber ?? "a booking"}, ${quote.service} on ${formatDateInWords(quote.eventDate)}`),
    ...crew,
  };
}

export function isEmpty(contents: MorningContents): boolean {
  return Object.values(contents).every((items) => items.length === 0);
}

function sections(contents: MorningContents): string[] {
  const section = (title: string, items: readonly string[]) => (items.length ? [`${title}:`, ...items.map((item) => `• ${item}`)] : []);
  return [
    ...section(`Events in the next ${agenda.daysAhead} days`, contents.events),
    ...section("Requests waiting for your answer (links below)", contents.waiting.map((item) => item.line)),
    ...section("Overdue payments", contents.overdue),
    ...section("Refunds to make (links below)", contents.refunds.map((item) => item.line)),
    ...section("E-mails that failed (see their records)", contents.failedMails),
    ...section("New bookings their ledger could not take yesterday, made without it (your e-mail of each)", contents.ledgerNotOpened),
    ...section("Payment mismatches (check Stripe)", contents.mismatches),
    ...section("Autopay charges that failed yesterday (your page of each, below)", contents.autopayFailed.map((item) => item.line)),
    ...section("Print designs not approved yet (your page of each, below)", contents.proofs.map((item) => item.line)),
    ...section(`Photos not posted yet (promised within ${reminders.photosWithinHours} hours of the event)`, contents.photos.map((item) => item.line)),
    ...section("Quotes", contents.openQuotes),
    ...section("Quotes booked yesterday", contents.conversions),
    ...section(`Events in the next ${staffingDaysAhead} days with no attendant (assign one on your page of the booking)`, contents.unstaffed),
    ...section("Working with Children Checks (update them on your home)", contents.checks),
  ];
}

/** The e-mail itself: the sections with something in them, the day sheets' links, the requests' Confirm and Decline buttons and the Refund buttons. */
export function morningMail(contents: MorningContents, { links, actions }: { links: Link[]; actions: Link[] }, ownerEmail: string, today: string): Mail {
  return toOwnerAlone(ownerEmail, { subject: `Your morning: ${formatDateInWords(today)}`, greeting: "Good morning. Here is what needs you.", paragraphs: sections(contents), rows: [], links, actions });
}

/**
 * Quotes and messages of this month and the month before whose e-mail failed for good, by their
 * summaries: an e-mail fails within days of its record, and listing only those months' keys
 * (`quote:{received at}`) keeps the cost the same however many quotes were ever given.
 */
async function failedRecords(kv: KVNamespace, today: string): Promise<string[]> {
  const months = [addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7), today.slice(0, 7)];
  const prefixes = [keyPrefix.quote, keyPrefix.contact].flatMap((prefix) => months.map((month) => `${prefix}${month}`));
  const lists = await Promise.all(prefixes.map((prefix) => listKeys<{ summary: string }>(kv, prefix)));
  return lists.flat().flatMap((key) => (key.metadata.summary?.includes(emailFailedNote) ? [`${key.name}: ${key.metadata.summary}`] : []));
}

/** The new bookings whose ledger open ran out of tries on `day`, by their records' summaries (app/bookings/ledger-not-opened.server.ts): one listing of that day's keys. */
async function ledgerNotOpenedOn(kv: KVNamespace, day: string): Promise<string[]> {
  const keys = await listKeys<{ summary: string }>(kv, `${keyPrefix.ledgerNotOpened}${day}:`);
  return keys.map((key) => key.metadata.summary ?? key.name);
}

/** Today's and tomorrow's day sheets; none without `OWNER_DAY_SECRET`. */
async function daySheetLinks(keys: AddressKeys, today: string): Promise<Link[]> {
  const tomorrow = addDays(today, 1);
  const sheets = await daySheetUrls(keys, [today, tomorrow]);
  return [
    { day: today, label: "Today's day sheet" },
    { day: tomorrow, label: "Tomorrow's day sheet" },
  ].flatMap(({ day, label }) => {
    const url = sheets.get(day);
    return url ? [{ label: `${label} (${formatDateInWords(day)})`, url }] : [];
  });
}

type MorningDeps = Pick<Services, "config" | "kv" | "generations" | "now" | "deliveries" | "mailQueue" | "index" | "quotes" | "crew">;

/** A day's `agenda:{date}` record: whether there was anything to say, and how its e-mail went. */
interface AgendaRecord {
  kind: "agenda";
  date: string;
  empty: boolean;
  emailDelivery: EmailDelivery;
}

/** The day is done once it had nothing to say or its e-mail is on the queue; one the queue refused is sent by a later run. */
function isDone(record: AgendaRecord | null): boolean {
  return record !== null && (record.empty || wasQueued(record.emailDelivery.morning));
}

/**
 * Sends the day's morning e-mail once, from the first run of the day that gets it onto the queue;
 * says what it did. Throws when the queue refuses it, so the run is reported failed and the next
 * one (an hour later, wrangler.toml) sends it.
 */
export async function sendMorningEmail(services: MorningDeps): Promise<"sent" | "empty" | "already sent"> {
  const now = services.now();
  const today = melbourneToday(now);
  const key = agendaKey(today);
  const stored = await services.kv.get<AgendaRecord>(key, "json");
  if (isDone(stored)) return "already sent";
  // Only what the morning is about: the next days' events, bookings to come (for what is overdue), requests, and what needs attention.
  const bookings = await services.index.find({ kind: "morning", from: today, to: addDays(today, agenda.daysAhead) });
  // The events whose photos may still be owed: a bounded window of past days, one more call to the index.
  const pastEvents = await services.index.find({ kind: "events", ...photosLookBack(today) });
  const yesterday = addDays(today, -1);
  const quotes = await services.quotes.morning(today, { from: yesterday, to: yesterday });
  // The crew: who is on the next 14 days' events (every booking to come that holds a date is in `bookings`), and the attendants' checks.
  const [assignments, attendants] = await Promise.all([services.crew.between(today, addDays(today, staffingDaysAhead)), listAttendants(services.kv)]);
  const crew = crewWarnings(bookings.map(({ booking }) => booking), assignments, attendants, today);
  const contents = morningContents(bookings, await failedRecords(services.kv, today), today, pastEvents, quotes, crew, await ledgerNotOpenedOn(services.kv, yesterday));
  const empty = isEmpty(contents);
  // Everything is read and written out before the record is stored, so a failure leaves it to the next run.
  const mail = empty ? null : await writeMorningMail(services, contents, today);
  // The record comes first, as the queue records the e-mail's tries on it; an earlier run's refused try stays on it.
  const record: AgendaRecord = { kind: "agenda", date: today, empty, emailDelivery: stored?.emailDelivery ?? {} };
  await services.kv.put(key, JSON.stringify(record, null, 2), { metadata: { summary: `Morning e-mail of ${today}${empty ? " (nothing to say)" : ""}` } });
  if (!mail) return "empty";
  if (!(await queueMails(services, { recordKey: key, mails: { morning: mail } }))) throw new Error(`The morning e-mail of ${today} could not be queued; the next run sends it`);
  return "sent";
}

/**
 * The owner's buttons: their page of each booking the e-mail asks them to act on (a request to
 * answer, money to refund, a design to upload, photos to post), once each, where every action is a
 * form. The kind's generation is read once for the whole e-mail.
 */
export async function morningActions(keys: AddressKeys, contents: Pick<MorningContents, "waiting" | "refunds" | "autopayFailed" | "proofs" | "photos">): Promise<Link[]> {
  const sign = ownerLinkSigner(keys);
  const numbers = [...new Set([...contents.waiting, ...contents.refunds, ...contents.autopayFailed, ...contents.proofs, ...contents.photos].map((item) => item.invoiceNumber))];
  const links = await Promise.all(
    numbers.map(async (number) => {
      const path = await sign(number, "booking");
      return path ? [{ label: `Your page of booking ${number}`, url: `${keys.config.SITE_ORIGIN}${path}` }] : [];
    }),
  );
  return links.flat();
}

async function writeMorningMail(services: Pick<MorningDeps, "config" | "kv" | "generations">, contents: MorningContents, today: string): Promise<Mail> {
  const actions = await morningActions(services, contents);
  return morningMail(contents, { links: await daySheetLinks(services, today), actions }, services.config.OWNER_EMAIL, today);
}
