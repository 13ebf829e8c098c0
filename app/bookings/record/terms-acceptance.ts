/**
 * The client's acceptance of the terms, kept on the booking as an electronic signature the business
 * can rely on (docs/product-decisions.md, "The client's booking page"): who (the typed name), when,
 * from where (IP address and browser), and exactly what (the terms' version and the SHA-256 of the
 * text shown, a copy of which is kept in R2).
 */
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

export interface TermsAcceptance {
  /** The full name the client typed as their signature. */
  name: string;
  at: string;
  ip: string;
  userAgent: string;
  /** The terms' "last updated" date. */
  version: string;
  /** Hex SHA-256 of the exact text shown, figures included. */
  sha256: string;
  /** R2 object name of the copy of that text. */
  copy: string;
}

/** R2 object name of the accepted terms' copy: one per booking and text, so a later text never overwrites it. */
export function acceptedTermsKey(invoiceNumber: string, sha256: string): string {
  return `terms/${invoiceNumber}/${sha256}.txt`;
}

/** "Terms accepted by Jane Citizen on Tuesday 24 November 2026" (Melbourne's date). */
export function acceptanceLine(acceptance: Pick<TermsAcceptance, "name" | "at">): string {
  return `Terms accepted by ${acceptance.name} on ${formatDateInWords(melbourneToday(new Date(acceptance.at)))}`;
}
