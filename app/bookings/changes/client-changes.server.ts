/**
 * The client's changes on their booking page, decided by the booking's ledger object
 * (`workers/booking-ledger.ts`) from its own copy, so that no payment, status or e-mail update is
 * written over them. Accepting the terms is the client's confirmation: a requested booking becomes
 * confirmed in the same write, and accepting again changes nothing. Cancelling is priced here, from
 * the ledger's copy: a payment that arrived a moment ago counts.
 */
import { addressProved, isBookingProof, withAddressProved } from "~/bookings/record/address-proof";
import type { BookingRecord } from "~/bookings/record/booking";
import { cancellationOf } from "~/bookings/record/cancellation";
import type { ClientChange, ClientChangeOutcome } from "~/bookings/record/ledger-protocol";
import { holdsBooth, transition } from "~/bookings/record/lifecycle";
import { eventHasPassed } from "~/bookings/record/photos";
import { melbourneToday } from "~/utils/melbourne-time";

function changed(booking: BookingRecord, change: ClientChange): BookingRecord {
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

/** When the client made a change that can be too late: cancelling and the details end with the event (its page is a keepsake after it, record/photos.ts). */
function madeOn(change: ClientChange): string | null {
  if (change.kind === "cancel") return melbourneToday(new Date(change.at));
  if (change.kind === "details") return melbourneToday(new Date(change.details.updatedAt));
  return null;
}

export function clientChanged(before: BookingRecord, change: ClientChange): ClientChangeOutcome {
  if (change.kind === "accept" && before.acceptance) return { kind: "already", record: before };
  // The proof is spent once: pressing "Keep my date" again, or a replay of the press, changes nothing.
  if (change.kind === "prove" && addressProved(before)) return { kind: "already", record: before };
  if (!holdsBooth(before.status)) return { kind: "refused", record: before, reason: `This booking is ${before.status}, so it can no longer be changed online.` };
  const on = madeOn(change);
  if (on && eventHasPassed(before, on)) return { kind: "refused", record: before, reason: "The event has taken place, so this booking can no longer be changed." };
  if (change.kind === "prove" && !isBookingProof(before, change.proofHash)) return { kind: "refused", record: before, reason: "This link does not keep this booking's date: open the link in the e-mail we sent you." };
  return { kind: "changed", record: changed(before, change), before };
}
