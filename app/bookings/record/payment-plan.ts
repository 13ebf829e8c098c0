/**
 * Choosing how a booking is paid, from its own figures: the deposit and the balance's due date
 * that `amountsDue` works out, laid out by the plan's schedule (plans/schedule.ts).
 */
import { amountsDue, instalmentsStanding, type Billable, type InstalmentStanding } from "~/bookings/record/amounts";
import type { PaymentPlan } from "~/bookings/plans/plan";
import { monthlyPlan, planOffered, type Instalment } from "~/bookings/plans/schedule";
import type { PaymentOption } from "~/input/fields";

/** Whether a booking made on `issuedOn` for `eventDate` is offered a monthly plan: its due dates depend on the dates alone, not on the total. */
export function monthlyOffered(booking: Pick<Billable, "issuedOn" | "eventDate" | "rescheduledOn">): boolean {
  const due = amountsDue({ ...booking, totalCents: 0 });
  return !due.dueInFull && planOffered(booking.issuedOn, due.balanceDueOn);
}

/** The monthly instalments the booking would have, or null when no plan is offered (its balance falls due too soon). */
export function monthlyInstalments(booking: Billable): Instalment[] | null {
  const due = amountsDue(booking);
  if (due.dueInFull) return null;
  return monthlyPlan({ bookedOn: booking.issuedOn, balanceDueOn: due.balanceDueOn, balanceCents: due.balanceCents });
}

/** The plan of `option` for the booking as it stands, or null when it chose monthly and none is offered. */
export function chosenPlan(option: PaymentOption, booking: Billable, at: string): PaymentPlan | null {
  if (option !== "monthly") return { option, chosenAt: at };
  const instalments = monthlyInstalments(booking);
  return instalments && { option, instalments, chosenAt: at };
}

/** A monthly plan's instalments as they stand, each paid or not (what is kept beyond the deposit pays them in order); none for another way to pay. */
export function instalmentsPaid(booking: Billable): (InstalmentStanding & { paid: boolean })[] {
  const due = amountsDue(booking);
  return instalmentsStanding(booking.plan, due.paidCents - due.refundedCents - due.depositCents).map((instalment) => ({ ...instalment, paid: instalment.shortCents === 0 }));
}
