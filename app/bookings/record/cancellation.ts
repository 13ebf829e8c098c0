/**
 * What cancelling costs, worked out from the terms for a booking on a given day, in dollars
 * (docs/product-decisions.md, "Changes, cancellations and refunds"). Pure: the cancel page shows
 * it before the client decides, and the same figures are stored when they do.
 */
import { policy } from "~/business";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord, Cancellation, CancellationMoment, CancellationStage, ExtrasChange } from "~/bookings/record/booking";
import { formatDateInWords } from "~/utils/date-words";
import { daysBetween, melbourneToday } from "~/utils/melbourne-time";

const { cancellation } = policy;

type Cancellable = Pick<BookingRecord, "status" | "history" | "totalCents" | "issuedOn" | "eventDate" | "payments" | "movedOn" | "refunds" | "moves" | "extrasChanges">;

/** A moment cancelling is priced at: today (its total and days before), or a change the fee may not fall below. */
type FeePoint = Pick<CancellationMoment, "totalCents" | "daysBefore"> | CancellationMoment;

/** The client's stage of cancelling `daysBefore` the event. */
function stageAt(daysBefore: number): "deposit" | "half" | "full" {
  if (daysBefore > cancellation.depositForfeitedBeyondDays) return "deposit";
  return daysBefore >= cancellation.halfFeeFromDays ? "half" : "full";
}

/**
 * Each change the fee may not fall below (docs/product-decisions.md, "Changes, cancellations and
 * refunds"): each move, against the date it moved from, and each change of add-ons, against the
 * date the booking had then, each with the total it had just before. Worked out from the history
 * the booking already stores: the total at a moment is today's less what each later change of
 * add-ons added, and the date at a moment is the one the next move moved from.
 */
function changePoints({ totalCents, eventDate, moves = [], extrasChanges = [] }: Cancellable): CancellationMoment[] {
  const added = (changes: readonly ExtrasChange[]) => changes.reduce((sum, change) => sum + change.differenceCents, 0);
  const point = (change: CancellationMoment["change"], at: string, date: string, total: number): CancellationMoment => ({
    change,
    at,
    daysBefore: daysBetween(melbourneToday(new Date(at)), date),
    totalCents: total,
  });
  return [
    ...moves.map((move) => point("move", move.at, move.from, totalCents - added(extrasChanges.filter((change) => change.at > move.at)))),
    // Before a change of add-ons: today's total less what it and every later one added.
    ...extrasChanges.map((change, index) =>
      point("extras", change.at, moves.find((move) => move.at > change.at)?.from ?? eventDate, totalCents - added(extrasChanges.slice(index))),
    ),
  ];
}

/**
 * Whether the booking could have been withdrawn free at `at` (docs/product-decisions.md, "The fee
 * floor at each change counts withdrawal"): a request with none of the client's money kept. Money
 * counts by the Melbourne day it came or went, whenever it was recorded, the client given the
 * benefit of the doubt: a card payment or a refund that day counts at the change, a bank payment,
 * which has a date and no time, received that day counts after it.
 */
function withdrawableAt(booking: Cancellable, at: string): boolean {
  if (booking.history.filter((change) => change.at <= at).at(-1)?.status !== "requested") return false;
  const day = melbourneToday(new Date(at));
  const dayOf = (when: string) => melbourneToday(new Date(when));
  const { payments = [], refunds = [] } = booking;
  const paidBy = payments.filter((payment) => (payment.method === "bank" ? dayOf(payment.paidAt) < day : dayOf(payment.paidAt) <= day));
  return paidLessRefunded({ ...booking, payments: paidBy, refunds: refunds.filter((refund) => dayOf(refund.at) <= day) }) <= 0;
}

/** What has been paid (less what was refunded) against a fee: what it keeps, what goes back, what is still owed. */
function settledAgainst(paidCents: number, feeCents: number): Pick<Cancellation, "paidCents" | "keptCents" | "refundCents" | "owedCents"> {
  return { paidCents, keptCents: Math.min(paidCents, feeCents), refundCents: Math.max(paidCents - feeCents, 0), owedCents: Math.max(feeCents - paidCents, 0) };
}

/** What the booking has paid and kept: its payments less its refunds. */
function paidLessRefunded(booking: Cancellable): number {
  const due = amountsDue(billableOf(booking));
  return due.paidCents - due.refundedCents;
}

