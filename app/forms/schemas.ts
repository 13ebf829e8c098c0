/**
 * One zod schema per form, used by the Remix actions and the JSON endpoints alike (server only:
 * zod stays out of the browser bundle; the forms share the limits through `fields.ts`).
 */
import { z } from "zod";
import { isInvoiceNumber } from "~/bookings/numbers/invoice-number";
import { isBlockKey } from "~/bookings/holds/blocks.server";
import { galleryUrlMaxLength, galleryUrlProblem } from "~/bookings/record/gallery-url";
import { bookingPage, lifecycle } from "~/business";
import { normaliseCode } from "~/prices/promo-codes";
import { addOnIds, backdropNames, type AddOnId, boothTypes, bookingDurations, maxExtraHours, quoteDurations } from "~/pricing";
import { addDays, daysBetween } from "~/utils/melbourne-time";
import {
  acceptFields,
  addOnField,
  approveProofFields,
  bookingFields,
  bookingLinkFields,
  bookingService,
  contactFields,
  detailsFields,
  maxLength,
  proofChangesFields,
  promoCodeLength,
  quoteFields,
  quotePageIntents,
  type FieldErrors,
} from "./fields";
import { refusals } from "./messages";

/** How far ahead an event may be booked; anything later is almost certainly a typo. */
const maxYearsAhead = 5;

/**
 * A lone UTF-16 surrogate (possible through a JSON `\ud800` escape) is not text: KV would store
 * it as bytes that are not UTF-8, and the record would read back with other characters.
 */
const loneSurrogate = /\p{Cs}/u;

function isWellFormed(value: string): boolean {
  return !loneSurrogate.test(value);
}

function brokenCharacter(label: string): string {
  return `Your ${label} contains a broken character.`;
}

/**
 * Control characters (C0, DEL, C1) are nothing anyone types, and a carriage return or a next line
 * in a name would reach the calendar files and e-mails raw (docs/product-decisions.md, "Bad input"):
 * every free-text field drops them before it is checked (a field with a format, an e-mail address
 * or a mobile number, refuses them). A single-line field turns its line breaks and tabs into
 * spaces; a multi-line one keeps its line feeds and tabs, a carriage return ending a line as a line
 * feed does.
 */
const lineBreaks = /[\t\n\v\f\r\u0085]+/g;
const controls = /\p{Cc}/gu;
const controlsButLineFeedsAndTabs = /(?![\t\n])\p{Cc}/gu;

const plain = {
  line: (value: string) => value.replace(lineBreaks, " ").replace(controls, ""),
  lines: (value: string) => value.replace(/\r\n?/g, "\n").replace(controlsButLineFeedsAndTabs, ""),
};

/** A field of one line or of several. */
type Shape = keyof typeof plain;

function text(label: string, max: number, shape: Shape = "line") {
  return z
    .string({ error: `Please enter your ${label}.` })
    .overwrite(plain[shape])
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(max, `Your ${label} is too long (at most ${max} characters).`)
    .refine(isWellFormed, brokenCharacter(label));
}

const email = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(maxLength.email, `Your email address is too long (at most ${maxLength.email} characters).`)
  .pipe(z.email("Please enter a valid email address."));

function choice<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, { error: `Please choose a ${label} from the list (${values.join(", ")}).` });
}

