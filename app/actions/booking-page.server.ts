/**
 * The booking page's action: accepting the terms, saving the event's details, answering the
 * print design's proof, changing the add-ons and choosing how to pay, from a form (with or without JavaScript) or as JSON. A form's success is a
 * 303 back to the page; a refusal is the page again with the message beside the fields and what
 * was typed kept; JSON gets JSON.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { acceptTerms } from "~/bookings/booking-page/acceptance.server";
import { changeExtras } from "~/bookings/changes/changes.server";
import { invoicePath } from "~/bookings/record/addresses";
import type { BookingRecord } from "~/bookings/record/booking";
import { checkLogo, logoTooLarge } from "~/bookings/record/event-details";
import { saveEventDetails, type CheckedLogo } from "~/bookings/booking-page/event-details.server";
import { changePlan } from "~/bookings/booking-page/payment-plan.server";
import { answerProof, type GivenAnswer } from "~/bookings/proofs/proof-answer.server";
import { notFound } from "~/bookings/record/private-responses.server";
import { findBookingBySecret } from "~/bookings/record/record.server";
import { bookingPage } from "~/business";
import { visitorOf } from "~/rate-limit.server";
import { followBooking } from "~/crew/follow.server";
import type { Services } from "~/types/services";
import { bookingPageIntents, intentField, logoField, paymentOptionField, type BookingPageIntent, type FieldErrors, type FormValues } from "~/input/fields";
import type { BookingPageRefusal, Outcome } from "~/input/result";
import { acceptTermsSchema, approveProofSchema, eventDetailsSchema, extrasChangeSchema, planChangeSchema, proofChangesSchema } from "~/input/booking-page-forms";
import { validate } from "~/input/validate";
import { guard, type Checked } from "./guard.server";
import { readSubmission, type Submission } from "./upload.server";

/** The logo and the form's fields, with room for the multipart framing. */
const maxUploadBytes = bookingPage.logoMaxBytes + 64 * 1024;

type Refused = { ok: false; status: number; error: string; fieldErrors?: FieldErrors };
type Done = { ok: true; booking: BookingRecord; anchor: string };

function typed(fields: Record<string, unknown>): FormValues {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== intentField));
}

/** A form whose fields the schema refused: the messages go beside them. */
const invalid = (input: { error: string; fieldErrors: FieldErrors }): Refused => ({ ok: false, status: 400, error: input.error, fieldErrors: input.fieldErrors });

type DomainOutcome = { kind: "refused"; status: number; error: string } | { kind: string; booking: BookingRecord };

/** A domain call's answer: done, back to the form's section of the page, or refused with its status and message. */
function settled(outcome: DomainOutcome, anchor: string): Done | Refused {
  return "error" in outcome ? { ok: false, status: outcome.status, error: outcome.error } : { ok: true, booking: outcome.booking, anchor };
}

/** The change a post makes, once the guard lets it through. */
type Change = () => Promise<Done | Refused>;

/** A post's fields checked: refused, or the change they ask for. */
type Prepared = Refused | { ok: true; change: Change };

function prepareAccept(services: Services, booking: BookingRecord, request: Request, fields: Record<string, unknown>): Prepared {
  const input = validate("accept", acceptTermsSchema, fields);
  if (!input.ok) return invalid(input);
  const signer = { ip: visitorOf(request), userAgent: request.headers.get("User-Agent") ?? "" };
  return {
    ok: true,
    change: async () => {
      const outcome = await acceptTerms(services, booking, input.data, signer);
      if (outcome.kind !== "refused") return { ok: true, booking: outcome.booking, anchor: "terms" };
      // Terms that changed are accepted again: the message goes beside the box, which is left unticked.
      return { ok: false, status: outcome.status, error: outcome.error, ...(outcome.termsChanged ? { fieldErrors: { accept: outcome.error } } : {}) };
    },
  };
}

function prepareDetails(services: Services, booking: BookingRecord, body: Submission): Prepared {
  if (body.truncated) return { ok: false, status: 413, error: logoTooLarge, fieldErrors: { [logoField]: logoTooLarge } };
  const input = validate("details", eventDetailsSchema, body.fields);
  const checked = body.file ? checkLogo(body.file.bytes) : null;
  const fieldErrors = { ...(input.ok ? {} : input.fieldErrors), ...(checked && !checked.ok ? { [logoField]: checked.error } : {}) };
  if (!input.ok || (checked && !checked.ok)) return { ok: false, status: 400, error: input.ok ? fieldErrors[logoField]! : input.error, fieldErrors };
  const logo: CheckedLogo | null = checked?.ok && body.file ? { bytes: body.file.bytes, type: checked.type } : null;
  return { ok: true, change: async () => settled(await saveEventDetails(services, booking, input.data, logo), "details") };
}

