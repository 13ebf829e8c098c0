/**
 * A booking's billing documents as issued (docs/decisions/012-issued-documents-are-stored.md): each
 * is stored with the booking by the ledger, in the change that issues it, with what it printed,
 * and every page, PDF, export and Xero file reads them from there. Only a booking stored before they
 * were kept has them worked out from its history, as it always had; its next change writes them out.
 * A change's record read before the ledger stores it (its own e-mails are written from it) has the
 * documents the change issues after those stored.
 */
import { billingDocuments, withTotals, type BillingDocument, type Documented } from "~/bookings/invoice/billing-documents";
import type { BookingRecord, IssuedDocument } from "~/bookings/record/booking";

type Issued = Documented & Pick<BookingRecord, "documents">;

export function issuedDocuments(booking: Issued): BillingDocument[] {
  return billingDocuments(booking, (booking.documents ?? []).map(withTotals));
}

/** A document as stored: its totals are its lines' sums, read back by `withTotals`. */
const stored = ({ totalCents: _total, gstCents: _gst, ...document }: BillingDocument): IssuedDocument => document;

/**
 * `next` (a change of the booking `before`, or a new booking: null) with its documents: those
 * already issued (`before`'s, or a new booking's own) as they are, and any the change issues,
 * worked out from what those still bill.
 */
export function withDocumentsIssued<T extends Issued>(before: Issued | null, next: T): T {
  return { ...next, documents: billingDocuments(next, issuedDocuments(before ?? next)).map(stored) };
}
