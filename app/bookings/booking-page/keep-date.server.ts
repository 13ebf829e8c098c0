/**
 * What the booking page says while a booking waits for its client's address
 * (app/bookings/record/address-proof.ts): until when its date is held, and, on the page the
 * booking e-mail's link opens (its proof checked), the "Keep my date" button.
 */
import { isBookingProof, proofHashOf, unprovedHoldEnds, waitsForAddress } from "~/bookings/record/address-proof";
import { keepDatePath } from "~/bookings/record/addresses";
import type { BookingRecord } from "~/bookings/record/booking";
import { formatMelbourneTime } from "~/utils/date-words";

export type KeepDateView =
  | { kind: "none" }
  /** Just kept by the button. */
  | { kind: "kept" }
  | {
      kind: "waiting";
      /** The hold's end, in Melbourne time. */
      ends: string;
      email: string;
      /** The button's form, only on the page the e-mail's link opened. */
      form: { action: string; proof: string } | null;
      /** The button was pressed with a proof that is not this booking's. */
      refused: boolean;
    };

export async function keepDateView(booking: BookingRecord, secret: string, query: URLSearchParams): Promise<KeepDateView> {
  const pressed = query.get("kept");
  if (!waitsForAddress(booking)) return { kind: pressed === "yes" ? "kept" : "none" };
  const proof = query.get("proof");
  const genuine = proof !== null && isBookingProof(booking, await proofHashOf(proof));
  return {
    kind: "waiting",
    ends: formatMelbourneTime(unprovedHoldEnds(booking)),
    email: booking.email,
    form: genuine ? { action: keepDatePath(booking.invoiceNumber, secret), proof } : null,
    refused: pressed === "no",
  };
}
