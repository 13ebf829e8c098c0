/**
 * The payment plan a booking keeps: how the client chose to pay and, for "the deposit now, then
 * monthly", its instalments as scheduled (each with its due date and amount). Bookings stored
 * before plans were offered hold none, and read as the deposit then the balance, as they were sold.
 */
import type { Instalment } from "~/bookings/plans/schedule";
import type { PaymentOption } from "~/input/fields";

export interface PaymentPlan {
  option: PaymentOption;
  /** "monthly" only: the balance's instalments, oldest first, summing to the balance. */
  instalments?: Instalment[];
  /**
   * "monthly" only: the deposit the instalments follow, 30% of the total when laid out and kept once
   * paid, so a change's difference falls on the instalments to come, never on the deposit paid.
   * Plans laid out before it was kept read as the deposit of the total as it stands.
   */
  depositCents?: number;
  /** When the client chose it (on the booking form, or since on their booking page). */
  chosenAt: string;
}

export interface Planned {
  paymentPlan?: PaymentPlan;
}

/** The booking's plan; one stored before plans were offered pays the deposit then the balance. */
export function planOf(booking: Planned, bookedAt: string): PaymentPlan {
  return booking.paymentPlan ?? { option: "deposit-balance", chosenAt: bookedAt };
}

/** How each option reads where the client chooses it and on what they sign. */
export const optionNames: Record<PaymentOption, string> = {
  "deposit-balance": "The deposit now and the balance later",
  "all-now": "Pay it all now",
  monthly: "The deposit now, then monthly",
};
