/**
 * Everything the owner may want to change about the business lives here: identity, contact
 * details, service area and the policy constants quoted by the copy, the terms and the forms.
 * Prices live in `pricing.ts`. The defaults are deliberately fictional (see docs/product-decisions.md).
 */
import type { BoothType } from "~/pricing";

export const business = {
  name: "Bluestone Photo Booths",
  shortName: "Bluestone",
  phone: {
    display: "0491 570 156",
    href: "tel:+61491570156",
    international: "+61 491 570 156",
  },
  email: "hello@example.com",
  location: "Melbourne, VIC",
  address: {
    suburb: "Tarneit",
    state: "VIC",
    postcode: "3029",
    country: "AU",
    display: "Tarneit VIC 3029",
  },
  /** Used for the footer map embed and the structured data. */
  mapQuery: "Tarneit VIC 3029, Australia",
  social: {
    facebook: "https://www.facebook.com/",
    instagram: "https://www.instagram.com/",
  },
  twitterNotice: "Twitter link coming soon",
} as const;

/** The named service areas; the full list of 15 is in `serviceAreas`. */
export const headlineAreas = ["Melbourne", "Geelong", "Grovedale", "Tarneit", "Point Cook"] as const;

/** Fifteen real suburbs and towns within about 50 km of Tarneit. */
export const serviceAreas = [
  "Melbourne",
  "Geelong",
  "Grovedale",
  "Tarneit",
  "Point Cook",
  "Werribee",
  "Hoppers Crossing",
  "Truganina",
  "Williams Landing",
  "Wyndham Vale",
  "Altona",
  "Sunshine",
  "Footscray",
  "Melton",
  "Caroline Springs",
] as const;

export const policy = {
  serviceRadiusKm: 50,
  serviceRadiusCentre: "Tarneit, Victoria",
  freeDeliveryKm: 40,
  recommendedSpace: "4m x 4m",
  minimumSpace: "3m x 3m",
  powerWithinMetres: 5,
  quoteValidDays: 7,
  enclosedBoothCapacity: "3-5 people",
  cancellation: {
    depositForfeitedBeyondDays: 30,
    halfFeeFromDays: 14,
    halfFeePercent: 50,
  },
  depositTransferMonths: 6,
  /** Add-ons are added or removed on the booking page while the event is more than this many days away. */
  extrasChangeClosesDaysBeforeEvent: 14,
  mediaRetention: "6 months to 1 year",
  privacyResponse: "within one month",
  termsChangeNoticeDays: 30,
  minimumAge: 18,
  /** The terms' version: a client's acceptance records it, so change it with every change to the terms' text. */
  termsLastUpdated: "November 24, 2026",
  privacyLastUpdated: "August 13, 2025",
  paymentMethods: ["Bank transfer", "PayID", "Credit card", "PayPal"],
  currency: "AUD",
} as const;

/**
 * Travel to the venue (docs/product-decisions.md, "Travel"): distances are great-circle km from the base's
 * locality; free within `freeWithinKm` or anywhere in Greater Melbourne, otherwise a whole-dollar
 * rate per km beyond it. Farther than `onlineLimitKm` the visitor asks for a quote instead.
 */
export const travel = {
  base: { locality: business.address.suburb, postcode: business.address.postcode },
  freeWithinKm: policy.freeDeliveryKm,
  dollarsPerKmBeyond: 2,
  onlineLimitKm: 100,
} as const;

/**
 * How a booking is paid (docs/product-decisions.md, "Deposits and tax invoices"): a deposit secures the date,
 * the balance is due before the event, and an event that close is due in full at once.
 */
export const paymentTerms = {
  depositPercent: 30,
  depositDueDays: 7,
  balanceDueDaysBeforeEvent: 14,
} as const;

/**
 * "The deposit now, then monthly" (docs/product-decisions.md, "Payment plans and autopay"): offered
 * when the balance falls due this many calendar months or more after the booking; its first
 * instalment falls at least this many days after the booking, a month or so after the deposit.
 */
export const paymentPlans = {
  offeredFromMonthsToBalance: 2,
  firstInstalmentAfterDays: 30,
  /** A PayTo agreement for autopay ends this many months after the event (a late charge owed, a refund), never sooner. */
  payToEndsAfterMonthsFromEvent: 6,
} as const;

/**
 * GST registration. The ABN is FICTIONAL (it passes the ABN checksum only); replace it with the
 * business's own. Prices on the site include GST; a registered business issues tax invoices.
 */
export const tax = {
  gstRegistered: true,
  abn: "49 624 595 711",
  /** GST is one eleventh of a GST-inclusive price. */
  gstFraction: 11,
} as const;

/**
 * How the month's sales go into Xero (docs/operations.md, "The month into Xero"): the sales account
 * every line is coded to, and its tax rate; a business not registered for GST marks its sales
 * outside the BAS.
 */
export const xeroImport = {
  accountCode: "200",
  taxType: tax.gstRegistered ? "GST on Income" : "BAS Excluded",
} as const;

/** What every price on the site means for tax (the packages and booking pages say it). */
export const priceTaxNote = tax.gstRegistered ? "All prices are in AUD and include GST." : "All prices are in AUD; no GST is charged.";

/**
 * How to pay without a card (the terms' bank transfer and PayID). EXAMPLE DETAILS ONLY: the
 * account is fictional; replace every value with the business's real account before going live.
 */
