/**
 * A refund of a taxable supply changes the GST of its tax invoice, so it comes with an adjustment
 * note: the original invoice, each refund and the GST it takes back (one eleventh, to the cent).
 */
import { tax } from "~/business";
import { formatCents, gstIncluded } from "~/bookings/record/amounts";
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

/** The note for a booking's refunds, or null when nothing was refunded or no GST was charged. */
export function adjustmentNote(booking: Pick<BookingRecord, "invoiceNumber" | "refunds">): AdjustmentNote | null {
  const refunds = booking.refunds ?? [];
  if (!refunds.length || !tax.gstRegistered) return null;
  const line = (label: string, cents: number): AdjustmentLine => ({ label, amount: formatCents(cents), gst: formatCents(gstIncluded(cents)) });
  const totalCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  return {
    title: `Adjustment note for tax invoice ${booking.invoiceNumber}`,
    invoiceNumber: booking.invoiceNumber,
    lines: refunds.map((refund) => line(`Refund by ${refund.method === "card" ? "card" : "bank transfer"} on ${formatDateInWords(melbourneToday(new Date(refund.at)))}`, refund.amountCents)),
    total: line("Total refunded", totalCents),
  };
}
