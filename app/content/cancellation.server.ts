/**
 * What cancelling costs, in the words the terms use. The terms page lists these and the invoice
 * PDF prints them, so the two never word the rule differently. Server-only, like the terms.
 */
import { policy } from "~/business";

const { cancellation } = policy;

/** One sentence per stage, earliest first. */
export const cancellationStages: readonly string[] = [
  `More than ${cancellation.depositForfeitedBeyondDays} days before the event: the deposit is forfeited and nothing more is due.`,
  `${cancellation.halfFeeFromDays} to ${cancellation.depositForfeitedBeyondDays} days before the event: ${cancellation.halfFeePercent}% of the total fee is due.`,
  `Less than ${cancellation.halfFeeFromDays} days before the event: the full amount is due and there is no refund.`,
];

/** The stages in one line, for the top of the booking page beside the pay button (the terms say it in full). */
export const cancellationInOneLine = `Cancel more than ${cancellation.depositForfeitedBeyondDays} days before the event and you lose only the deposit; ${cancellation.halfFeeFromDays} to ${cancellation.depositForfeitedBeyondDays} days before, ${cancellation.halfFeePercent}% of the total; under ${cancellation.halfFeeFromDays} days, all of it.`;

export const depositTransfer = `A deposit can move to a new date within ${policy.depositTransferMonths} months.`;
