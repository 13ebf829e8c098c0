/**
 * "How you pay" on the booking page: the way chosen, a monthly plan's instalments (due, amount,
 * paid or not), and while nothing is paid the ways to choose from, each with what it pays when.
 * Choosing again is the ledger's to decide, from its own copy (changes/client-changes.server.ts).
 */
import { paymentChoices } from "~/bookings/plans/choices";
import { optionNames, planOf } from "~/bookings/plans/plan";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { instalmentsPaid } from "~/bookings/record/payment-plan";
import type { PaymentOption } from "~/input/fields";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";

export function planView(booking: BookingRecord) {
  const billable = billableOf(booking);
  const due = amountsDue(billable);
  const { option } = planOf(booking, booking.receivedAt);
  const closed = due.dueInFull || !holdsBooth(booking.status) || due.paidCents > 0;
  return {
    option,
    chosen: optionNames[option],
    instalments: instalmentsPaid(billable).map(({ dueOn, amountCents, paid }) => ({ due: formatDateInWords(dueOn), amount: formatCents(amountCents), paid })),
    choices: closed ? [] : paymentChoices({ totalCents: due.totalCents, depositCents: due.depositCents, bookedOn: booking.issuedOn, balanceDueOn: due.balanceDueOn }),
  };
}

export type PlanOutcome = { kind: "saved"; booking: BookingRecord } | { kind: "refused"; status: number; error: string };

export async function changePlan(services: Services, booking: BookingRecord, option: PaymentOption): Promise<PlanOutcome> {
  const outcome = await services.ledger.changeByClient(booking.invoiceNumber, { kind: "plan", option, at: services.now().toISOString() });
  if (!outcome) return { kind: "refused", status: 409, error: "This booking no longer exists." };
  if (outcome.kind === "refused") return { kind: "refused", status: 409, error: outcome.reason };
  return { kind: "saved", booking: outcome.record };
}
