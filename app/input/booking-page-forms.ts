/**
 * The client's booking page: accepting the terms, the event's details, answering the print design's
 * proof, changing the add-ons, choosing how to pay, moving the date, and "Send me my booking link".
 */
import * as z from "zod";
import { bookingPage } from "~/business";
import { maxLength, paymentOptionField, paymentOptions } from "./fields";
import { brokenCharacter, choice, email, extraChoices, gatherExtras, isCalendarDate, isWellFormed, optionalText, plain, text } from "./field-shapes";

/** Choosing how to pay again on the booking page, before anything is paid. */
export const planChangeSchema = z.object({ [paymentOptionField]: choice(paymentOptions, "way to pay") });

const sha256 = (what: string) =>
  z
    .string({ error: `The page did not say which ${what} you read: please reload it and press again.` })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, `The page did not say which ${what} you read: please reload it and press again.`);

/** The saved card or PayTo method the page showed: a press from an older page never acts on another. */
const shownMethod = z.string({ error: "The page did not say which card it showed: please reload it." }).trim().regex(/^pm_[A-Za-z0-9_]{1,100}$/, "The page did not say which card it showed: please reload it.");

/** Turning autopay on: by card or PayTo, and the SHA-256 of the agreement's words the page showed beside that button (a hidden field). */
export const autopayStartSchema = z.object({ method: choice(["card", "payto"] as const, "way of autopay"), agreementSha256: sha256("autopay agreement") });
export type AutopayStartInput = z.infer<typeof autopayStartSchema>;

/** "Turn autopay off": the saved method the page showed. */
export const autopayOffSchema = z.object({ paymentMethod: shownMethod });
export type AutopayOffInput = z.infer<typeof autopayOffSchema>;

/** "Change card": the card the page showed, to be replaced. */
export const autopayCardSchema = z.object({ paymentMethod: shownMethod });
export type AutopayCardInput = z.infer<typeof autopayCardSchema>;

/** Changing the add-ons on the booking page: the booking form's extras, without a promo code (a booking's price is fixed when it is made). */
export const extrasChangeSchema = z.object(extraChoices).transform((fields) => gatherExtras(fields).extras);

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

export type AcceptTermsInput = z.output<typeof acceptTermsSchema>;
export type EventDetailsInput = z.output<typeof eventDetailsSchema>;
