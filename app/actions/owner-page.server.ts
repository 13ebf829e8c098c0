/**
 * The forms of the owner's page of a booking, with or without JavaScript: each names its `intent`,
 * is checked by its own schema and goes to the domain. Done, it is a 303 back to the page saying
 * what happened; refused, the page again with the reason (4xx), as every form here answers.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { chargeInstalmentNow, stopAutopay } from "~/bookings/owner-autopay.server";
import { changeStatusFromPage, noteForDay, resendMail, type PageOutcome } from "~/bookings/owner-page.server";
import { recordBankPayment, voidBankPayment } from "~/bookings/payments/bank-payments.server";
import { actOnRefundLink, refundAttemptOf } from "~/bookings/payments/refund-link.server";
import { postGallery } from "~/bookings/photos.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { mailBookingLink } from "~/bookings/booking-page/lost-link.server";
import type { Services } from "~/types/services";
import { readFormBody } from "./body.server";
import { assignAttendant, unassignAttendant } from "~/crew/assign.server";
import { bankPaymentSchema, chargeInstalmentSchema, crewSchema, dayNoteSchema, voidPaymentSchema } from "~/input/owner-forms";
import { validate } from "~/input/validate";

export interface PageRefusal {
  error: string;
}

/** Where each form's answer takes the owner back to on the page. */
const sections: Record<string, string> = { bank: "payments", void: "payments", refund: "payments", gallery: "photos", "day-note": "day", resend: "emails", "send-link": "emails", assign: "crew", unassign: "crew", "stop-autopay": "plan", "charge-instalment": "plan" };

async function outcomeOf(services: Services, booking: BookingRecord, fields: Record<string, string>): Promise<PageOutcome> {
  const invalid = (error: string): PageOutcome => ({ ok: false, status: 400, said: error });
  const done = ({ ok, said }: { ok: boolean; said: string }): PageOutcome => (ok ? { ok, said } : { ok, status: 409, said });
  switch (fields.intent) {
    case "confirm":
      return changeStatusFromPage(services, booking, "confirmed");
    case "decline":
      return changeStatusFromPage(services, booking, "declined");
    case "cancel":
      return changeStatusFromPage(services, booking, "cancelled");
    case "refund":
      return { ok: true, said: await actOnRefundLink(services, booking, fields.method === "card" ? "card" : "bank", refundAttemptOf(fields.attempt ?? null)) };
    case "bank": {
      const input = validate("bank-payment", bankPaymentSchema, fields);
      return input.ok ? done(await recordBankPayment(services, booking, input.data)) : invalid(input.error);
    }
    case "void": {
      const input = validate("void-payment", voidPaymentSchema, fields);
      return input.ok ? done(await voidBankPayment(services, booking, input.data)) : invalid(input.error);
    }
    case "gallery": {
      const posted = await postGallery(services, booking.invoiceNumber, fields.galleryUrl ?? "");
      if (posted.kind === "refused") return { ok: false, status: posted.status, said: posted.error };
      return { ok: true, said: posted.kind === "same" ? "That link was posted already: nothing changed." : `The photos' link is on the client's page${posted.emailed ? ", and the client has been e-mailed it" : ""}.` };
    }
    case "stop-autopay":
      return stopAutopay(services, booking);
    case "charge-instalment": {
      const input = validate("charge-instalment", chargeInstalmentSchema, fields);
      return input.ok ? chargeInstalmentNow(services, booking, input.data.instalment) : invalid(input.error);
    }
    case "send-link":
      return (await mailBookingLink(services, booking))
        ? { ok: true, said: `The booking page's link was e-mailed to ${booking.email}.` }
        : { ok: false, status: 429, said: "Not sent: a booking's link goes out at most once an hour and three times a day, and not once the booking gave its date up more than 30 days ago." };
    case "day-note": {
      const input = validate("day-note", dayNoteSchema, fields);
      return input.ok ? noteForDay(services, booking, input.data.note) : invalid(input.error);
    }
    case "resend":
      return resendMail(services, booking, fields.mail ?? "");
    case "assign":
    case "unassign": {
      const input = validate("crew", crewSchema, fields);
      if (!input.ok) return invalid(input.error);
      return done(await (fields.intent === "assign" ? assignAttendant : unassignAttendant)(services, booking, input.data.attendant));
    }
    default:
      return invalid("The form did not say what to do: reload the page and try again.");
  }
}

export async function ownerPageAction(services: Services, booking: BookingRecord, request: Request) {
  const body = await readFormBody(request);
  if (!body.ok) return data({ error: body.error } satisfies PageRefusal, { status: body.status });
  const outcome = await outcomeOf(services, booking, body.value);
  if (!outcome.ok) return data({ error: outcome.said } satisfies PageRefusal, { status: outcome.status });
  const page = new URL(request.url);
  const back = new URLSearchParams({ sig: page.searchParams.get("sig") ?? "", done: outcome.said });
  return redirect(`${page.pathname}?${back}#${sections[body.value.intent ?? ""] ?? "status"}`, 303);
}
