/**
 * A booking proves its client's e-mail address before it holds its date for long
 * (docs/product-decisions.md, "A booking proves its address"). The web answer carries the booking
 * page's key, so anyone can book in anyone's name; the booking e-mail's link also carries a
 * one-time proof, and pressing "Keep my date" on the page it opens spends it (mail scanners open
 * links; they press no buttons). Until the address is proved, a payment is recorded or the owner
 * confirms, the booking holds its date for `lifecycle.unprovedHoldHours`; its ledger's alarm then
 * lets it expire. Only the proof's SHA-256 is stored.
 */
import { lifecycle } from "~/business";
import type { AddressProof, BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { constantTimeEqual } from "~/utils/constant-time";
import { newSecret } from "~/utils/random-secret";

type Waiting = Pick<BookingRecord, "status" | "addressProof" | "payments" | "receivedAt">;

async function sha256Of(proof: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(proof));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A new booking's proof, for its e-mail's link, and what the booking keeps of it. */
export async function newAddressProof(): Promise<{ proof: string; stored: AddressProof }> {
  const proof = newSecret();
  return { proof, stored: { sha256: await sha256Of(proof) } };
}

/** The SHA-256 of a proof a link brought, as the booking's ledger compares it. */
export const proofHashOf = sha256Of;

/**
 * Whether the client's address is proved, or the owner's Confirm kept the date for them. A booking
 * stored before addresses were proved has no `addressProof` and counts as proved: its client was
 * never asked, and it keeps the 7 days it was given (docs/product-decisions.md, "A booking proves
 * its address").
 */
export function addressProved(booking: Pick<BookingRecord, "addressProof">): boolean {
  return !booking.addressProof || !!booking.addressProof.provedAt;
}

/** Whether the booking still holds its date only for a while: it holds one, its address is not proved, nothing is paid and the owner has not confirmed it. */
export function waitsForAddress(booking: Waiting): boolean {
  return holdsBooth(booking.status) && !addressProved(booking) && !booking.payments?.length;
}

/** When a booking waiting for its address gives its date up. */
export function unprovedHoldEnds(booking: Pick<BookingRecord, "receivedAt">): Date {
  return new Date(Date.parse(booking.receivedAt) + lifecycle.unprovedHoldHours * 3_600_000);
}

/** Whether `proofHash` (the SHA-256 of what a link brought) is the booking's unspent proof, compared in constant time. */
export function isBookingProof(booking: Pick<BookingRecord, "addressProof">, proofHash: string): boolean {
  const stored = booking.addressProof?.sha256;
  // Compared even when none is stored, so timing tells nothing.
  const matches = constantTimeEqual(proofHash, stored ?? "\u0000");
  return !!stored && matches;
}

/** The booking with its address proved at `at`, by the client's button or the owner's Confirm; the proof is spent. */
export function withAddressProved<T extends Pick<BookingRecord, "addressProof">>(booking: T, at: string, by: "client" | "owner"): T {
  return { ...booking, addressProof: { provedAt: at, by } };
}