/** What cancelling `booking` on `today` costs, with `paidCents` of the client's money kept (its payments less its refunds unless said). */
export function cancellationOf(booking: Cancellable, today: string, by: Cancellation["by"], at: Date, paidCents = paidLessRefunded(booking)): Cancellation {
  const billable = billableOf(booking);
  const daysBefore = daysBetween(today, booking.eventDate);
  const figures = (stage: CancellationStage, feeCents: number, asOf?: CancellationMoment): Cancellation => ({
    by,
    at: at.toISOString(),
    stage,
    daysBefore,
    feeCents,
    ...settledAgainst(paidCents, feeCents),
    ...(asOf && { asOf }),
  });
  if (by === "owner") return figures("by-owner", 0);
  if (booking.status === "requested" && paidCents === 0) return figures("withdrawn", 0);
  // The fee is the largest of today's and each change's, so no change lowers it; today's comes
  // first, so a change names the fee only when it costs more.
  const points: FeePoint[] = [{ totalCents: booking.totalCents, daysBefore }, ...changePoints(booking)];
  const priced = points.map((point) => {
    const stage = stageAt(point.daysBefore);
    const fees = {
      // More than 30 days out the business keeps what was paid, up to the deposit of the total then.
      deposit: () => Math.min(paidCents, amountsDue({ ...billable, totalCents: point.totalCents }).depositCents),
      half: () => Math.round((point.totalCents * cancellation.halfFeePercent) / 100),
      full: () => point.totalCents,
    };
    // A change made while the request could be withdrawn free floors the fee at nothing.
    if ("change" in point && withdrawableAt(booking, point.at)) return figures(stage, 0, point);
    return figures(stage, fees[stage](), "change" in point ? point : undefined);
  });
  return priced.reduce((largest, next) => (next.feeCents > largest.feeCents ? next : largest));
}

/**
 * The booking's cancellation worked out again with its payments as they now stand
 * (docs/product-decisions.md, "A payment counts from the day it was received"): a bank payment
 * voided since, or one recorded since that was received by the day of the cancellation (that
 * day's first). As of the moment it was made, from the booking's status then and what was kept
 * then; only the deposit stage and a withdrawal depend on what was kept. A fee that changes keeps
 * the one before it, with when it stopped, so the documents already issued stand.
 */
export function cancellationAgain(booking: Cancellable, made: Cancellation, now: string): Cancellation {
  const cancelledAt = booking.history.map((change) => change.status).lastIndexOf("cancelled");
  const then: Cancellable = { ...booking, status: booking.history[cancelledAt - 1]?.status ?? "requested", history: booking.history.slice(0, Math.max(cancelledAt, 0)) };
  const at = new Date(made.at);
  const day = melbourneToday(at);
  const { payments = [], refunds = [] } = booking;
  const kept = paidLessRefunded({ ...booking, payments: payments.filter((payment) => melbourneToday(new Date(payment.paidAt)) <= day), refunds: refunds.filter((refund) => refund.at <= made.at) });
  const again = cancellationOf(then, day, made.by, at, kept);
  const earlier = again.feeCents === made.feeCents ? made.earlier : [...(made.earlier ?? []), { feeCents: made.feeCents, until: now }];
  return { ...again, ...(earlier && { earlier }) };
}

/**
 * A cancellation as it stands now: its fee and moment as decided then, and what is paid, kept, on
 * its way back or still owed as the statement says today (a charge paid or a refund made since),
 * so the page that shows it agrees with the statement beside it.
 */
export function cancellationNow(figures: Cancellation, booking: Cancellable): Cancellation {
  return { ...figures, ...settledAgainst(paidLessRefunded(booking), figures.feeCents) };
}

/** What a cancellation leaves to settle, in one clause: refunded, owed, or nothing. */
function settlement({ refundCents, owedCents }: Cancellation): string {
  if (refundCents) return `${formatCents(refundCents)} is refunded to you`;
  if (owedCents) return `${formatCents(owedCents)} is still owed`;
  return "nothing more is owed";
}

const changeWords: Record<CancellationMoment["change"], string> = { move: "the date was moved", extras: "the add-ons were changed" };

/** "Cancelling today, 21 days before the event," and, when a change made the fee, what it was. */
function momentWords({ daysBefore, asOf }: Cancellation, when: string): string {
  const today = `Cancelling ${when}, ${daysBefore} ${daysBefore === 1 ? "day" : "days"} before the event,`;
  if (!asOf) return today;
  return `${today} costs what cancelling on ${formatDateInWords(melbourneToday(new Date(asOf.at)))}, when ${changeWords[asOf.change]}, would have:`;
}

/**
 * The figures in a sentence, e.g. "You have paid $226.00. Cancelling today, 45 days before the
 * event, the deposit of $226.00 is kept and nothing more is owed."; when an earlier change made
 * the fee, the sentence names it and the total then.
 */
export function describeCancellation(figures: Cancellation, when = "today"): string {
  const paid = figures.paidCents ? `You have paid ${formatCents(figures.paidCents)}.` : "You have paid nothing yet.";
  const moment = momentWords(figures, when);
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
      return `${paid} ${moment} ${cancellation.halfFeePercent}% of the total${figures.asOf ? ` of ${formatCents(figures.asOf.totalCents)} then` : ""}, ${fee}, is due: ${settlement(figures)}.`;
    case "full":
      return `${paid} ${moment} the full amount of ${fee} is due and nothing is refunded${figures.owedCents ? `: ${formatCents(figures.owedCents)} is still owed` : ""}.`;
  }
}