/** "Approve this design" (the typed name) or "Ask for changes" (the comment), for the version the page showed. */
function givenAnswer(intent: "approve-proof" | "proof-changes", fields: Record<string, unknown>): { version: number; given: GivenAnswer } | Refused {
  if (intent === "approve-proof") {
    const input = validate(intent, approveProofSchema, fields);
    return input.ok ? { version: input.data.proofVersion, given: { kind: "approved", name: input.data.approver } } : invalid(input);
  }
  const input = validate(intent, proofChangesSchema, fields);
  return input.ok ? { version: input.data.proofVersion, given: { kind: "changes", comment: input.data.comment } } : invalid(input);
}

function prepareAnswer(services: Services, booking: BookingRecord, intent: "approve-proof" | "proof-changes", fields: Record<string, unknown>): Prepared {
  const parsed = givenAnswer(intent, fields);
  if ("ok" in parsed) return parsed;
  return { ok: true, change: async () => settled(await answerProof(services, booking, parsed.version, parsed.given), "proof") };
}

/** Adding or removing add-ons: a refusal (an item gone, the window closed) keeps the choices beside the form. */
function prepareAddOns(services: Services, booking: BookingRecord, fields: Record<string, unknown>): Prepared {
  const input = validate("extras", extrasChangeSchema, fields);
  if (!input.ok) return invalid(input);
  return { ok: true, change: async () => settled(await changeExtras(services, booking, input.data), "add-ons") };
}

/** Choosing how to pay again: refused once anything is paid, or a monthly plan the dates do not offer. */
function preparePlan(services: Services, booking: BookingRecord, fields: Record<string, unknown>): Prepared {
  const input = validate("plan", planChangeSchema, fields);
  if (!input.ok) return invalid(input);
  return { ok: true, change: async () => settled(await changePlan(services, booking, input.data[paymentOptionField]), "plan") };
}

function prepare(services: Services, booking: BookingRecord, request: Request, intent: BookingPageIntent, body: Submission): Prepared {
  switch (intent) {
    case "accept":
      return prepareAccept(services, booking, request, body.fields);
    case "details":
      return prepareDetails(services, booking, body);
    case "extras":
      return prepareAddOns(services, booking, body.fields);
    case "plan":
      return preparePlan(services, booking, body.fields);
    default:
      return prepareAnswer(services, booking, intent, body.fields);
  }
}

/** Each change is behind the site's guard, counted against its connection and then against this booking (each can send e-mail). */
async function act(services: Services, booking: BookingRecord, request: Request, intent: BookingPageIntent, body: Submission): Promise<Done | Refused> {
  const guarded = await guard(services, intent, request, body.fields, (): Checked<Change> => {
    const prepared = prepare(services, booking, request, intent, body);
    return prepared.ok ? { ok: true, value: prepared.change, against: { booking: booking.invoiceNumber } } : prepared;
  });
  return guarded.ok ? guarded.value() : guarded;
}

function intentOf(fields: Record<string, unknown>): BookingPageIntent | null {
  return bookingPageIntents.find((intent) => intent === fields[intentField]) ?? null;
}

/**
 * `intent` is fixed by the JSON endpoints (`/invoice/{number}/accept`, `/details` and `/extras`), which answer
 * JSON whatever the body's type; the page's own action takes it from the pressed button.
 */
export async function bookingPageAction(services: Services, invoiceNumber: string, request: Request, endpoint?: BookingPageIntent) {
  const secret = new URL(request.url).searchParams.get("key");
  const booking = await findBookingBySecret(services, invoiceNumber, secret);
  if (!booking || !secret) return notFound();
  const body: Outcome<Submission> = await readSubmission(request, maxUploadBytes, logoField);
  if (!body.ok) return Response.json({ error: body.error }, { status: body.status });
  // Only the details form carries a file, so a body too large to read whole was meant for it.
  const intent = endpoint ?? intentOf(body.value.fields) ?? (body.value.truncated ? "details" : null);
  if (!intent) return Response.json({ error: `Say what to do: ${intentField} must be one of ${bookingPageIntents.join(", ")}.` }, { status: 400 });
  const result = await act(services, booking, request, intent, body.value);
  // A change of start time is a move for whoever works the event (told, and decided again); a new venue is news to them too.
  if (result.ok && intent === "details") await followBooking(services, invoiceNumber, booking).catch((error: unknown) => console.error(`The crew of ${invoiceNumber} could not be told of its new details:`, error));
  if (endpoint) {
    if (!result.ok) return Response.json({ error: result.error, ...(result.fieldErrors ? { fields: result.fieldErrors } : {}) }, { status: result.status });
    const { status, acceptance, eventDetails, extras, totalCents } = result.booking;
    return Response.json({ ok: true, status, acceptance: acceptance ?? null, eventDetails: eventDetails ?? null, extras: extras ?? null, totalCents });
  }
  if (result.ok) return redirect(`${invoicePath(invoiceNumber, secret)}#${result.anchor}`, 303);
  const refusal: BookingPageRefusal = { intent, error: result.error, fieldErrors: result.fieldErrors ?? {}, values: typed(body.value.fields) };
  return data(refusal, { status: result.status });
}
