/**
 * Every document that bills a booking (docs/product-decisions.md, "Every change to what is billed
 * has its document"): the tax invoice as issued, then one document for each later change to what
 * the booking is billed, dated the day of the change: a supplementary tax invoice (`{number}-A1`…)
 * for an increase (add-ons added, a booking restored), an adjustment note (`{number}-CN1`…) for a
 * decrease (add-ons removed, a cancellation's fee below the total, a decline or a lapse, a fee
 * worked out again). Refunds are money going back, not changes to what is billed: they have none.
 *
 * Worked out from the booking's own history, which is only ever added to, and from the documents
 * already issued, which are taken as they were stored: the ledger works out here only the documents
 * a change issues and stores them with it (issued-documents.ts); nothing reads a stored booking's
 * documents through here. The invoice plus the supplementary invoices less the adjustment notes is
 * always what the booking is billed now. GST is worked out line by line (one eleventh of each
 * line, to the cent), as Xero does, so the books and an import agree to the cent; and a later
 * document's GST is the GST billed before it less the GST billed after it (docs/product-decisions.md):
 * a note that takes a document back credits each of its lines, and a fee kept is one line of its
 * own, so a booking billed $0.00 has GST $0.00 and one billed its fee the fee's own eleventh. An
 * adjustment note adjusts one document, never by more than is left of it: a decrease that reaches
 * into several has a note for each.
 */
import { paymentTerms, tax } from "~/business";
import { formatCents, gstIncluded } from "~/bookings/record/amounts";
import type { BookingRecord, Cancellation, DocumentLine, ExtrasChange, IssuedDocument, IssuedWith } from "~/bookings/record/booking";
import type { BookingStatus } from "~/bookings/record/lifecycle";
import { priceLinesOf } from "~/bookings/record/price-lines";
import type { PriceLine } from "~/prices/price-sheet";
import { describeExtras } from "~/prices/extras";
import { describeTravel } from "~/travel/describe";
import { addDays, daysBetween, melbourneToday } from "~/utils/melbourne-time";

export type BillingDocumentKind = IssuedDocument["kind"];

/** A document as every reader prints it: as issued, with its totals. */
export interface BillingDocument extends IssuedDocument {
  totalCents: number;
  gstCents: number;
}

export type Documented = Pick<
  BookingRecord,
  | "invoiceNumber"
  | "issuedOn"
  | "receivedAt"
  | "eventDate"
  | "status"
  | "history"
  | "totalCents"
  | "priceLines"
  | "issuedLines"
  | "issuedWith"
  | "boothType"
  | "packageDuration"
  | "service"
  | "price"
  | "travel"
  | "travelFee"
  | "extrasChanges"
  | "moves"
  | "cancellation"
>;

/** GST in a GST-inclusive line, to the cent, half away from zero so a discount takes back what its price would add. */
export function lineGstCents(cents: number): number {
  return Math.sign(cents) * gstIncluded(Math.abs(cents));
}

const line = (label: string, cents: number): DocumentLine => ({ label, cents, gstCents: lineGstCents(cents) });

const sumOf = (lines: readonly { cents: number; gstCents: number }[]) => ({
  cents: lines.reduce((sum, line) => sum + line.cents, 0),
  gstCents: lines.reduce((sum, line) => sum + line.gstCents, 0),
});

/**
 * The lines the tax invoice was issued with: kept from the first change of add-ons on. A booking
 * changed before they were kept has today's lines less the changes since, as one line, and keeps
 * them so at its next change (extras-change.ts), which must not take today's lines for them.
 */
export function issuedLinesOf(booking: Pick<Documented, "issuedLines" | "priceLines" | "boothType" | "packageDuration" | "price" | "travelFee" | "extrasChanges">): PriceLine[] {
  if (booking.issuedLines) return booking.issuedLines;
  const lines = priceLinesOf(booking);
  const changed = (booking.extrasChanges ?? []).reduce((sum, change) => sum + change.differenceCents, 0);
  return changed ? [...lines, { kind: "add-on", label: "Add-ons as first booked (changed since, each on its own document)", cents: -changed }] : lines;
}

/**
 * The tax invoice's lines (GST included): the booth with its service, each extra, the date's rule
 * and a code under their own names, then travel, described even when free or yet to be confirmed.
 */
