/**
 * A refund of a taxable supply changes the GST of its tax invoice, so it comes with an adjustment
 * note: the original invoice, each refund and the GST it takes back (one eleventh, to the cent;
 * docs/product-decisions.md, "Changes, cancellations and refunds"). Its lines add up to its total:
 * each line takes back the GST of the refunds so far less that of the ones before it, so no line is
 * more than a cent from its own eleventh and the total's GST is the eleventh of the total.
 */
import { tax } from "~/business";
import { formatCents, gstIncluded, type Refund } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

export interface AdjustmentLine {
  label: string;
  amount: string;
  gst: string;
}

export interface AdjustmentNote {
  title: string;
  invoiceNumber: string;
  lines: AdjustmentLine[];
  total: AdjustmentLine;
}

/** The GST each refund takes back, in the order made: the refunds' GST so far less that of the ones before. The export's refund rows use it too. */
export function refundGstCents(refunds: readonly Pick<Refund, "amountCents">[]): number[] {
  let refundedCents = 0;
  return refunds.map(({ amountCents }) => {
    const before = gstIncluded(refundedCents);
    refundedCents += amountCents;
    return gstIncluded(refundedCents) - before;
  });
}

/** The note for a booking's refunds, or null when nothing was refunded or no GST was charged. */
export function adjustmentNote(booking: Pick<BookingRecord, "invoiceNumber" | "refunds">): AdjustmentNote | null {
  const refunds = booking.refunds ?? [];
  if (!refunds.length || !tax.gstRegistered) return null;
  const line = (label: string, cents: number, gstCents: number): AdjustmentLine => ({ label, amount: formatCents(cents), gst: formatCents(gstCents) });
  const gst = refundGstCents(refunds);
  const totalCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  return {
    title: `Adjustment note for tax invoice ${booking.invoiceNumber}`,
    invoiceNumber: booking.invoiceNumber,
    lines: refunds.map((refund, index) =>
      line(`Refund by ${refund.method === "card" ? "card" : "bank transfer"} on ${formatDateInWords(melbourneToday(new Date(refund.at)))}${refund.pending ? " (pending)" : ""}`, refund.amountCents, gst[index]!),
    ),
    total: line("Total refunded", totalCents, gstIncluded(totalCents)),
  };
}
