/**
 * The client's changes of plan from their booking page: moving the date, cancelling
 * (docs/product-decisions.md, "Changes, cancellations and refunds") and changing the add-ons
 * ("What the business sells"). The booking's ledger decides each from its own copy and finishes
 * what follows (the holds, the keys, the PDF, the e-mails): two moves racing are made one after
 * the other, each holding its date in the ledger, so the booking ends on exactly one date with one
 * hold.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { refuseMoveTo } from "~/bookings/changes/date-move";
import { extrasChangeClosed } from "~/bookings/changes/extras-change";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { eventHasPassed } from "~/bookings/record/photos";
import type { ExtrasOutcome, MoveOutcome } from "~/bookings/record/ledger-protocol";
import type { Extras } from "~/prices/extras";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

export type ChangeOutcome = { kind: "changed"; booking: BookingRecord } | { kind: "refused"; status: 400 | 409 | 503; error: string };

/** The ledger could not be reached or a step before the change failed: the change was made in full or not at all. */
function unavailable(booking: BookingRecord, error: unknown): Unavailable {
  console.error(`A change to booking ${booking.invoiceNumber} could not be made just now:`, error);
  return { kind: "refused", status: 503, error: "We could not make that change just now. Your booking page shows where your booking stands: please try again in a minute." };
}

type Unavailable = Extract<ChangeOutcome, { kind: "refused" }>;

/** The ledger's answer to a move or a change of add-ons (null: no such booking), as the page takes it. */
function settled(outcome: MoveOutcome | ExtrasOutcome | Unavailable | null): ChangeOutcome {
  if (outcome && "status" in outcome) return outcome;
  if (!outcome || outcome.kind === "refused") return { kind: "refused", status: 409, error: outcome?.reason ?? "This booking no longer exists." };
  return { kind: "changed", booking: outcome.record };
}

export async function moveBooking(services: Pick<Services, "ledger" | "now">, booking: BookingRecord, to: string): Promise<ChangeOutcome> {
  const now = services.now();
  // Checked here first only to answer a wrong date with 400; the ledger checks again from its own copy.
  const reason = refuseMoveTo(booking, melbourneToday(now), to);
  if (reason) return { kind: "refused", status: holdsBooth(booking.status) ? 400 : 409, error: reason };
  return settled(await services.ledger.move({ invoiceNumber: booking.invoiceNumber, to, at: now.toISOString() }).catch((error: unknown) => unavailable(booking, error)));
}

/** Whether the client may cancel on `today`: while the booking holds its booth, until the event has taken place. */
export function cancellable(booking: Pick<BookingRecord, "status" | "eventDate">, today: string): boolean {
  return holdsBooth(booking.status) && !eventHasPassed(booking, today);
}

export async function cancelBooking(services: Pick<Services, "ledger" | "now">, booking: BookingRecord): Promise<ChangeOutcome> {
  if (!holdsBooth(booking.status)) return { kind: "refused", status: 409, error: `This booking is ${booking.status} already.` };
  if (!cancellable(booking, melbourneToday(services.now()))) return { kind: "refused", status: 409, error: "The event has taken place, so this booking can no longer be cancelled." };
  const outcome = await services.ledger.changeByClient(booking.invoiceNumber, { kind: "cancel", at: services.now().toISOString() }).catch((error: unknown) => unavailable(booking, error));
  if (outcome && "status" in outcome) return outcome;
  if (!outcome || outcome.kind !== "changed") return { kind: "refused", status: 409, error: outcome?.kind === "refused" ? outcome.reason : "This booking no longer exists." };
  return { kind: "changed", booking: outcome.record };
}

/**
 * Adds or removes add-ons: the ledger holds the new stock with the booth and reprices the booking,
 * or refuses (an item gone on the date, the window closed) with the booking unchanged. Choosing
 * what the booking has already is no change, and no refusal.
 */
export async function changeExtras(services: Pick<Services, "ledger" | "now">, booking: BookingRecord, extras: Extras): Promise<ChangeOutcome> {
  const now = services.now();
  const closed = extrasChangeClosed(booking, melbourneToday(now));
  if (closed) return { kind: "refused", status: 409, error: closed };
  return settled(await services.ledger.changeExtras({ invoiceNumber: booking.invoiceNumber, extras, at: now.toISOString() }).catch((error: unknown) => unavailable(booking, error)));
}
