/**
 * What cancelling costs, worked out from the terms for a booking on a given day, in dollars
 * (docs/product-decisions.md, "Changes, cancellations and refunds"). Pure: the cancel page shows
 * it before the client decides, and the same figures are stored when they do.
 */
import { policy } from "~/business";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord, Cancellation, CancellationStage } from "~/bookings/record/booking";
import { daysBetween, melbourneToday } from "~/utils/melbourne-time";

const { cancellation } = policy;

type Cancellable = Pick<BookingRecord, "status" | "totalCents" | "issuedOn" | "eventDate" | "payments" | "movedOn" | "refunds" | "moves">;

/** From the kindest stage to the strictest. */
const strictness: readonly CancellationStage[] = ["withdrawn", "by-owner", "deposit", "half", "full"];

function stageOf(booking: Cancellable, daysBefore: number, paidCents: number, by: Cancellation["by"]): CancellationStage {
  if (by === "owner") return "by-owner";
  if (booking.status === "requested" && paidCents === 0) return "withdrawn";
  if (daysBefore > cancellation.depositForfeitedBeyondDays) return "deposit";
  return daysBefore >= cancellation.halfFeeFromDays ? "half" : "full";
}

/**
 * A move does not reset the clock (docs/product-decisions.md, "Changes, cancellations and
 * refunds"): the stage is the strictest of today's and each move's, as cancelling on the day of
 * the move would have stood against the date it moved from.
 */
function clockStage(booking: Cancellable, daysBefore: number, paidCents: number, by: Cancellation["by"]): CancellationStage {
  const stages = [
    stageOf(booking, daysBefore, paidCents, by),
    ...(booking.moves ?? []).map((move) => stageOf(booking, daysBetween(melbourneToday(new Date(move.at)), move.from), paidCents, by)),
  ];
  return stages.reduce((strictest, stage) => (strictness.indexOf(stage) > strictness.indexOf(strictest) ? stage : strictest));
}

export function cancellationOf(booking: Cancellable, today: string, by: Cancellation["by"], at: Date): Cancellation {
  const due = amountsDue(billableOf(booking));
  const paidCents = due.paidCents - due.refundedCents;
  const daysBefore = daysBetween(today, booking.eventDate);
  const stage = clockStage(booking, daysBefore, paidCents, by);
  const fees: Record<CancellationStage, number> = {
    withdrawn: 0,
    "by-owner": 0,
    // More than 30 days out the business keeps what was paid, up to the deposit.
    deposit: Math.min(paidCents, due.depositCents),
    half: Math.round((due.totalCents * cancellation.halfFeePercent) / 100),
    full: due.totalCents,
  };
  const feeCents = fees[stage];
  return {
    by,
    at: at.toISOString(),
    stage,
    daysBefore,
    paidCents,
    feeCents,
    keptCents: Math.min(paidCents, feeCents),
    refundCents: Math.max(paidCents - feeCents, 0),
    owedCents: Math.max(feeCents - paidCents, 0),
  };
}

/** What a cancellation leaves to settle, in one clause: refunded, owed, or nothing. */
function settlement({ refundCents, owedCents }: Cancellation): string {
  if (refundCents) return `${formatCents(refundCents)} is refunded to you`;
  if (owedCents) return `${formatCents(owedCents)} is still owed`;
  return "nothing more is owed";
}

/** The figures in a sentence, e.g. "You have paid $226.00. Cancelling today, 45 days before the event, the deposit of $226.00 is kept and nothing more is owed." */
export function describeCancellation(figures: Cancellation, when = "today"): string {
  const paid = figures.paidCents ? `You have paid ${formatCents(figures.paidCents)}.` : "You have paid nothing yet.";
  const moment = `Cancelling ${when}, ${figures.daysBefore} ${figures.daysBefore === 1 ? "day" : "days"} before the event,`;
  const fee = formatCents(figures.feeCents);
  switch (figures.stage) {
    case "withdrawn":
      return "Nothing has been paid, so the booking request is withdrawn free of charge and nothing is owed.";
    case "by-owner":
      return figures.paidCents ? `We cancelled the booking, so everything you paid, ${formatCents(figures.paidCents)}, is refunded.` : "We cancelled the booking: nothing is owed.";
    case "deposit":
      return figures.keptCents
        ? `${paid} ${moment} the deposit of ${formatCents(figures.keptCents)} is kept and ${settlement(figures)}.`
        : `${paid} ${moment} nothing is kept and nothing is owed.`;
    case "half":
      return `${paid} ${moment} ${cancellation.halfFeePercent}% of the total, ${fee}, is due: ${settlement(figures)}.`;
    case "full":
      return `${paid} ${moment} the full amount of ${fee} is due and nothing is refunded${figures.owedCents ? `: ${formatCents(figures.owedCents)} is still owed` : ""}.`;
  }
}
