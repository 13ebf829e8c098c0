/**
 * Accepting the terms on the booking page: the form carries the SHA-256 of the text it showed, and
 * an acceptance of any other text than the booking's terms as they read now is refused (they change
 * when the booking moves, or with a new version), so the record signs what the client read
 * (docs/product-decisions.md, "The client's booking page"). The exact text is kept in R2 first, then
 * the acceptance is recorded on the booking through its ledger (confirming a requested booking),
 * then the client gets what they accepted by e-mail and the owner a note, and the PDF is drawn again.
 */
import { acceptedTermsPath, invoicePath } from "~/bookings/record/addresses";
import type { BookingRecord } from "~/bookings/record/booking";
import { bookingTerms, signedText } from "~/bookings/booking-page/booking-terms.server";
import { acceptanceMails } from "~/bookings/mails/client-mails.server";
import { writeInvoicePdf } from "~/bookings/invoice/invoice-file.server";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { acceptedTermsKey, type TermsAcceptance } from "~/bookings/record/terms-acceptance";
import { policy } from "~/business";
import type { AcceptTermsInput } from "~/input/booking-page-forms";
import { queueMails } from "~/mail/queue.server";
import type { Services } from "~/types/services";
import { bookingKey } from "~/storage-keys";

/** Who signed, as the request shows them. */
export interface Signer {
  ip: string;
  userAgent: string;
}

const termsChanged = "The terms have changed since this page showed them. Please read them again below, and accept them if you agree.";

/** `termsChanged`: the text read is not the text now, so the acceptance is to be made again. */
export type AcceptOutcome = { kind: "accepted" | "already"; booking: BookingRecord } | { kind: "refused"; status: 409 | 503; error: string; termsChanged?: true };

/** The copy of the terms could not be kept, or the ledger could not be reached: nothing is recorded, and pressing again accepts. */
function unavailable(booking: BookingRecord, error: unknown): AcceptOutcome {
  console.error(`The acceptance of the terms of ${booking.invoiceNumber} could not be recorded just now:`, error);
  return { kind: "refused", status: 503, error: "We could not record your acceptance just now, so nothing has changed. Please try again in a minute." };
}

export async function acceptTerms(services: Services, booking: BookingRecord, input: AcceptTermsInput, signer: Signer): Promise<AcceptOutcome> {
  if (booking.acceptance) return { kind: "already", booking };
  if (!holdsBooth(booking.status)) return { kind: "refused", status: 409, error: `This booking is ${booking.status}, so its terms can no longer be accepted.` };
  const { text, sha256 } = await signedText(bookingTerms(booking));
  if (input.termsSha256 !== sha256) return { kind: "refused", status: 409, error: termsChanged, termsChanged: true };
  const copy = acceptedTermsKey(booking.invoiceNumber, sha256);
  const acceptance: TermsAcceptance = {
    name: input.signature,
    at: services.now().toISOString(),
    ip: signer.ip,
    userAgent: signer.userAgent.slice(0, 500),
    version: policy.termsLastUpdated,
    sha256,
    copy,
  };
  let outcome: Awaited<ReturnType<Services["ledger"]["changeByClient"]>>;
  try {
    await services.r2.put(copy, text, {
      httpMetadata: { contentType: "text/plain; charset=utf-8" },
      customMetadata: { invoiceNumber: booking.invoiceNumber, version: policy.termsLastUpdated },
    });
    outcome = await services.ledger.changeByClient(booking.invoiceNumber, { kind: "accept", acceptance });
  } catch (error) {
    return unavailable(booking, error);
  }
  if (!outcome) return { kind: "refused", status: 409, error: "This booking no longer exists." };
  if (outcome.kind === "refused") return { kind: "refused", status: 409, error: outcome.reason };
  if (outcome.kind === "already") return { kind: "already", booking: outcome.record };
  const accepted = outcome.record;
  const origin = services.config.SITE_ORIGIN;
  const links = {
    page: `${origin}${invoicePath(accepted.invoiceNumber, accepted.invoiceSecret)}`,
    copy: `${origin}${acceptedTermsPath(accepted.invoiceNumber, accepted.invoiceSecret)}`,
  };
  const { visitor, owner } = acceptanceMails(accepted, links, { ownerEmail: services.config.OWNER_EMAIL });
  // Named apart from the booking's own pair: a name already sent for the record is never sent again.
  await queueMails(services, { recordKey: bookingKey(accepted.eventDate, accepted.invoiceNumber), mails: { accepted: visitor, "accepted-owner": owner } });
  await writeInvoicePdf(services, accepted);
  console.log(`Booking ${accepted.invoiceNumber}: terms accepted by the client${outcome.before.status === "requested" ? "; now confirmed" : ""}.`);
  return { kind: "accepted", booking: accepted };
}