function invoiceLines(booking: Documented): DocumentLine[] {
  const issued = issuedLinesOf(booking);
  const sold = issued
    .filter((one) => one.kind !== "travel")
    .map((one) => ({ ...line(one.kind === "booth" ? `${booking.boothType} hire, ${booking.packageDuration} (${booking.service})` : one.label, one.cents), kind: one.kind }));
  const travelCents = issued.filter((one) => one.kind === "travel").reduce((sum, one) => sum + one.cents, 0);
  const travel = { ...line(issuedWithOf(booking).travelLabel, travelCents), kind: "travel" as const, ...(booking.travel ? {} : { toBeConfirmed: true as const }) };
  return [...sold, travel];
}

/**
 * What a document issued today prints that the settings could change later, kept on a booking as
 * it is made (`issuedWith`): travel's line (a label, not a sentence: "…: $12.00" reads better
 * without the sentence's full stop) and the days before the event the balance falls due.
 */
export const issuedWithToday = (travel: Documented["travel"]): IssuedWith => ({
  travelLabel: describeTravel(travel).replace(/\.$/, ""),
  balanceDueDaysBeforeEvent: paymentTerms.balanceDueDaysBeforeEvent,
});

/** What the booking's documents were issued with; a booking stored before it was kept reads with today's settings, as it always did. */
const issuedWithOf = (booking: Pick<Documented, "issuedWith" | "travel">): IssuedWith => booking.issuedWith ?? issuedWithToday(booking.travel);

/** The event's date as it stood at `at`: the first move made after it still had the old one. */
export function eventDateAt(booking: Pick<Documented, "moves" | "eventDate">, at: string): string {
  return (booking.moves ?? []).find((move) => move.at > at)?.from ?? booking.eventDate;
}

/** The balance's due date for a document issued on `issuedOn`: its terms' days (14) before the event then, or at once when closer. */
function dueOnFor(issuedOn: string, eventDate: string, dueDays: number): string {
  return daysBetween(issuedOn, eventDate) < dueDays ? issuedOn : addDays(eventDate, -dueDays);
}

/** How a booking is billed at a moment: its total, its cancellation's fee, or nothing. */
type Basis = "total" | "fee" | "nothing";

const basisOf: Record<BookingStatus, Basis> = {
  requested: "total",
  confirmed: "total",
  completed: "total",
  cancelled: "fee",
  declined: "nothing",
  expired: "nothing",
};

/** Each change to what is billed, in time order: what it is and what it makes the booking billed. */
interface Change {
  at: string;
  label: string;
  apply: (state: BillingState) => BillingState;
  /** An extras change's own line, which the total billed carries from then on. */
  line?: DocumentLine;
}

interface BillingState {
  totalCents: number;
  basis: Basis;
  feeCents: number;
}

/** What a document keeps billing when a note takes it back: the fee, as one line of its own. */
const keptWords = (state: BillingState) => (state.basis === "fee" ? "Cancellation fee under the terms" : "Still billed");

const billedOf = ({ totalCents, basis, feeCents }: BillingState) => (basis === "total" ? totalCents : basis === "fee" ? feeCents : 0);

function extrasChangeOf(change: ExtrasChange): Change {
  const label = `Add-ons changed to ${change.toWords ?? describeExtras(change.to)}`;
  return { at: change.at, label, line: line(label, change.differenceCents), apply: (state) => ({ ...state, totalCents: state.totalCents + change.differenceCents }) };
}

/** The fees a cancellation had, oldest first, each from the moment it was set. */
function feesOf(cancellation: Cancellation): { from: string; feeCents: number }[] {
  const earlier = cancellation.earlier ?? [];
  const froms = [cancellation.at, ...earlier.map((revision) => revision.until)];
  const fees = [...earlier.map((revision) => revision.feeCents), cancellation.feeCents];
  return fees.map((feeCents, index) => ({ from: froms[index]!, feeCents }));
}

const statusWords: Partial<Record<BookingStatus, string>> = {
  declined: "Request declined: nothing is billed",
  expired: "Booking lapsed unpaid: nothing is billed",
};

