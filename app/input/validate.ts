/** Running a form's schema: one message per field, and a headline the form shows above them. */
import type { z } from "zod";
import {
  acceptFields,
  approveProofFields,
  bookingFields,
  bookingLinkFields,
  contactFields,
  detailsFields,
  proofChangesFields,
  quoteFields,
  type FieldErrors,
} from "./fields";
import { refusals } from "./messages";

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
  plan: [],
  "booking-link": bookingLinkFields,
  "bank-payment": ["amount", "receivedOn"],
  "void-payment": ["reason"],
  "day-note": [],
  "block-date": ["date"],
  unblock: ["key"],
  "add-promo": ["code", "amount"],
  "end-promo": ["code"],
  "take-back-booking": ["invoiceNumber"],
  attendant: ["name", "phone", "email", "rate", "wwccNumber", "wwccExpires"],
  "remove-attendant": ["id"],
  crew: ["attendant"],
  "charge-instalment": ["instalment"],
  "crew-answer": ["invoiceNumber", "answer"],
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
