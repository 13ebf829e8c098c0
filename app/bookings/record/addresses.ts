/** The client's private addresses of a booking: each carries the booking's secret as its key. */

export function invoicePath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}?key=${encodeURIComponent(secret)}`;
}

/** The booking page as the booking e-mail links it: with the one-time proof that its client reads their e-mail (address-proof.ts). */
export function provingPath(invoiceNumber: string, secret: string, proof: string): string {
  return `${invoicePath(invoiceNumber, secret)}&proof=${encodeURIComponent(proof)}`;
}

/** Where "Keep my date" posts the proof. */
export function keepDatePath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/keep?key=${encodeURIComponent(secret)}`;
}

/**
 * The booking page without its key: what may be handed on (the calendar file). Opened, it offers to
 * e-mail the page's link to the address on the booking.
 */
export function bookingPagePath(invoiceNumber: string): string {
  return `/invoice/${invoiceNumber}`;
}

export function invoicePdfPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/pdf?key=${encodeURIComponent(secret)}`;
}

export function invoiceCalendarPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/event.ics?key=${encodeURIComponent(secret)}`;
}

/** The copy of the terms the client accepted, exactly as shown. */
export function acceptedTermsPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/terms.txt?key=${encodeURIComponent(secret)}`;
}

/** The copy of the autopay agreement the client read before turning autopay on, exactly as shown. */
export function autopayAgreementPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/autopay-agreement.txt?key=${encodeURIComponent(secret)}`;
}

/** Choosing a new date for the booking. */
export function movePath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/move?key=${encodeURIComponent(secret)}`;
}

/** What cancelling costs today, and the button that does it. */
export function cancelPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/cancel?key=${encodeURIComponent(secret)}`;
}

/** A supplementary tax invoice or adjustment note of the booking (invoice/billing-documents.ts), as a PDF. */
export function documentPdfPath(invoiceNumber: string, documentNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/documents/${documentNumber}.pdf?key=${encodeURIComponent(secret)}`;
}

/** The logo the client gave for their prints. */
export function logoPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/logo?key=${encodeURIComponent(secret)}`;
}

/** One version of the print design's proof. */
export function proofPath(invoiceNumber: string, secret: string, version: number): string {
  return `/invoice/${invoiceNumber}/proof/${version}?key=${encodeURIComponent(secret)}`;
}
