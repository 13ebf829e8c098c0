/**
 * The owner's proof upload, from a form (with or without JavaScript): the file is recognised by
 * its bytes and refused beside its field, with the note kept, when it is not a PNG, JPEG or PDF
 * or is over 10 MB; a body too large is read through and dropped, never stored. A proof taken is
 * a 303 back to the same signed page, which lists it.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { uploadProof } from "~/bookings/proofs/owner-proof.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { checkProof, proofMaxBytes, proofTooLarge } from "~/bookings/record/proofs";
import type { Services } from "~/types/services";
import { proofFileField, type FieldErrors, type FormValues } from "~/input/fields";
import { proofUploadSchema } from "~/input/owner-forms";
import type { FormRefusal } from "~/input/result";
import { validate } from "~/input/validate";
import { readSubmission } from "./upload.server";

/** The proof and the note, with room for the multipart framing. */
const maxUploadBytes = proofMaxBytes + 64 * 1024;

const refusal = (status: number, error: string, fieldErrors: FieldErrors, values: FormValues) => data<FormRefusal>({ error, fieldErrors, values }, { status });

export async function ownerProofAction(services: Services, booking: BookingRecord, request: Request) {
  const body = await readSubmission(request, maxUploadBytes, proofFileField);
  if (!body.ok) return refusal(body.status, body.error, {}, {});
  const { fields, file, truncated } = body.value;
  const values: FormValues = typeof fields.note === "string" ? { note: fields.note } : {};
  if (truncated) return refusal(413, proofTooLarge, { [proofFileField]: proofTooLarge }, values);
  const input = validate("proof-upload", proofUploadSchema, fields);
  if (!input.ok) return refusal(400, input.error, input.fieldErrors, values);
  if (!file) return refusal(400, "Please choose the proof's file.", { [proofFileField]: "Please choose the proof's file." }, values);
  const checked = checkProof(file.bytes);
  if (!checked.ok) return refusal(400, checked.error, { [proofFileField]: checked.error }, values);
  const outcome = await uploadProof(services, booking, { bytes: file.bytes, type: checked.type }, input.data.note);
  if (!outcome) return refusal(409, "This booking no longer exists.", {}, values);
  if (outcome.kind === "refused") return refusal(409, outcome.reason, {}, values);
  const page = new URL(request.url);
  page.searchParams.set("uploaded", String(outcome.proof.version));
  return redirect(`${page.pathname}${page.search}`, 303);
}
