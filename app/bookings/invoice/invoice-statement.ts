/**
 * The money part of an invoice as printed text: the charges, the total and its GST, the deposit
 * and balance with due dates, what is paid and what is owing now. The invoice page, the PDF and
 * the client's e-mail all print this one statement, so they cannot disagree.
 */
import { paymentTerms, tax } from "~/business";
import { amountsDue, dollarsToCents, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { priceLinesOf, type Priced } from "~/bookings/record/price-lines";
import { paymentKindWords } from "~/bookings/record/payment-words";
import type { BookingRecord } from "~/bookings/record/booking";
import { describeTravel } from "~/travel/describe";
import { formatDateInWords } from "~/utils/date-words";

export interface StatementLine {
  label: string;
  amount: string;
}

export interface Statement {
  /** "Tax invoice" when registered for GST, otherwise "Invoice". */
  title: string;
  abn: string | null;
  charges: StatementLine[];
  total: StatementLine;
  gstNote: string;
  schedule: StatementLine[];
  paid: StatementLine;
  /** Money given back, once there is any (after a cancellation). */
  refunded: StatementLine | null;
  owingNow: StatementLine;
}

type Billed = Priced &
  Pick<BookingRecord, "service" | "status" | "travel" | "totalCents" | "issuedOn" | "eventDate" | "payments" | "movedOn" | "cancellation" | "refunds">;

/**
 * Each price line as the invoice prints it (GST included): the booth with its service, each extra,
 * the date's rule and a code under their own names, then travel, described even when free or yet
 * to be confirmed.
 */
function charges(booking: Billed): StatementLine[] {
  const sold = priceLinesOf(booking)
    .filter((line) => line.kind !== "travel")
    .map((line) => ({
      label: line.kind === "booth" ? `${booking.boothType} hire, ${booking.packageDuration} (${booking.service})` : line.label,
      amount: formatCents(line.cents),
    }));
  // A label, not a sentence: "…: $12.00" reads better without the sentence's full stop.
  const travel = { label: describeTravel(booking.travel).replace(/\.$/, ""), amount: booking.travel ? formatCents(dollarsToCents(booking.travelFee)) : "to be confirmed" };
  return [...sold, travel];
}

export function invoiceStatement(booking: Billed): Statement {
  const due = amountsDue(billableOf(booking));
  const schedule: StatementLine[] = due.dueInFull
    ? [{ label: `Due in full by ${formatDateInWords(due.balanceDueOn)} (the event is under ${paymentTerms.balanceDueDaysBeforeEvent} days away)`, amount: formatCents(due.totalCents) }]
    : [
        { label: `Deposit, due by ${formatDateInWords(due.depositDueOn)}`, amount: formatCents(due.depositCents) },
        { label: `Balance, due by ${formatDateInWords(due.balanceDueOn)}`, amount: formatCents(due.balanceCents) },
      ];
  return {
    title: tax.gstRegistered ? "Tax invoice" : "Invoice",
    abn: tax.gstRegistered ? tax.abn : null,
    charges: charges(booking),
    total: { label: "Total (AUD)", amount: formatCents(due.totalCents) },
    gstNote: tax.gstRegistered ? `Total includes GST of ${formatCents(due.gstCents)}` : "No GST is charged",
    schedule,
    paid: { label: "Paid so far", amount: formatCents(due.paidCents) },
    refunded: due.refundedCents ? { label: "Refunded", amount: `−${formatCents(due.refundedCents)}` } : null,
    owingNow: due.owingNow ? { label: paymentKindWords[due.owingNow.kind].owing, amount: formatCents(due.owingNow.amountCents) } : { label: "Owing now", amount: formatCents(0) },
  };
}