/** The last event date a booking made on `today` may take. */
export function lastBookableDate(today: string): string {
  return `${Number(today.slice(0, 4)) + maxYearsAhead}${today.slice(4)}`;
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** An event date (YYYY-MM-DD) from `today` (Melbourne's date) up to a few years ahead. */
function eventDate(today: string) {
  return z
    .string({ error: "Please choose the date of your event." })
    .trim()
    .min(1, "Please choose the date of your event.")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter the event date as YYYY-MM-DD.")
    .refine(isCalendarDate, "Please choose a real calendar date for your event.")
    .refine((value) => value >= today, "The event date is in the past. Please choose today or a later date.")
    .refine((value) => value <= lastBookableDate(today), `Please choose an event date within ${maxYearsAhead} years.`);
}

const optionalMessage = z
  .string({ error: "The message must be text." })
  .overwrite(plain.lines)
  .trim()
  .max(maxLength.message, `Your message is too long (at most ${maxLength.message} characters).`)
  .refine(isWellFormed, brokenCharacter("message"))
  .optional()
  .transform((value) => value ?? "");

/** Who is asking and for which event: the fields the quote and booking forms share. */
function eventFields(today: string) {
  return {
    fullName: text("full name", maxLength.name),
    email,
    phoneNumber: text("phone number", maxLength.phoneNumber),
    eventDate: eventDate(today),
    eventLocation: text("event location", maxLength.eventLocation),
  };
}

/** A ticked checkbox ("on" from a form, true from JSON); absent or empty when not ticked. */
const ticked = z
  .union([z.literal("on"), z.literal("true"), z.literal(true), z.literal(""), z.literal(false)], { error: "An add-on is either chosen or not." })
  .optional()
  .transform((value) => value === "on" || value === "true" || value === true);

/** One checkbox per add-on (`addOnField`), as the booking and quote forms send them. */
const addOnTicks = Object.fromEntries(addOnIds.map((id) => [addOnField(id), ticked])) as Record<`addOn-${AddOnId}`, typeof ticked>;

/** The fields without their add-on checkboxes, and the add-ons ticked, in catalogue order. */
function withAddOns<T extends Record<`addOn-${AddOnId}`, boolean>>(fields: T) {
  const rest = Object.fromEntries(Object.entries(fields).filter(([name]) => !name.startsWith("addOn-"))) as Omit<T, `addOn-${string}`>;
  return { rest, addOns: addOnIds.filter((id) => fields[addOnField(id) as `addOn-${AddOnId}`]) };
}

/** A promo code typed into the booking or quote form, normalised as codes are stored; absent when empty. */
const typedPromoCode = z
  .string({ error: "The promo code must be text." })
  .overwrite(plain.line)
  .max(promoCodeLength, `That promo code is too long (at most ${promoCodeLength} characters).`)
  .optional()
  .transform((value) => (value ? normaliseCode(value) : "") || undefined);

export function quoteSchema(today: string) {
  return z
    .object({
      ...eventFields(today),
      promoCode: typedPromoCode,
      packageDuration: choice(quoteDurations, "package duration"),
      service: choice(boothTypes, "booth"),
      message: text("message", maxLength.message, "lines"),
      ...addOnTicks,
    })
    .transform((fields) => {
      const { rest, addOns } = withAddOns(fields);
      return { ...rest, addOns };
    });
}

/** The extras' fields (fields.ts names them), as the booking form and the booking page's add-ons form send them. */
const extraChoices = {
  extraHours: z
    .union([z.string(), z.number()], { error: `Please choose up to ${maxExtraHours} extra hours.` })
    .optional()
    .transform((value) => (value === undefined || value === "" ? 0 : Number(value)))
    .refine((hours) => Number.isInteger(hours) && hours >= 0 && hours <= maxExtraHours, `Please choose up to ${maxExtraHours} extra hours.`),
  backdrop: z
    .enum(["", ...backdropNames], { error: `Please choose a backdrop from the list (${backdropNames.join(", ")}), or none.` })
    .optional()
    .transform((value) => value || null),
  ...addOnTicks,
};

type ExtraChoices = z.output<z.ZodObject<typeof extraChoices>>;

/** The extras' fields gathered into the booking's `extras`, and the other fields as they were. */
function gatherExtras<T extends ExtraChoices>({ extraHours, backdrop, ...fields }: T) {
  const { rest, addOns } = withAddOns(fields);
  return { rest, extras: { extraHours, backdrop, addOns } };
}

/** `build(today)`, made again only when the day changes: kept for the isolate's life. */
function oncePerDay<T>(build: (today: string) => T): (today: string) => T {
  let made: { today: string; value: T } | undefined;
  return (today) => (made?.today === today ? made : (made = { today, value: build(today) })).value;
}

function bookingSchemaOn(today: string) {
  return z.object({
    ...extraChoices,
    promoCode: typedPromoCode,
    ...eventFields(today),
    boothType: choice(boothTypes, "booth type"),
    packageDuration: choice(bookingDurations, "package duration"),
    service: z
      .literal(bookingService, { error: `The service must be ${bookingService}.` })
      .optional()
      .transform(() => bookingService),
    message: optionalMessage,
    // The browser's figure is never trusted; the server prices the booking itself.
    price: z.unknown().optional().transform(() => undefined),
    invoiceNumber: z
      .string({ error: "The invoice number must be text." })
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || isInvoiceNumber(value), "The invoice number must look like PB-YYYYMMDD-123."),
  }).transform((fields) => {
    const { rest, extras } = gatherExtras(fields);
    return { ...rest, extras };
  });
}

/** The booking form's schema for `today`, built once a day: building it costs several times what checking a booking with it does (docs/speed.md). */
export const bookingSchema = oncePerDay(bookingSchemaOn);

/** Changing the add-ons on the booking page: the booking form's extras, without a promo code (a booking's price is fixed when it is made). */
export const extrasChangeSchema = z.object(extraChoices).transform((fields) => gatherExtras(fields).extras);

export const contactSchema = z.object({
  name: text("name", maxLength.name),
  email,
  message: text("message", maxLength.message, "lines"),
});

function isoDay(name: string) {
  return z
    .string({ error: `${name} must be a date.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date written YYYY-MM-DD.`)
    .refine(isCalendarDate, `${name} must be a real calendar date.`);
}

/**
 * `GET /api/availability?from=&to=`: today (Melbourne) to 90 days on by default, at most 366 days
 * (both in `lifecycle`); dates before today are left out.
 */
export function availabilityRangeSchema(today: string) {
  return z
    .object({ from: isoDay("from").optional(), to: isoDay("to").optional() })
    .transform(({ from = today, to }) => ({ from, to: to ?? addDays(from, lifecycle.defaultAvailabilityDays) }))
    .refine(({ from, to }) => from <= to, "from must not be after to.")
    .refine(
      ({ from, to }) => daysBetween(from, to) < lifecycle.maxAvailabilityDays,
      `The range may cover at most ${lifecycle.maxAvailabilityDays} days.`,
    )
    .transform(({ from, to }) => ({ from: from < today ? today : from, to }));
}

/** The home page's "Check your date": one event date, as the booking form would take it. */
export function dateCheckSchema(today: string) {
  return z.object({ date: eventDate(today) });
}

/**
 * Accepting the terms on the booking page: the ticked box, the full name typed as a signature, and
 * the SHA-256 of the terms' text the page showed (a hidden field), so what is signed is what was read.
 */
export const acceptTermsSchema = z.object({
  accept: z.union([z.literal("on"), z.literal("true"), z.literal(true)], { error: "Please tick the box to accept the Terms and Conditions." }),
  signature: text("full name", maxLength.name),
  termsSha256: z
    .string({ error: "The page did not say which terms you read: please reload it and accept them again." })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, "The page did not say which terms you read: please reload it and accept them again."),
});

function optionalText(label: string, max: number, shape: Shape = "line") {
  return z
    .string({ error: `The ${label} must be text.` })
    .overwrite(plain[shape])
    .trim()
    .max(max, `The ${label} is too long (at most ${max} characters).`)
    .refine(isWellFormed, brokenCharacter(label))
    .optional()
    .transform((value) => value ?? "");
}

/** An Australian mobile number, spaces, dashes, dots and brackets allowed: 04xx xxx xxx or +61 4xx xxx xxx. */
const mobile = z
  .string({ error: "Please enter the contact's mobile number." })
  .trim()
  .min(1, "Please enter the contact's mobile number.")
  .max(maxLength.phoneNumber, "The mobile number is too long.")
  .refine((value) => /^(?:\+?61|0)4\d{8}$/.test(value.replace(/[\s().-]/g, "")), "Please enter an Australian mobile number, for example 0412 345 678.");

/** The event's details on the booking page (the logo is checked apart: it is a file). */
export const eventDetailsSchema = z.object({
  startTime: z
    .string({ error: "Please enter the start time." })
    .trim()
    .min(1, "Please enter the start time.")
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Please enter the start time as HH:MM, for example 18:30."),
  venueAddress: text("venue's street address", maxLength.venueAddress),
  contactName: text("contact's name", maxLength.name),
  contactMobile: mobile,
  accessNotes: optionalText("access and parking notes", maxLength.accessNotes, "lines"),
  printLine1: optionalText("first print line", bookingPage.printLineLength),
  printLine2: optionalText("second print line", bookingPage.printLineLength),
});

/** Which version of the proof the page showed: an answer is taken only for the latest one. */
const proofVersion = z.coerce
  .number({ error: "The page did not say which proof you looked at: please reload it." })
  .int("The page did not say which proof you looked at: please reload it.")
  .min(1, "The page did not say which proof you looked at: please reload it.");

/** Approving the print design's proof: the full name typed, recorded with the time like the terms' signature. */
export const approveProofSchema = z.object({ proofVersion, approver: text("full name", maxLength.name) });

/** Sending the proof back: what to change. */
export const proofChangesSchema = z.object({
  proofVersion,
  comment: z
    .string({ error: "Please say what to change." })
    .overwrite(plain.lines)
    .trim()
    .min(1, "Please say what to change.")
    .max(maxLength.proofComment, `Please keep it to ${maxLength.proofComment} characters.`)
    .refine(isWellFormed, brokenCharacter("comment")),
});

/** The owner's proof upload: an optional note to the client (the file is checked apart). */
export const proofUploadSchema = z.object({ note: optionalText("note", maxLength.proofNote, "lines") });

/** The owner's page posting the photos' gallery link: one https address, no credentials (record/photos.ts says why each is refused). */
export const gallerySchema = z.object({
  galleryUrl: z
    .string({ error: "Please paste the gallery's address." })
    .trim()
    .max(galleryUrlMaxLength, `The gallery's address is too long (at most ${galleryUrlMaxLength} characters).`)
    .superRefine((value, context) => {
      const problem = galleryUrlProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});

/** Moving a booking: the new date (the booking's window and the holds decide the rest). */
export const moveSchema = z.object({
  newDate: z
    .string({ error: "Please choose the new date." })
    .trim()
    .min(1, "Please choose the new date.")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter the new date as YYYY-MM-DD.")
    .refine(isCalendarDate, "Please choose a real calendar date."),
});

/** "Send me my booking link": the address the client booked with (compared without case or spaces). */
export const bookingLinkSchema = z.object({ email });

/** The owner's export: a range of dates, the end not before the start. */
export const exportRangeSchema = z
  .object({ from: isoDay("from"), to: isoDay("to") })
  .refine(({ from, to }) => from <= to, "to must not be before from.");

/** A form's one-time id (crypto.randomUUID()): the same press sent twice is one change. */
const oneTimeId = z
  .string({ error: "The form did not carry its one-time id: reload the page and try again." })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "The form did not carry its one-time id: reload the page and try again.");

/** The most one bank payment may be: more is a typo (no booking costs this much). */
const maxBankPaymentCents = 5_000_000;

/** Dollars as the owner types them ("481.50", "$1,200"), in whole cents. */
const dollarAmount = z
  .string({ error: "Please enter the amount received." })
  .trim()
  .transform((value) => value.replace(/^\$/, "").replace(/,/g, ""))
  .refine((value) => /^\d+(\.\d{1,2})?$/.test(value), "Please enter the amount in dollars, for example 481.50.")
  .transform((value) => Math.round(Number(value) * 100))
  .refine((cents) => cents > 0, "The amount must be more than $0.")
  .refine((cents) => cents <= maxBankPaymentCents, "That amount is more than any booking costs: please check it.");

/** The owner records a bank transfer or PayID payment from their page of the booking. */
export const bankPaymentSchema = z.object({
  attempt: oneTimeId,
  amount: dollarAmount,
  receivedOn: isoDay("The date received"),
  reference: optionalText("reference", maxLength.bankReference),
});

/** The owner voids a bank payment recorded by mistake, saying why. */
export const voidPaymentSchema = z.object({
  paymentId: z.string({ error: "Which payment?" }).regex(/^bank-[0-9a-f-]{36}$/, "Only a bank payment can be voided."),
  reason: text("reason", maxLength.voidReason),
});

/** The owner's note for the event's day (shown on the day sheet); empty takes it off. */
export const dayNoteSchema = z.object({ note: optionalText("note", maxLength.dayNote, "lines") });

/** The owner's home: block a date (every booth, one booth type or one item), with a reason for themselves. */
export const blockDateSchema = z.object({
  date: isoDay("The date"),
  what: z.string().max(40).optional().transform((value) => value ?? ""),
  reason: optionalText("reason", maxLength.blockReason),
});

/** The owner's home: lift one block, named by its key (only a block's key). */
export const unblockSchema = z.object({ key: z.string().refine(isBlockKey, "That is not a block.") });

const promoField = z.string().max(promoCodeLength * 2).optional();

/**
 * The owner's home: add a promo code. The fields become the arguments of `npm run promo -- add`,
 * whose parser (app/promos/promo-command.ts) checks them, so the form and the CLI refuse alike.
 */
const promoCode = z.string().trim().min(1, "Type the code.").max(promoCodeLength * 2);

export const addPromoSchema = z.object({
  code: promoCode,
  off: z.enum(["percent", "dollars"], { message: "Choose percent or dollars off." }).default("percent"),
  amount: z.string().trim().min(1, "Say how much off.").max(20),
  from: promoField,
  to: promoField,
  uses: promoField,
  expires: promoField,
  weekdays: z.literal("on").optional(),
});

/** The quote page's buttons; "keep-posted" brings the one-time proof its e-mail's link carried. */
export const quotePageSchema = z.object({
  intent: z.enum(quotePageIntents, { error: "Unknown button." }),
  proof: z.string().max(100).optional().transform((value) => value ?? ""),
});

/** The owner's home: end a promo code, as `npm run promo -- end` does. */
export const endPromoSchema = z.object({ code: promoCode });

export type AddPromoInput = z.output<typeof addPromoSchema>;

export type BankPaymentInput = z.output<typeof bankPaymentSchema>;
export type VoidPaymentInput = z.output<typeof voidPaymentSchema>;

export type QuoteInput = z.output<ReturnType<typeof quoteSchema>>;
export type BookingInput = z.output<ReturnType<typeof bookingSchema>>;
export type ContactInput = z.output<typeof contactSchema>;
export type AcceptTermsInput = z.output<typeof acceptTermsSchema>;
export type EventDetailsInput = z.output<typeof eventDetailsSchema>;
export type ApproveProofInput = z.output<typeof approveProofSchema>;
export type ProofChangesInput = z.output<typeof proofChangesSchema>;

export type Validation<T> =
  | { ok: true; data: T }
  | { ok: false; incomplete: boolean; error: string; fieldErrors: FieldErrors };

const requiredFields = {
  quote: quoteFields,
  booking: bookingFields.filter((field) => field !== "message"),
  contact: contactFields,
  accept: acceptFields,
  move: ["newDate"],
  details: detailsFields.filter((field) => field !== "accessNotes" && !field.startsWith("printLine")),
  "approve-proof": approveProofFields,
  "proof-changes": proofChangesFields,
  "proof-upload": [],
  extras: [],
  "booking-link": bookingLinkFields,
  "bank-payment": ["amount", "receivedOn"],
  "void-payment": ["reason"],
  "day-note": [],
  "block-date": ["date"],
  unblock: ["key"],
  "add-promo": ["code", "amount"],
  "end-promo": ["code"],
  "quote-page": ["intent"],
} as const;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** Runs a schema and reduces its issues to one message per field plus a headline. */
export function validate<T>(
  form: keyof typeof requiredFields,
  schema: z.ZodType<T>,
  input: Record<string, unknown>,
): Validation<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  const incomplete = requiredFields[form].some((field) => isBlank(input[field]));
  const error = incomplete ? refusals.incomplete : Object.values(fieldErrors)[0]!;
  return { ok: false, incomplete, error, fieldErrors };
}
