/**
 * The owner's forms: on their page of a booking (a bank payment and its void, the day's note, the
 * photos' gallery, the print design's proof), on their home (blocked dates, promo codes) and the
 * accountant's export's range.
 */
import * as z from "zod";
import { isInvoiceNumber } from "./invoice-number";
import { isBlockKey } from "~/storage-keys";
import { boothTypes } from "~/pricing";
import { attendantBoothField, maxLength, promoCodeLength } from "./fields";
import { email, isoDay, optionalText, text } from "./field-shapes";
import { galleryUrlMaxLength, galleryUrlProblem } from "./gallery-url";

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

/** The owner's export: a range of dates, the end not before the start. */
export const exportRangeSchema = z
  .object({ from: isoDay("from"), to: isoDay("to") })
  .refine(({ from, to }) => from <= to, "to must not be before from.");

/** A month of the books into Xero (`/owner/xero/{YYYY-MM}/{file}.csv`): a real month, and one of the two files. */
export const xeroImportSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Give the month as YYYY-MM."),
  file: z.enum(["sales-invoices.csv", "credit-notes.csv"], { error: "The file is sales-invoices.csv or credit-notes.csv." }),
});

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

/** The owner's "Charge this instalment now": which instalment of the plan (1 for the first). */
export const chargeInstalmentSchema = z.object({
  instalment: z.coerce.number({ error: "Which instalment?" }).int("Which instalment?").min(1, "Which instalment?").max(120, "Which instalment?"),
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

/** The owner's home: take back one booking's owner links, named by its invoice number. */
export const takeBackBookingSchema = z.object({
  invoiceNumber: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isInvoiceNumber, "Type an invoice number, like PB-20261122-473."),
});

/** The owner's home: add an attendant, or (with `id`) change one: who they are, the booths they run, their rate and their Working with Children Check. */
export const attendantSchema = z
  .object({
    id: z.string().regex(/^A-[A-Za-z0-9_-]{8,40}$/, "Which attendant?").optional(),
    name: text("attendant's name", maxLength.name),
    phone: text("attendant's phone", maxLength.phoneNumber),
    email,
    rate: z
      .string()
      .trim()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, "Give the hourly rate in dollars, like 35 or 35.50.")
      .transform((value) => Math.round(Number(value) * 100)),
    wwccNumber: text("Working with Children Check number", maxLength.wwccNumber),
    wwccExpires: isoDay("The check's expiry"),
    ...Object.fromEntries(boothTypes.map((booth) => [attendantBoothField(booth), z.literal("on").optional()])),
  })
  .transform(({ id, name, phone, email: address, rate, wwccNumber, wwccExpires, ...ticks }) => ({
    id,
    name,
    phone,
    email: address,
    hourlyRateCents: rate,
    wwccNumber,
    wwccExpires,
    booths: boothTypes.filter((booth) => (ticks as Record<string, string | undefined>)[attendantBoothField(booth)] === "on"),
  }))
  .refine((attendant) => attendant.booths.length > 0, { message: "Tick at least one booth they can run.", path: ["booths"] });

/** The owner's home: remove one attendant. */
export const removeAttendantSchema = z.object({ id: z.string().regex(/^A-[A-Za-z0-9_-]{8,40}$/, "Which attendant?") });

/** The owner's page of a booking: assign an attendant to it, or take one off it. */
export const crewSchema = z.object({ attendant: z.string().regex(/^A-[A-Za-z0-9_-]{8,40}$/, "Choose an attendant.") });

/** The crew's hours CSV: one month, YYYY-MM. */
export const hoursMonthSchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Give the month as YYYY-MM.") });

export type AttendantInput = z.output<typeof attendantSchema>;

/** The owner's home: end a promo code, as `npm run promo -- end` does. */
export const endPromoSchema = z.object({ code: promoCode });

export type AddPromoInput = z.output<typeof addPromoSchema>;
export type BankPaymentInput = z.output<typeof bankPaymentSchema>;
export type VoidPaymentInput = z.output<typeof voidPaymentSchema>;

/** The kinds whose subjects have generations of their own: one booking's owner links, one attendant's link and feed. */
const subjectKinds = ["booking", "attendant", "attendant-feed"] as const;

/** A kind's generation (which kinds have one is the links' to say, app/links/kinds.ts), or one subject's own of a kind. */
const generationName = z.union([
  z.object({ kind: z.string().regex(/^[a-z-]{1,40}$/, "Not a kind of link.") }).strict(),
  z.object({ kind: z.enum(subjectKinds), subject: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a booking or an attendant.") }).strict(),
]);

/** A request of the owner's scripts to the generations of links (app/links/generations.server.ts): read some, every subject's of a kind, or move one on from where it is. */
export const generationsRequestSchema = z.union([
  z.object({ read: z.array(generationName).max(64) }).strict(),
  z.object({ subjects: z.enum(subjectKinds) }).strict(),
  // A move names where it moves from, so a request replayed within its minutes moves nothing more.
  z.object({ move: generationName, from: z.number().int().nonnegative() }).strict(),
]);
