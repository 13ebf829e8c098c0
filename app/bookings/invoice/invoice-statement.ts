/**
 * The money part of an invoice as printed text: the charges, the total and its GST, the deposit
 * and balance with due dates (and a monthly plan's instalments, which the pages show and the tax
 * invoice does not), what is paid and what is owing now. The invoice page, the PDF and
 * the client's e-mail all print this one statement, so they cannot disagree.
 */
import { paymentTerms, tax } from "~/business";
import { amountsDue, formatCents, type AmountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { adjustedWords, billedByDocuments, billingDocuments, documentTitle, lineAmountWords, type BillingDocument, type Documented } from "~/bookings/invoice/billing-documents";
import { paymentKindWords } from "~/bookings/record/payment-words";
import { instalmentsPaid } from "~/bookings/record/payment-plan";
import type { BookingRecord } from "~/bookings/record/booking";
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
  /** The supplementary invoices and adjustment notes issued since, oldest first. */
  later: StatementLine[];
  /** What the documents bill in all, once there is a later one. */
  billed: StatementLine | null;
  schedule: StatementLine[];
  /** A monthly plan's instalments, each due by its date and paid or not: the pages show them, the tax invoice keeps `schedule` as issued. */
  instalments: StatementLine[];
  paid: StatementLine;
  /** Money given back, once there is any (after a cancellation). */
  refunded: StatementLine | null;
  owingNow: StatementLine;
}

type Billed = Documented & Pick<BookingRecord, "payments" | "movedOn" | "refunds" | "paymentPlan">;

/** A document issued after the invoice, as a line of the statement: what it adds, or takes off. */
function laterLine(document: BillingDocument): StatementLine {
  const amount = formatCents(document.totalCents);
  const adjusting = document.adjusts ? `, adjusting ${adjustedWords(document.adjusts)}` : "";
  return { label: `${documentTitle(document)}, ${formatDateInWords(document.issuedOn)}${adjusting}: ${document.reason}`, amount: document.kind === "adjustment" ? `−${amount}` : amount };
}

const gstWords = (gstCents: number) => (tax.gstRegistered ? `includes GST of ${formatCents(gstCents)}` : "no GST is charged");

/** The deposit and balance with their due dates (or the whole, when the event is near), as the invoice prints them. */
export function paymentSchedule(due: AmountsDue): StatementLine[] {
  return due.dueInFull
    ? [{ label: `Due in full by ${formatDateInWords(due.balanceDueOn)} (the event is under ${paymentTerms.balanceDueDaysBeforeEvent} days away)`, amount: formatCents(due.totalCents) }]
    : [
        { label: `Deposit, due by ${formatDateInWords(due.depositDueOn)}`, amount: formatCents(due.depositCents) },
        { label: `Balance, due by ${formatDateInWords(due.balanceDueOn)}`, amount: formatCents(due.balanceCents) },
      ];
}

/** A monthly plan's instalments as lines, each due by its date and paid or not. */
export function instalmentLines(booking: Billed): StatementLine[] {
  return instalmentsPaid(billableOf(booking)).map(({ dueOn, amountCents, paid }) => ({
    label: `Instalment, due by ${formatDateInWords(dueOn)}${paid ? " (paid)" : ""}`,
    amount: formatCents(amountCents),
  }));
}

/** What the client has paid so far, as the invoice prints it. */
export const paidLine = (due: AmountsDue): StatementLine => ({ label: "Paid so far", amount: formatCents(due.paidCents) });

export function invoiceStatement(booking: Billed): Statement {
  const due = amountsDue(billableOf(booking));
  const [invoice, ...later] = billingDocuments(booking) as [BillingDocument, ...BillingDocument[]];
  const billed = billedByDocuments([invoice, ...later]);
  const schedule = paymentSchedule(due);
  return {
    title: tax.gstRegistered ? "Tax invoice" : "Invoice",
    abn: tax.gstRegistered ? tax.abn : null,
    // The tax invoice's lines and total as issued: a later change has a document of its own.
    charges: invoice.lines.map((line) => ({ label: line.label, amount: lineAmountWords(line) })),
    total: { label: "Total (AUD)", amount: formatCents(invoice.totalCents) },
    gstNote: tax.gstRegistered ? `Total includes GST of ${formatCents(invoice.gstCents)}` : "No GST is charged",
    later: later.map(laterLine),
    billed: later.length ? { label: `Billed now (${gstWords(billed.gstCents)})`, amount: formatCents(billed.cents) } : null,
    schedule,
    instalments: instalmentLines(booking),
    paid: paidLine(due),
    refunded: due.refundedCents ? { label: "Refunded", amount: `−${formatCents(due.refundedCents)}` } : null,
    owingNow: due.owingNow ? { label: paymentKindWords[due.owingNow.kind].owing, amount: formatCents(due.owingNow.amountCents) } : { label: "Owing now", amount: formatCents(0) },
  };
}
