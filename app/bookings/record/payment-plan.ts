/**
 * Choosing how a booking is paid, from its own figures: the deposit and the balance's due date
 * that `amountsDue` works out, laid out by the plan's schedule (plans/schedule.ts).
 */
import { amountsDue, depositOf, instalmentsStanding, planDepositOf, type Billable, type InstalmentStanding } from "~/bookings/record/amounts";
import type { PaymentPlan } from "~/bookings/plans/plan";
import { instalmentDates, monthlyPlan, planOffered, spread, type Instalment } from "~/bookings/plans/schedule";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
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
  return instalments && { option, instalments, depositCents: amountsDue(booking).depositCents, chosenAt: at };
}

/** A monthly plan's instalments as they stand, each paid or not (what is kept beyond the deposit pays them in order); none for another way to pay. */
export function instalmentsPaid(booking: Billable): (InstalmentStanding & { paid: boolean })[] {
  // Cancelled, declined or lapsed: nothing more falls due by the plan (the terms' fee is owed as it is).
  if (booking.cancellationFeeCents !== undefined || booking.billsNothing) return [];
  const due = amountsDue(booking);
  // The instalments are the balance beyond the plan's deposit, even once a move made it all due at once (`depositCents` is then the total).
  return instalmentsStanding(booking.plan, due.paidCents - due.refundedCents - planDepositOf(booking.plan, booking.totalCents)).map((instalment) => ({ ...instalment, paid: instalment.shortCents === 0 }));
}

/**
 * A monthly plan laid out again after a change made on `today` (add-ons added or removed, a move):
 * the deposit once paid and the instalments paid or already due stay as they were (a deposit not
 * yet paid is the terms' share of the new total); what is left of the balance is spread
 * over the plan's dates after `today` (the balance due date's day of each month, a move's new one),
 * so an increase never lands in the past; with no such date left it is all due at once, today.
 */
export function replanned(booking: BookingRecord, today: string): BookingRecord {
  const billable = billableOf(booking);
  const plan = billable.plan;
  if (plan?.option !== "monthly") return booking;
  const due = amountsDue(billable);
  const kept = instalmentsPaid(billable).filter((instalment) => instalment.paid || instalment.dueOn <= today);
  // The balance beyond the deposit, even when the event is now too near for one: the rest is then due at once.
  const laidOut = planDepositOf(plan, billable.totalCents);
  const depositCents = due.paidCents - due.refundedCents >= laidOut && plan.depositCents !== undefined ? laidOut : depositOf(booking.totalCents);
  const leftCents = booking.totalCents - depositCents - kept.reduce((sum, instalment) => sum + instalment.amountCents, 0);
  const after = kept.reduce((last, instalment) => (instalment.dueOn > last ? instalment.dueOn : last), today);
  const dates = instalmentDates(booking.issuedOn, due.balanceDueOn).filter((date) => date > after);
  const rest = leftCents <= 0 ? [] : spread(leftCents, dates.length ? dates : [today]);
  const instalments = [...kept.map(({ dueOn, amountCents }) => ({ dueOn, amountCents })), ...rest];
  return { ...booking, paymentPlan: { ...plan, instalments, depositCents } };
}
