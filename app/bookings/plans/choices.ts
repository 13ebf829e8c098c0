/**
 * The ways to pay a booking offers, each with what it would pay when, as the booking form and the
 * booking page show them before the client chooses (docs/product-decisions.md, "Payment plans and
 * autopay": each instalment's date and amount are shown first). Shared by the browser and the server.
 */
import { optionNames } from "~/bookings/plans/plan";
import { monthlyPlan, type Instalment } from "~/bookings/plans/schedule";
import type { PaymentOption } from "~/input/fields";
import { formatLineCents } from "~/prices/price-sheet";
import { formatDateInWords } from "~/utils/date-words";

export interface PaymentChoice {
  option: PaymentOption;
  label: string;
  /** What it pays when, one line each. */
  pays: string[];
}

export interface Figures {
  totalCents: number;
  depositCents: number;
  /** The day the booking is (or was) made: a plan's instalments start 30 days after it. */
  bookedOn: string;
  balanceDueOn: string;
}

/** "$301.00 on 28 February 2027": an instalment as a line. */
export function instalmentWords({ dueOn, amountCents }: Instalment): string {
  return `${formatLineCents(amountCents)} on ${formatDateInWords(dueOn)}`;
}

/** The ways to pay a booking with a deposit; a booking due in full at once has no choice to make. */
export function paymentChoices({ totalCents, depositCents, bookedOn, balanceDueOn }: Figures): PaymentChoice[] {
  const balanceCents = totalCents - depositCents;
  const deposit = `${formatLineCents(depositCents)} deposit now`;
  const instalments = monthlyPlan({ bookedOn, balanceDueOn, balanceCents });
  return [
    { option: "deposit-balance", label: optionNames["deposit-balance"], pays: [deposit, `${formatLineCents(balanceCents)} by ${formatDateInWords(balanceDueOn)}`] },
    { option: "all-now", label: optionNames["all-now"], pays: [`${formatLineCents(totalCents)} now`] },
    ...(instalments ? [{ option: "monthly" as const, label: optionNames.monthly, pays: [deposit, ...instalments.map(instalmentWords)] }] : []),
  ];
}
