/**
 * The client's quote page, `/quote/{id}?key=…` (docs/product-decisions.md, "Quotes"): each line as
 * the booking form would price it, the total with GST, the deposit, how long the price holds, and
 * whether the date is free now for the booth and each add-on; when it is not, what is. Private,
 * like the booking page: its key is kept with the quote, and a wrong key is a plain 404.
 */
import { loadCalendar } from "~/bookings/holds/availability.server";
import { calendarQuery, hasFreeDay, type CalendarMonth, type CalendarQuery } from "~/bookings/holds/calendar";
import type { DetailRow } from "~/bookings/record/details";
import { formatCents } from "~/bookings/record/amounts";
import { tax } from "~/business";
import { formatLineCents } from "~/prices/price-sheet";
import { stockNeeded } from "~/prices/extras";
import { addOns } from "~/pricing";
import type { Services } from "~/types/services";
import { constantTimeEqual } from "~/utils/constant-time";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";
import { alternativesFor } from "./alternatives.server";
import { offerToday } from "./book.server";
import type { QuoteEntry, QuoteStatus } from "./quote-book";
import type { PricedOffer, QuoteRecord } from "./quote";

/** The quote its page's address names with its key, or null for a wrong key or no such quote. */
export async function quoteOfPage(services: Pick<Services, "quotes">, id: string | undefined, key: string | null): Promise<QuoteEntry | null> {
  if (!id || !key || !/^Q-[A-Z0-9]{8}$/.test(id)) return null;
  const entry = await services.quotes.get(id);
  // Compared even when there is none, so timing tells nothing.
  const matches = constantTimeEqual(key, entry?.quote.key ?? "\u0000");
  return entry && matches ? entry : null;
}

export interface AmountLine {
  label: string;
  amount: string;
}

export interface QuotePageView {
  id: string;
  status: QuoteStatus;
  validUntil: string;
  expired: boolean;
  /** The event's date has passed while the price still held: it cannot be booked. */
  eventPassed: boolean;
  /** Still open to book, to say no thanks to and for its follow-ups: not booked, declined, ended or past its event. */
  open: boolean;
  asked: DetailRow[];
  /** Null when the owner prices it. */
  priced: { lines: AmountLine[]; total: AmountLine; deposit: AmountLine; promoNote: string | null; codeGone: string | null } | null;
  /**
   * Whether the date is free now; null once it cannot be booked anyway. When it is not, the month
   * of the quote's booth (`?month=` on the page, else the quote's month, or the nearest free date's
   * when the quote's has no free day left): its free days open the quote form for that day.
   */
  availability: { free: boolean; sentence: string; otherBooths: string[]; calendar: CalendarMonth | null } | null;
  /** What the page's own links keep of its address: the key, and the proof while it is unspent. */
  keep: Record<string, string>;
  canBook: boolean;
  /**
   * The booking made from it, by number only: the quote's key is not the booking's, so the page
   * offers to e-mail the booking's link to the address on the booking, never the link itself
   * (docs/product-decisions.md, "Links and what each may do").
   */
  booked: { invoiceNumber: string } | null;
  /** The one-time proof the quote e-mail's link brought, while the address is not proved. */
  proof: string | null;
  proved: boolean;
  unsubscribed: boolean;
}

function askedRows(quote: QuoteRecord): DetailRow[] {
  const { offer } = quote;
  const request = quote;
  return [
    ["Event date", formatDateInWords(request.eventDate)],
    ["Booth", request.service],
    ["Hours", request.packageDuration],
    ["Add-ons asked about", request.addOns.map((id) => addOns[id].name).join(", ") || "None"],
    ["Event location", request.eventLocation],
    ...(offer.priced ? [["Travel from", `${offer.travel.locality} ${offer.travel.postcode}, ${offer.travel.distanceKm} km from our base`] as const] : []),
  ];
}

function pricedView(offer: PricedOffer, codeGone: string | null): NonNullable<QuotePageView["priced"]> {
  return {
    lines: offer.lines.map((line) => ({ label: line.label, amount: formatLineCents(line.cents) })),
    total: { label: `Total (AUD${tax.gstRegistered ? ", GST included" : ""})`, amount: formatCents(offer.totalCents) },
    deposit: { label: offer.depositCents === offer.totalCents ? "Due in full to book (the event is close)" : "Deposit to book", amount: formatCents(offer.depositCents) },
    promoNote: offer.promoNote ?? null,
    codeGone,
  };
}

/** The calendar of other dates for the quote's booth and hours (as the quote form has them), in the month the page asks for or the quote's own. */
function otherDatesQuery(quote: QuoteRecord, offer: PricedOffer, query: URLSearchParams, today: string): CalendarQuery {
  return { ...calendarQuery(query, today, quote.eventDate), booth: offer.boothType, date: null, hours: quote.packageDuration };
}

/**
 * The month of other dates: the one the page asks for; else the quote's own, or, when that has no
 * free day left for the booth, the month of the nearest free date (when there is one near).
 */
async function otherDates(services: Services, quote: QuoteRecord, offer: PricedOffer, query: URLSearchParams, today: string, nearest: string | null): Promise<CalendarMonth> {
  const asked = otherDatesQuery(quote, offer, query, today);
  const needed = stockNeeded(offer.extras);
  const month = await loadCalendar(services, asked, today, needed);
  if (query.has("month") || !nearest || hasFreeDay(month)) return month;
  return loadCalendar(services, { ...asked, month: nearest.slice(0, 7) }, today, needed);
}

export async function quotePageView(services: Services, entry: QuoteEntry, query: URLSearchParams): Promise<QuotePageView> {
  const { quote, status } = entry;
  const today = melbourneToday(services.now());
  const expired = quote.validUntil < today;
  const eventPassed = quote.eventDate < today;
  const open = status === "open" && !expired && !eventPassed;
  const offer = quote.offer.priced ? await offerToday(services, quote as QuoteRecord & { offer: PricedOffer }, today) : null;
  const alternatives = open && offer ? await alternativesFor(services, { eventDate: quote.eventDate, boothType: offer.offer.boothType, extras: offer.offer.extras }, today) : null;
  const calendar = offer && alternatives && !alternatives.free ? await otherDates(services, quote, offer.offer, query, today, alternatives.nearest) : null;
  const proof = entry.provedAt ? null : query.get("proof");
  return {
    id: quote.id,
    status,
    validUntil: formatDateInWords(quote.validUntil),
    expired,
    eventPassed,
    open,
    asked: askedRows(quote),
    priced: offer && pricedView(offer.offer, offer.codeGone),
    availability: alternatives && {
      free: alternatives.free,
      sentence: alternatives.sentence,
      otherBooths: alternatives.otherBooths,
      calendar,
    },
    keep: { key: quote.key, ...(proof ? { proof } : {}) },
    canBook: !!alternatives?.free,
    booked: entry.invoiceNumber ? { invoiceNumber: entry.invoiceNumber } : null,
    proof,
    proved: !!entry.provedAt,
    unsubscribed: entry.unsubscribed,
  };
}
