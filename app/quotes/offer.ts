/**
 * What a quote costs, priced at once by the booking's own price function (docs/product-decisions.md,
 * "Quotes"): the quote form's durations mapped onto the packages, each add-on asked about, the
 * date's rule, a code that applies today, travel from the venue's locality. Pure: the caller reads
 * the code and the travel.
 */
import { depositOf } from "~/bookings/record/amounts";
import { priceBooking } from "~/prices/booking-price";
import type { PromoCode } from "~/prices/promo-codes";
import { paymentTerms, travel as travelRules } from "~/business";
import { daysBetween } from "~/utils/melbourne-time";
import { maxExtraHours, type BookingDuration, type QuoteDuration } from "~/pricing";
import type { QuoteInput } from "~/input/quote-forms";
import type { Travel } from "~/travel/fees";
import type { PricedOffer, QuoteOffer } from "./quote";

/** The package and extra hours a quote's duration is priced as; null for "7hrs+", which the owner prices. */
export function packageOf(duration: QuoteDuration): { packageDuration: BookingDuration; extraHours: number } | null {
  switch (duration) {
    case "2hrs":
      return { packageDuration: "2 Hours", extraHours: 0 };
    case "3hrs":
      return { packageDuration: "3 Hours", extraHours: 0 };
    case "4hrs":
      return { packageDuration: "4 Hours", extraHours: 0 };
    case "5hrs":
      return { packageDuration: "5 Hours", extraHours: 0 };
    case "6hrs":
      return { packageDuration: "5 Hours", extraHours: 1 };
    case "7hrs+":
      return null;
  }
}

/** A code as the quote found it: one that applies, or why the one typed does not. */
export type QuotedCode = { promo: PromoCode } | { refusal: string } | null;

/** `today` (Melbourne) decides the deposit: an event within the balance's notice is paid in full, as a booking made today would be. */
export function offerFor(request: QuoteInput, travel: Travel | null, code: QuotedCode, today: string): QuoteOffer {
  const hours = packageOf(request.packageDuration);
  if (!hours) return { priced: false, travel, reason: `${request.packageDuration} is longer than our packages (5 hours and up to ${maxExtraHours} extra hours): price it by hand.` };
  if (!travel) return { priced: false, travel, reason: `No Victorian locality was found in "${request.eventLocation}": work out the travel and price it by hand.` };
  if (!travel.bookable) return { priced: false, travel, reason: `${travel.locality} ${travel.postcode} is ${travel.distanceKm} km away, beyond the ${travelRules.onlineLimitKm} km we price online: price the travel by hand.` };
  const promo = code && "promo" in code ? code.promo : null;
  const extras = { extraHours: hours.extraHours, addOns: request.addOns, backdrop: null };
  const { lines, totalCents } = priceBooking({ boothType: request.service, packageDuration: hours.packageDuration, extras, eventDate: request.eventDate, promo, travelFee: travel.travelFee });
  return {
    priced: true,
    boothType: request.service,
    packageDuration: hours.packageDuration,
    extras,
    lines,
    totalCents,
    depositCents: depositFor(totalCents, request.eventDate, today),
    travel,
    ...(promo && { promoCode: promo.code }),
    ...(code && "refusal" in code && { promoNote: code.refusal }),
  };
}

function depositFor(totalCents: number, eventDate: string, today: string): number {
  return daysBetween(today, eventDate) < paymentTerms.balanceDueDaysBeforeEvent ? totalCents : depositOf(totalCents);
}

/** The offer with what is due to book it on `today`: a quote keeps its prices for days, but the deposit depends on how near the event is then. */
export function withDepositOn(offer: PricedOffer, eventDate: string, today: string): PricedOffer {
  return { ...offer, depositCents: depositFor(offer.totalCents, eventDate, today) };
}

/** The offer without its code's line: what a booking made from it on `today` is billed when the code is used up or ended by then. */
export function withoutCode(offer: PricedOffer, eventDate: string, today: string): PricedOffer {
  const lines = offer.lines.filter((line) => line.kind !== "promo");
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const { promoCode: _dropped, ...rest } = offer;
  return { ...rest, lines, totalCents, depositCents: depositFor(totalCents, eventDate, today) };
}
