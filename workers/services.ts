import { durableHolds } from "../app/bookings/holds/holds.server";
import { durableInvoiceClaims } from "../app/bookings/numbers/invoice-claims.server";
import { assetFontFiles } from "../app/bookings/invoice/invoice-fonts.server";
import { durableBookingIndex } from "../app/bookings/by-date/booking-index";
import { durableBookingLedger } from "../app/bookings/record/ledger.server";
import { recordDeliveries } from "../app/bookings/record/record-deliveries.server";
import { durablePromoUses } from "../app/promos/promo-uses.server";
import { durableSubmissionLimits } from "../app/rate-limit.server";
import { tellQuotesDateTaken } from "../app/quotes/follow-ups.server";
import { durableQuoteBook } from "../app/quotes/quote-book";
import { durableCrewBook } from "../app/crew/crew-book";
import { followLetGo } from "../app/crew/follow.server";
import { durableLinkGenerations } from "../app/links/generations.server";
import type { AppConfig } from "../app/config.server";
import type { Env } from "../app/types/env";
import type { Services } from "../app/types/services";

/**
 * The one place the bindings become the services the domain code uses. `now` is the clock: a
 * request's is the wall clock, a scheduled run's the time the run was scheduled for.
 */
export function buildServices(env: Env, config: AppConfig, now: () => Date = () => new Date()): Services {
  const ledger = durableBookingLedger(env.BOOKING_LEDGER);
  const services: Services = {
    config,
    kv: env.BOOKINGS,
    r2: env.INVOICES,
    claims: durableInvoiceClaims(env.INVOICE_NUMBERS),
    mailQueue: env.EMAIL_QUEUE,
    autopayQueue: env.AUTOPAY_QUEUE,
    ledgerOpens: env.LEDGER_OPENS,
    holds: durableHolds(env.BOOKING_HOLDS),
    ledger,
    index: durableBookingIndex(env.BOOKING_INDEX),
    promoUses: durablePromoUses(env.PROMO_USES),
    submissionLimits: durableSubmissionLimits(env.SUBMISSION_LIMITS),
    quotes: durableQuoteBook(env.QUOTE_BOOK),
    crew: durableCrewBook(env.CREW_BOOK),
    generations: durableLinkGenerations(env.LINK_GENERATIONS),
    deliveries: recordDeliveries(env.BOOKINGS, ledger),
    fonts: assetFontFiles(env.ASSETS),
    dateTaken: (eventDate, boothType) => tellQuotesDateTaken(services, eventDate, boothType),
    crewFollows: (booking) => followLetGo(services, booking),
    now,
  };
  return services;
}