function statusChanges(booking: Documented): Change[] {
  const fees = booking.cancellation ? feesOf(booking.cancellation) : [];
  // The booking's own first status is how it was issued, not a change. The history is in the order
  // things happened; a change is never placed before the one it follows (a clock that ran behind).
  let latest = "";
  const changes: Change[] = booking.history.slice(1).map((change) => ({
    at: (latest = change.at > latest ? change.at : latest),
    label: statusWords[change.status] ?? (change.status === "cancelled" ? `Cancelled: the fee under the terms is ${formatCents(fees[0]?.feeCents ?? 0)}` : "Booking restored"),
    apply: (state) => ({ ...state, basis: basisOf[change.status], ...(change.status === "cancelled" ? { feeCents: fees[0]?.feeCents ?? 0 } : {}) }),
  }));
  const revisions: Change[] = fees.slice(1).map(({ from, feeCents }) => ({
    at: from,
    label: `Cancellation fee worked out again: ${formatCents(feeCents)}`,
    apply: (state) => ({ ...state, feeCents }),
  }));
  return [...changes, ...revisions];
}

/** An issued document (the invoice or a supplementary one) and its lines not yet taken back. */
interface Open {
  document: BillingDocument;
  lines: DocumentLine[];
}

const openCents = (open: Open) => sumOf(open.lines).cents;

/** A line as a later document carries it: its words and cents, no longer what it was for on the invoice. */
const plain = ({ label, cents, gstCents }: DocumentLine): DocumentLine => ({ label, cents, gstCents });

/** Lines still billed, less those taken back by one of the same cents (so of the same GST), and of none. */
function netted(lines: readonly DocumentLine[]): DocumentLine[] {
  const left: DocumentLine[] = [];
  for (const one of lines) {
    const opposite = left.findIndex((other) => other.cents === -one.cents);
    if (one.cents !== 0 && opposite >= 0) left.splice(opposite, 1);
    else if (one.cents !== 0) left.push(plain(one));
  }
  return left;
}

/** Lines taken off on a document that adds or takes off others: `words` says why. */
const negated = (lines: readonly DocumentLine[], words: string) => lines.map((one) => ({ label: `${words}: ${one.label}`, cents: -one.cents, gstCents: -one.gstCents }));

/**
 * How a fee (or any amount billed after a decrease that ends the total) is kept: whole on the
 * oldest document that still holds it, or else on each in turn as far as it goes.
 */
function keptParts(opens: readonly Open[], keptCents: number): number[] {
  const whole = opens.findIndex((open) => openCents(open) >= keptCents);
  if (whole >= 0) return opens.map((_, index) => (index === whole ? keptCents : 0));
  let left = keptCents;
  return opens.map((open) => {
    const part = Math.min(Math.max(openCents(open), 0), left);
    left -= part;
    return part;
  });
}

/** The lines the total bills at a moment: the invoice's, then each change of add-ons made by then. */
const totalLinesAt = (issued: readonly DocumentLine[], changes: readonly Change[], at: string) => [
  ...issued.filter((one) => one.cents !== 0).map(plain),
  ...changes.flatMap((change) => (change.line && change.at <= at ? [change.line] : [])),
];

const totalsOf = (lines: readonly DocumentLine[]) => ({ totalCents: sumOf(lines).cents, gstCents: sumOf(lines).gstCents });

/** A stored document with its totals: the sums of its lines. */
export const withTotals = (document: IssuedDocument): BillingDocument => ({ ...document, ...totalsOf(document.lines) });

function invoiceOf(booking: Documented, dueDays: number): BillingDocument {
  const lines = invoiceLines(booking);
  const eventDate = eventDateAt(booking, booking.receivedAt);
  return { kind: "invoice", number: booking.invoiceNumber, issuedOn: booking.issuedOn, dueOn: dueOnFor(booking.issuedOn, eventDate, dueDays), eventDate, lines, ...totalsOf(lines) };
}

/**
 * The booking's documents: those in `issued` as they are (the first that many the history makes),
 * then each the history issues after them, worked out from what the issued ones still bill.
 */
