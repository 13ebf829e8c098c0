/**
 * The terms as a client reads them on their booking page: the Terms and Conditions with this
 * booking's figures written in. Its text, to the character, is what an acceptance signs: its
 * SHA-256 is recorded and a copy kept.
 */
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { termsFigures } from "~/bookings/booking-page/terms-figures";
import { documentText, type LegalDocument } from "~/content/legal-document";
import { termsDocument } from "~/content/terms.server";

type Termed = Pick<BookingRecord, "invoiceNumber" | "status" | "totalCents" | "issuedOn" | "eventDate" | "payments" | "paymentPlan">;

export function bookingTerms(booking: Termed): LegalDocument {
  const figures = { heading: `What these terms mean for booking ${booking.invoiceNumber}`, blocks: [termsFigures(billableOf(booking))] };
  return { ...termsDocument, sections: [figures, ...termsDocument.sections] };
}

export interface SignedText {
  text: string;
  /** Hex SHA-256 of the text's UTF-8 bytes. */
  sha256: string;
}

export async function signedText(document: LegalDocument): Promise<SignedText> {
  return digested(documentText(document));
}

/** A text with the SHA-256 of its UTF-8 bytes: what a client signs or agrees to, to the character. */
export async function digested(text: string): Promise<SignedText> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return { text, sha256: [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("") };
}
