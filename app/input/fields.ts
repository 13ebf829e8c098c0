/**
 * Field names, limits and choices of the three forms. Shared by the form components (which run
 * in the browser) and the zod schemas (which run on the server), so both agree on every limit.
 * Nothing here may import zod: this module ships to the browser.
 */
export const maxLength = {
  name: 100,
  email: 254,
  phoneNumber: 40,
  eventLocation: 200,
  message: 2000,
  venueAddress: 200,
  accessNotes: 1000,
  proofComment: 1000,
  proofNote: 1000,
  bankReference: 140,
  voidReason: 500,
  dayNote: 500,
  blockReason: 200,
  wwccNumber: 40,
} as const;

/** Spam trap: a field real visitors never see or fill in (see `Honeypot`). */
export const honeypotField = "website";

/** Form-data field the browser adds when it submits without a page load, so the action answers with data instead of a redirect. */
export const fetchModeField = "_via";
export const fetchModeValue = "fetch";

export const quoteFields = [
  "fullName",
  "email",
  "phoneNumber",
  "eventDate",
  "eventLocation",
  "packageDuration",
  "service",
  "message",
] as const;
export type QuoteField = (typeof quoteFields)[number];

export const bookingFields = [
  "fullName",
  "email",
  "phoneNumber",
  "eventDate",
  "eventLocation",
  "boothType",
  "packageDuration",
  "message",
] as const;
export type BookingField = (typeof bookingFields)[number];

/**
 * The booking form's extras: one checkbox per add-on (`addOn-{id}`, so a plain form post carries
 * each as its own field), the extra hours, the backdrop and a promo code.
 */
export function addOnField(id: string): `addOn-${string}` {
  return `addOn-${id}`;
}
export const extrasFields = ["extraHours", "backdrop", "promoCode"] as const;
export const promoCodeLength = 40;
/** What the client types, as codes are stored: trimmed, upper case. */
export function normaliseCode(typed: string): string {
  return typed.trim().toUpperCase();
}

export const contactFields = ["name", "email", "message"] as const;
export type ContactField = (typeof contactFields)[number];

/**
 * How the client pays (docs/product-decisions.md, "Payment plans and autopay"): the deposit then the
 * balance by its due date, all of it now, or the deposit then monthly (app/bookings/plans/). A booking
 * sent without it pays the deposit then the balance, as every booking did before plans.
 */
export const paymentOptionField = "paymentOption";
export const paymentOptions = ["deposit-balance", "all-now", "monthly"] as const;
export type PaymentOption = (typeof paymentOptions)[number];

/** The only value of the booking's service field (docs/product-spec.md, section 3). */
export const bookingService = "Photobooth";

export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** Whether any of the named fields is empty or only spaces. */
export function hasEmptyField(data: FormData, fields: readonly string[]): boolean {
  return fields.some((field) => String(data.get(field) ?? "").trim() === "");
}

/** The booking page's forms: accepting the terms, and the event's details (the logo comes as a file beside them). */
export const acceptFields = ["accept", "signature", "termsSha256"] as const;
export const detailsFields = ["startTime", "venueAddress", "contactName", "contactMobile", "accessNotes", "printLine1", "printLine2"] as const;
export type DetailsField = (typeof detailsFields)[number];
export const logoField = "logo";
/** Answering the print design's proof: which version, and the approver's typed name or the changes asked. */
export const approveProofFields = ["proofVersion", "approver"] as const;
export const proofChangesFields = ["proofVersion", "comment"] as const;
/** The owner's proof upload: the file and a note to the client. */
export const proofFileField = "proof";
export const proofUploadFields = ["note"] as const;
/** Which of the booking page's forms a post is: its button's name and value. */
export const intentField = "intent";
/**
 * The booking and quote forms' calendar days (and, without JavaScript, "Show my price"): the form
 * comes back with what was typed, priced for its date, and nothing is sent. A post without an
 * intent is the seed's form, sent as before.
 */
export const priceIntent = "price";
export const bookingPageIntents = ["accept", "details", "approve-proof", "proof-changes", "extras", "plan"] as const;
export type BookingPageIntent = (typeof bookingPageIntents)[number];
/** The quote page's buttons: book it, prove the address for its follow-ups, say no thanks. */
export const quotePageIntents = ["book", "keep-posted", "no-thanks", "booking-link"] as const;

/** "Send me my booking link": the address typed, and the notice the booking page shows after it (a query parameter). */
export const bookingLinkFields = ["email"] as const;
export const bookingLinkNoticeField = "link";
export const bookingLinkNotices = ["sent", "invalid", "limited", "address-limited"] as const;
export type BookingLinkNotice = (typeof bookingLinkNotices)[number];
/** A booked quote's page after "Send me my booking link": sent, held back by the booking's own limits, or refused by the site's. */
export type QuoteLinkNotice = "sent" | "limited" | "connection-limited" | "address-limited";

/** The owner's form of an attendant: a box per booth they can run, named after the booth. */
export function attendantBoothField(booth: string): string {
  return `booth-${booth.toLowerCase().replace(/\s+/g, "-")}`;
}