export function billingDocuments(booking: Documented, issued: readonly BillingDocument[] = []): BillingDocument[] {
  const dueDays = issuedWithOf(booking).balanceDueDaysBeforeEvent;
  const invoice = issued[0] ?? invoiceOf(booking, dueDays);
  const changes = [...(booking.extrasChanges ?? []).map(extrasChangeOf), ...statusChanges(booking)].sort((a, b) => a.at.localeCompare(b.at));
  const documents = [invoice];
  const opens: Open[] = [{ document: invoice, lines: netted(invoice.lines) }];
  let state: BillingState = { totalCents: invoice.totalCents, basis: "total", feeCents: 0 };
  const issue = (kind: "supplementary" | "adjustment", change: Change, lines: DocumentLine[], adjusts?: BillingDocument) => {
    const issuedOn = melbourneToday(new Date(change.at));
    const eventDate = eventDateAt(booking, change.at);
    const document: BillingDocument = issued[documents.length] ?? {
      kind,
      number: `${booking.invoiceNumber}-${kind === "supplementary" ? "A" : "CN"}${documents.filter((one) => one.kind === kind).length + 1}`,
      reason: change.label,
      ...(adjusts ? { adjusts: { kind: adjusts.kind, number: adjusts.number } } : {}),
      issuedOn,
      dueOn: kind === "supplementary" ? dueOnFor(issuedOn, eventDate, dueDays) : issuedOn,
      eventDate,
      lines,
      ...totalsOf(lines),
    };
    documents.push(document);
    return document;
  };
  for (const change of changes) {
    const next = change.apply(state);
    const difference = billedOf(next) - billedOf(state);
    const bothTotal = state.basis === "total" && next.basis === "total";
    state = next;
    if (difference === 0) continue;
    if (bothTotal && difference < 0) {
      // Add-ons taken off: from the documents that billed last, each note one line.
      let left = -difference;
      for (const open of [...opens].reverse()) {
        const part = Math.min(Math.max(openCents(open), 0), left);
        if (part <= 0) continue;
        left -= part;
        const taken = line(change.label, part);
        issue("adjustment", change, [taken], open.document);
        open.lines = netted([...open.lines, ...negated([taken], "Taken off")]);
      }
    } else if (difference > 0) {
      // More billed: what is billed now, less what the documents still bill (an added change of add-ons is its own line).
      const target = bothTotal ? [line(change.label, difference)] : [...(next.basis === "total" ? totalLinesAt(invoice.lines, changes, change.at) : [line(change.label, billedOf(next))]), ...negated(opens.flatMap((open) => open.lines), "Billed already")];
      const document = issue("supplementary", change, target);
      opens.push({ document, lines: netted(document.lines) });
    } else {
      // Less billed and the total no longer: each document's lines taken back, what is still billed kept as one line.
      const kept = keptParts(opens, billedOf(next));
      opens.forEach((open, index) => {
        const keep = kept[index]!;
        if (openCents(open) === keep) return;
        const keptLine = keep ? [line(keptWords(next), keep)] : [];
        issue("adjustment", change, [...open.lines, ...negated(keptLine, "Still billed")], open.document);
        open.lines = keptLine;
      });
    }
  }
  // Never fewer than were issued: a document stored stays, whatever the history says now.
  return [...issued, ...documents.slice(issued.length)];
}

/** What the documents bill in all: invoices less adjustment notes, and the GST of their lines. */
export function billedByDocuments(documents: readonly BillingDocument[]): { cents: number; gstCents: number } {
  const sign = (document: BillingDocument) => (document.kind === "adjustment" ? -1 : 1);
  return {
    cents: documents.reduce((sum, document) => sum + sign(document) * document.totalCents, 0),
    gstCents: documents.reduce((sum, document) => sum + sign(document) * document.gstCents, 0),
  };
}

/** What a kind of document is called: a business not registered for GST issues invoices and credit notes. */
export function documentName(kind: BillingDocumentKind): string {
  const invoice = tax.gstRegistered ? "tax invoice" : "invoice";
  const names: Record<BillingDocumentKind, string> = {
    invoice: tax.gstRegistered ? "Tax invoice" : "Invoice",
    supplementary: `Supplementary ${invoice}`,
    adjustment: tax.gstRegistered ? "Adjustment note" : "Credit note",
  };
  return names[kind];
}

/** A document's name as printed on it and listed beside the booking. */
export function documentTitle(document: Pick<BillingDocument, "kind" | "number">): string {
  return `${documentName(document.kind)} ${document.number}`;
}

/** The document a note adjusts, as a sentence names it: "tax invoice PB-…-101". */
export const adjustedWords = (adjusts: Pick<BillingDocument, "kind" | "number">) => `${documentName(adjusts.kind).toLowerCase()} ${adjusts.number}`;

/** Travel's amount is $0 on the document until it is worked out: the page says so. */
export const lineAmountWords = (line: DocumentLine) => (line.toBeConfirmed ? "to be confirmed" : formatCents(line.cents));

