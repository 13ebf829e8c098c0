/**
 * "Book this quote": the quote's stored lines booked as they were quoted, while it is valid, at most
 * once (docs/product-decisions.md, "Quotes"). The booking is taken as the booking form takes one
 * (its code's use, its hold, its invoice number, its ledger), its hold taking the quote as well:
 * the date's holds object decides that two presses cannot both book, in the step that holds the
 * booth. A code used up or ended since the quote is left off, and the page said so before the press.
 */
import { BoothBookedOut, createBooking, QuoteHeld } from "~/bookings/create.server";
import type { BookingReceipt } from "~/bookings/record/booking";
import { bookingService } from "~/input/fields";
import type { Outcome } from "~/input/result";
import { PromoRefused } from "~/promos/promo-use.server";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";
import { withDepositOn, withoutCode } from "./offer";
import type { QuoteEntry } from "./quote-book";
import type { PricedOffer, QuoteRecord } from "./quote";
import { quotedCode } from "./save.server";

/** Why the quote, as read with its page, cannot be booked today (its offer's pricing aside); null when it may be. */
function refusalOf({ quote, status, invoiceNumber }: QuoteEntry, today: string): Outcome<never> | null {
  const refused = (error: string): Outcome<never> => ({ ok: false, status: 409, error });
  if (status === "booked") return refused(`This quote is already booked, as ${invoiceNumber}.`);
  if (status === "declined") return refused("You told us no thanks to this quote. Please ask for a new quote if you have changed your mind.");
  if (quote.validUntil < today) return refused(`This quote held its price until ${formatDateInWords(quote.validUntil)}. Please ask for a new quote.`);
  if (quote.eventDate < today) return refused(`The date of this quote, ${formatDateInWords(quote.eventDate)}, has passed. Please ask for a new quote for another date.`);
  return null;
}

/** The offer as it books today: what is due to book it worked out today (the whole once the event is near), without its code when the code has ended or is used up since. */
export async function offerToday(services: Pick<Services, "kv" | "promoUses">, quote: QuoteRecord & { offer: PricedOffer }, today: string): Promise<{ offer: PricedOffer; codeGone: string | null }> {
  const offer = withDepositOn(quote.offer, quote.eventDate, today);
  if (!offer.promoCode) return { offer, codeGone: null };
  const code = await quotedCode(services, offer.promoCode, quote.eventDate, today);
  return code && "promo" in code ? { offer, codeGone: null } : { offer: withoutCode(offer, quote.eventDate, today), codeGone: code?.refusal ?? null };
}

function bookingInput(quote: QuoteRecord, offer: PricedOffer) {
  const request = quote;
  return {
    fullName: request.fullName,
    email: request.email,
    phoneNumber: request.phoneNumber,
    eventDate: request.eventDate,
    eventLocation: request.eventLocation,
    boothType: offer.boothType,
    packageDuration: offer.packageDuration,
    service: bookingService,
    message: request.message,
    extras: offer.extras,
    promoCode: offer.promoCode,
    price: undefined,
    invoiceNumber: undefined,
    // The quote's page offers no plan: the client chooses one on their booking page.
    paymentOption: undefined,
  };
}

async function book(services: Services, quote: QuoteRecord & { offer: PricedOffer }, offer: PricedOffer): Promise<BookingReceipt> {
  const quoted = { quoteId: quote.id, lines: offer.lines, totalCents: offer.totalCents };
  try {
    return await createBooking(services, bookingInput(quote, offer), offer.travel, quoted);
  } catch (error) {
    // The code's last use went between the page and the press: booked without it, as the page says it would be.
    if (!(error instanceof PromoRefused) || !offer.promoCode) throw error;
    const plain = withoutCode(offer, quote.eventDate, melbourneToday(services.now()));
    return createBooking(services, bookingInput(quote, plain), offer.travel, { ...quoted, lines: plain.lines, totalCents: plain.totalCents });
  }
}

/**
 * Books the quote `entry` (read with its page, its key checked). No object is asked before the
 * hold: the hold takes the quote with the booth, and is refused when another press's hold took it
 * (until the quote book marks it booked, which its ledger does once it has the booking, after the
 * answer: issue 59). A refused or failed booking leaves the quote free, its hold given back with
 * it. A code ended or used up since is left to the booking's claim of its use, which books without it.
 */
export async function bookQuote(services: Services, entry: QuoteEntry): Promise<Outcome<BookingReceipt>> {
  const { quote } = entry;
  const today = melbourneToday(services.now());
  const refused = refusalOf(entry, today);
  if (refused) return refused;
  if (!quote.offer.priced) return { ok: false, status: 409, error: "We price this quote ourselves: we will be in touch, or call us." };
  try {
    return { ok: true, value: await book(services, quote as QuoteRecord & { offer: PricedOffer }, withDepositOn(quote.offer, quote.eventDate, today)) };
  } catch (error) {
    if (error instanceof QuoteHeld) return { ok: false, status: 409, error: "This quote is being booked right now. Please wait a moment and look again." };
    if (error instanceof BoothBookedOut) return { ok: false, status: 409, error: error.message };
    throw error;
  }
}
