/**
 * A quote as it is stored (docs/product-decisions.md, "Quotes"): what was asked, the offer the site
 * priced at once (or why it could not), the client's key to their quote page and the one-time proof
 * of their address. Its state (open, booked, declined, follow-ups sent) lives in the quote book
 * (quote-book.ts), where it changes atomically.
 */
import type { AddressProof } from "~/bookings/record/booking";
import type { QuoteInput } from "~/input/quote-forms";
import type { EmailDelivery } from "~/mail/deliveries.server";
import type { Extras } from "~/prices/extras";
import type { PriceLine } from "~/prices/price-sheet";
import type { BookingDuration, BoothType } from "~/pricing";
import type { Travel } from "~/travel/fees";

/** A quote the site priced: the lines a booking made from it is billed, as the booking form would price them. */
export interface PricedOffer {
  priced: true;
  boothType: BoothType;
  packageDuration: BookingDuration;
  extras: Extras;
  /** Every line, the code's among them when one applied. */
  lines: PriceLine[];
  totalCents: number;
  depositCents: number;
  travel: Travel;
  /** The code whose line is in `lines`; its use is claimed only when the quote is booked. */
  promoCode?: string;
  /** Why a code typed into the form is not in the price, in the client's words. */
  promoNote?: string;
}

/** A quote the owner prices by hand: why, in the owner's words, and the venue's travel when its locality was found. */
export interface UnpricedOffer {
  priced: false;
  reason: string;
  travel: Travel | null;
}

export type QuoteOffer = PricedOffer | UnpricedOffer;

/** What the form asked, as the schema read it (the fields a quote request has always stored), and the rest. */
export interface QuoteRecord extends QuoteInput {
  kind: "quote";
  id: string;
  receivedAt: string;
  /** The last Melbourne date the quote's price holds. */
  validUntil: string;
  /** The client's key to their quote page: a random secret kept with the quote. */
  key: string;
  offer: QuoteOffer;
  /** Only the SHA-256 of the quote e-mail's one-time proof; `provedAt` once the client pressed the button it opens. */
  addressProof: AddressProof;
  emailDelivery: EmailDelivery;
}
