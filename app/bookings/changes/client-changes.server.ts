/**
 * The client's changes on their booking page, decided by the booking's ledger object
 * (`workers/booking-ledger.ts`) from its own copy, so that no payment, status or e-mail update is
 * written over them. Accepting the terms is the client's confirmation: a requested booking becomes
 * confirmed in the same write, and accepting again changes nothing. Cancelling is priced here, from
 * the ledger's copy: a payment that arrived a moment ago counts.
 */
import { addressProved, isBookingProof, withAddressProved } from "~/bookings/record/address-proof";
import type { BookingRecord } from "~/bookings/record/booking";
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { cancellationOf } from "~/bookings/record/cancellation";
import { chosenPlan } from "~/bookings/record/payment-plan";
import { business, paymentTerms } from "~/business";
import { formatDateInWords } from "~/utils/date-words";
import type { ClientChange, ClientChangeOutcome } from "~/bookings/record/ledger-protocol";
import { holdsBooth, transition } from "~/bookings/record/lifecycle";
import { eventHasPassed } from "~/bookings/record/photos";
import { melbourneToday } from "~/utils/melbourne-time";

function changed(booking: BookingRecord, change: Exclude<ClientChange, { kind: "plan" }>): BookingRecord {
  switch (change.kind) {
    case "details":
      return { ...booking, eventDetails: change.details };
    case "cancel": {
      const at = new Date(change.at);
      const cancellation = cancellationOf(booking, melbourneToday(at), "client", at);
      return transition({ ...booking, cancellation }, "cancelled", "client", at).record;
    }
    case "prove":
      return withAddressProved(booking, change.at, "client");
    case "accept": {
      const accepted = { ...booking, acceptance: change.acceptance };
      return booking.status === "requested" ? transition(accepted, "confirmed", "client", new Date(change.acceptance.at)).record : accepted;
    }
  }
}

/**
 * Choosing how to pay again, decided from the ledger's copy: only while nothing is paid (a payment
 * that arrived a moment ago counts), and a monthly plan only where its dates offer one.
 */
function planChanged(before: BookingRecord, { option, at }: Extract<ClientChange, { kind: "plan" }>): ClientChangeOutcome {
  const billable = billableOf(before);
  const due = amountsDue(billable);
  const refused = (reason: string): ClientChangeOutcome => ({ kind: "refused", record: before, reason });
  if (due.dueInFull) return refused(`The whole amount is due now, as the event is less than ${paymentTerms.balanceDueDaysBeforeEvent} days away.`);
  if (due.paidCents > 0) return refused(`A payment has been made, so the way to pay is set. To change it, call us on ${business.phone.display}.`);
  const paymentPlan = chosenPlan(option, billable, at);
  if (!paymentPlan) return refused(`Monthly payments are offered when the balance falls due two months or more after booking; this booking's balance is due on ${formatDateInWords(due.balanceDueOn)}.`);
  return { kind: "changed", record: { ...before, paymentPlan }, before };
}

/** When the client made a change that can be too late: cancelling and the details end with the event (its page is a keepsake after it, record/photos.ts). */
function madeOn(change: ClientChange): string | null {
  if (change.kind === "cancel") return melbourneToday(new Date(change.at));
  if (change.kind === "details") return melbourneToday(new Date(change.details.updatedAt));
  if (change.kind === "plan") return melbourneToday(new Date(change.at));
  return null;
}

export function clientChanged(before: BookingRecord, change: ClientChange): ClientChangeOutcome {
  if (change.kind === "accept" && before.acceptance) return { kind: "already", record: before };
  // The proof is spent once: pressing "Keep my date" again, or a replay of the press, changes nothing.
  if (change.kind === "prove" && addressProved(before)) return { kind: "already", record: before };
  if (!holdsBooth(before.status)) return { kind: "refused", record: before, reason: `This booking is ${before.status}, so it can no longer be changed online.` };
  const on = madeOn(change);
  if (on && eventHasPassed(before, on)) return { kind: "refused", record: before, reason: "The event has taken place, so this booking can no longer be changed." };
  if (change.kind === "plan") return planChanged(before, change);
  if (change.kind === "prove" && !isBookingProof(before, change.proofHash)) return { kind: "refused", record: before, reason: "This link does not keep this booking's date: open the link in the e-mail we sent you." };
  return { kind: "changed", record: changed(before, change), before };
}
