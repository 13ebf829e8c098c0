/**
 * The terms' money rules worked out for one booking, in dollars and dates in words: the deposit
 * and balance with their due dates, and what cancelling would cost at each stage. The booking page
 * shows them inside the terms the client accepts, so they are part of what is signed. They depend
 * on the booking alone (not on today), so the same booking always shows the same text.
 */
import { paymentTerms, policy } from "~/business";
import { amountsDue, formatCents, type Billable } from "~/bookings/record/amounts";
import { formatDateInWords } from "~/utils/date-words";
import { addDays } from "~/utils/melbourne-time";

const { cancellation } = policy;

function paymentLines(booking: Billable): string[] {
  const due = amountsDue(booking);
  if (due.dueInFull) {
    return [
      `The full amount of ${formatCents(due.totalCents)} is due by ${formatDateInWords(due.balanceDueOn)}, as the event is less than ${paymentTerms.balanceDueDaysBeforeEvent} days away.`,
    ];
  }
  const deposit = `Deposit: ${formatCents(due.depositCents)}, due by ${formatDateInWords(due.depositDueOn)}.`;
  const instalments = booking.plan?.option === "monthly" ? (booking.plan.instalments ?? []) : [];
  if (instalments.length) {
    return [
      "You chose to pay the deposit now, then the balance monthly.",
      deposit,
      `Balance: ${formatCents(due.balanceCents)}, in ${instalments.length} monthly instalments: ${instalments.map(({ dueOn, amountCents }) => `${formatCents(amountCents)} by ${formatDateInWords(dueOn)}`).join("; ")}.`,
      "The deposit secures the date: unpaid by its due date, the date lapses. An instalment unpaid by its date is overdue, as the balance would be.",
    ];
  }
  // Without a plan the text is as it always was, so terms accepted before plans read the same.
  const intro = booking.plan?.option === "all-now" ? [`You chose to pay the full amount of ${formatCents(due.totalCents)} now.`] : [];
  return [...intro, deposit, `Balance: ${formatCents(due.balanceCents)}, due by ${formatDateInWords(due.balanceDueOn)}.`];
}

/** Each stage of cancelling that the booking can still reach once made: its last day and what it costs. */
function cancellationLines(booking: Billable): string[] {
  const due = amountsDue(booking);
  const total = formatCents(due.totalCents);
  const halfFee = formatCents(Math.round((due.totalCents * cancellation.halfFeePercent) / 100));
  const depositStageEnds = addDays(booking.eventDate, -(cancellation.depositForfeitedBeyondDays + 1));
  const halfFeeStageEnds = addDays(booking.eventDate, -cancellation.halfFeeFromDays);
  const stages = [
    {
      lastDay: depositStageEnds,
      text: `Cancelling by ${formatDateInWords(depositStageEnds)} (more than ${cancellation.depositForfeitedBeyondDays} days before the event): the deposit of ${formatCents(due.depositCents)} is kept and nothing more is due.`,
    },
    {
      lastDay: halfFeeStageEnds,
      text: `Cancelling by ${formatDateInWords(halfFeeStageEnds)} (${cancellation.halfFeeFromDays} to ${cancellation.depositForfeitedBeyondDays} days before): ${halfFee}, ${cancellation.halfFeePercent}% of the total of ${total}, is due.`,
    },
    {
      lastDay: booking.eventDate,
      text: `Cancelling from ${formatDateInWords(addDays(halfFeeStageEnds, 1))} (less than ${cancellation.halfFeeFromDays} days before): the full ${total} is due and nothing is refunded.`,
    },
  ];
  return stages.filter((stage) => stage.lastDay >= booking.issuedOn).map((stage) => stage.text);
}

export function termsFigures(booking: Billable): string[] {
  return [...paymentLines(booking), ...cancellationLines(booking)];
}
