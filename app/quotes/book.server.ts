/**
 * "Book this quote": the quote's stored lines booked as they were quoted, while it is valid, at most
 * once (docs/product-decisions.md, "Quotes"). The quote book claims it first, so two presses cannot
 * both book; the booking is then taken as the booking form takes one (its hold, its invoice number,
 * its code's use, its ledger), and the claim settles as booked, or opens again when refused. A code
 * used up or ended since the quote is left off, and the page said so before the press.
 */
import { BoothBookedOut, createBooking } from "~/bookings/create.server";
import type { BookingReceipt } from "~/bookings/record/booking";
import { bookingService } from "~/input/fields";
import type { Outcome } from "~/input/result";
import { PromoRefused } from "~/promos/promo-use.server";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";
import { withDepositOn, withoutCode } from "./offer";
import type { ClaimRefusal, QuoteEntry } from "./quote-book";
import type { PricedOffer, QuoteRecord } from "./quote";
import { quotedCode } from "./save.server";

function refusalOf(claim: ClaimRefusal, quote: QuoteRecord | null): Outcome<never> {
  switch (claim.refused) {
    case "missing":
      return { ok: false, status: 404, error: "There is no such quote." };
    case "expired":
      return { ok: false, status: 409, error: `This quote held its price until ${formatDateInWords(quote?.validUntil ?? "")}. Please ask for a new quote.` };
    case "declined":
      return { ok: false, status: 409, error: "You told us no thanks to this quote. Please ask for a new quote if you have changed your mind." };
    case "booking":
      return { ok: false, status: 409, error: "This quote is being booked right now. Please wait a moment and look again." };
    case "booked":
      return { ok: false, status: 409, error: `This quote is already booked, as ${claim.invoiceNumber}.` };
  }
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
 * Books the quote `entry` (read with its page, its key checked). The quote book claims it first:
 * claimed beside the hold, two presses at once could each take the booth the other then gives
 * back, and neither book. Once the ledger has the booking it marks the quote booked (issue 59: the
 * client waits on no settling); a claim that did not book opens the quote again at once. A code
 * ended or used up since is left to the booking's claim of its use, which books without it.
 */
export async function bookQuote(services: Services, { quote }: QuoteEntry): Promise<Outcome<BookingReceipt>> {
  const { id } = quote;
  const now = services.now();
  const today = melbourneToday(now);
  const claim = await services.quotes.claim(id, today, now.toISOString());
  if (!("entry" in claim)) return refusalOf(claim, quote);
  let booked = false;
  try {
    if (quote.eventDate < today) return { ok: false, status: 409, error: `The date of this quote, ${formatDateInWords(quote.eventDate)}, has passed. Please ask for a new quote for another date.` };
    if (!quote.offer.priced) return { ok: false, status: 409, error: "We price this quote ourselves: we will be in touch, or call us." };
    const receipt = await book(services, quote as QuoteRecord & { offer: PricedOffer }, withDepositOn(quote.offer, quote.eventDate, today));
    booked = true;
    return { ok: true, value: receipt };
  } catch (error) {
    if (error instanceof BoothBookedOut) return { ok: false, status: 409, error: error.message };
    throw error;
  } finally {
    if (!booked) await reopen(services, id, now.toISOString());
  }
}

/** A claim left unsettled is taken over after `staleClaimMs`, so opening the quote again is tried again before giving up. */
async function reopen(services: Pick<Services, "quotes">, id: string, at: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await services.quotes.settle(id, null, at);
    } catch (error) {
      if (attempt === 3) {
        console.error(`Quote ${id} could not be marked open again:`, error);
        return;
      }
    }
  }
}