export const bankTransfer = {
  accountName: business.name,
  bank: "Example Bank",
  bsb: "000-000",
  accountNumber: "0000 0000",
  payId: business.email,
} as const;

export const timing = {
  heroRotationMs: 5000,
  seoRedirectMs: 1000,
  mapHeightPx: 250,
} as const;

/** Lower-case, hyphenated form of the trading name, as used in one blog slug. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * How many booths of each type the business owns (docs/product-decisions.md, "Availability and the booking
 * lifecycle"). A booking holds one booth of its type on its date; nothing else holds this number.
 */
export const fleet = {
  "Open Booth": 1,
  "Glam Booth": 1,
  "Enclosed Booth": 1,
} as const satisfies Record<BoothType, number>;

/** The booking lifecycle's time limits. */
export const lifecycle = {
  /** A request not confirmed in this many days expires (the quotation's validity): the rule for bookings received before `unpaidLapseFrom`. */
  requestExpiryDays: policy.quoteValidDays,
  /**
   * From this moment a booking holds its date by money or by the owner: one with nothing paid by
   * its deposit's due date lapses, whatever its status, unless the owner confirmed it by hand
   * (docs/product-decisions.md, "Dates are held by money or by the owner"). Bookings received
   * before it keep the rule they were made under.
   */
  unpaidLapseFrom: "2026-11-28T00:00:00.000Z",
  /**
   * A new booking holds its date this long until its e-mail address is proved ("Keep my date"), a
   * payment is recorded or the owner confirms it (docs/product-decisions.md, "A booking proves its
   * address"); its ledger's alarm releases it then.
   */
  unprovedHoldHours: 48,
  /** The owner's action links in the e-mails work until this many days after the booking's event (app/bookings/record/owner-links.server.ts). */
  ownerLinkDaysAfterEvent: 30,
  /** The day after its event a booking that held its date is completed; the schedule looks this many days back, so missed runs are made good. */
  completedLookBackDays: 7,
  /** The furthest range `/api/availability` answers in one request. */
  maxAvailabilityDays: 366,
  defaultAvailabilityDays: 90,
} as const;

/** The client's booking page: what the client may give and until when (docs/product-decisions.md, "The client's booking page"). */
export const bookingPage = {
  /** The event's details can be changed until this many days before the event; then they are read-only. */
  detailsLockDaysBeforeEvent: 7,
  /** The print template's text: this many lines of at most `printLineLength` characters. */
  printLines: 2,
  printLineLength: 40,
  /** The largest logo accepted, in bytes (2 MB). */
  logoMaxBytes: 2 * 1024 * 1024,
  /**
   * How often one booking may make each change from its page (save the details, change the
   * add-ons, move, cancel, answer a proof, accept the terms), in any hour and in any 24 hours: each
   * can e-mail the owner, the client or the crew, so a key must not become a way to flood them;
   * a client making the most of a whole evening's changes stays well inside it.
   */
  changesPerHour: 10,
  changesPerDay: 30,
} as const;

/** The thank-you e-mail's promise: the photos reach the client this many hours after the event (the owner's morning e-mail chases a gallery not posted by then). */
const photosWithinHours = 48;

/**
 * The reminders the daily schedule sends clients (docs/product-decisions.md, "Reminders and the
 * owner's agenda"). Set a kind to `false` to stop sending it; nothing else changes.
 */
export const reminders = {
  send: { depositDue: true, balanceDue: true, overdue: true, details: true, dayBefore: true, thankYou: true, proof: true },
  /** Days before the balance's due date of its first reminder (the second comes on the day). */
  balanceNoticeDays: 7,
  /** Days before an instalment autopay will charge of the client's notice, which replaces its reminders while autopay is on. */
  autopayNoticeDays: 3,
  /** Days after an unpaid due date before the overdue reminder (with a copy to the owner). */
  overdueAfterDays: 2,
  /** Days before the event of the details reminders, while the terms or details are missing. */
  detailsDaysBefore: [28, 14],
  /** Days before the proof's approve-by date of its reminders, while a proof waits for the client's answer (0: on the day). */
  proofDaysBefore: [3, 0],
  /** Where a happy client can leave a review (the thank-you e-mail links it). */
  reviewUrl: "https://g.page/r/bluestone-photo-booths/review",
  /** How the photos reach the client after the event. */
  photosWithinHours,
  photosDelivery: `Your photos and the digital copies of every print arrive by e-mail within ${photosWithinHours} hours, in a private gallery you can download from.`,
  /** A missed morning run is made good the next morning; older reminders are left. */
  catchUpDays: 1,
} as const;

/** The owner's morning e-mail and calendar feed. */
export const agenda = {
  /** The owner's home lists the bookings of this many weeks ahead. */
  homeWeeks: 6,
  /** The morning e-mail lists the events of today and this many days ahead. */
  daysAhead: 7,
  /** It also lists, with an upload link each, the events this many days ahead whose print design is not approved yet. */
  proofDaysAhead: 21,
  /** Declined, cancelled and expired bookings stay in the feed (as cancelled) this long, so phones remove them. */
  cancelledInFeedDays: 30,
  /** The calendar feed carries the events of this many days past and every one to come (docs/product-decisions.md, "Years of bookings"). */
  feedPastDays: 365,
  /** A day sheet's address works until this many days after its date (app/agenda/tokens.server.ts says why). */
  daySheetDaysAfter: 7,
  /** The attendant arrives this long before the event starts, to set the booth up. */
  arrivalMinutesBeforeStart: 60,
} as const;
