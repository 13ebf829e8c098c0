/**
 * The client's changes of plan from their booking page: moving the date and cancelling
 * (docs/product-decisions.md, "Changes, cancellations and refunds").
 *
 * A move holds the new date's booth first (the holds object decides, as for a new booking), then
 * the ledger moves the record and releases the old hold; if the ledger refuses, the new hold is
 * given back. Two moves racing each hold their own date; the ledger makes them one after the other
 * and each releases whatever date the booking is on when its turn comes, so the booking ends on
 * exactly one date with one hold.
 */
import { invoicePath } from "~/bookings/record/addresses";
import { blocksOn } from "~/bookings/holds/blocks.server";
import type { BookingRecord, Cancellation } from "~/bookings/record/booking";
import { cancellationOf } from "~/bookings/record/cancellation";
import { cancelledMails, movedMails } from "~/bookings/mails/change-mails.server";
import { refuseMoveTo } from "~/bookings/changes/date-move";
import { writeInvoicePdf } from "~/bookings/invoice/invoice-file.server";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { ownerActionLinks } from "~/bookings/record/owner-links.server";
import { bookedOutMessage } from "~/bookings/holds/refusal";
import type { BoothType } from "~/pricing";
import type { Mail } from "~/mail/message";
import { queueMails } from "~/mail/queue.server";
import { bookingKey } from "~/storage-keys";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";

export type ChangeOutcome = { kind: "changed"; booking: BookingRecord } | { kind: "refused"; status: 400 | 409; error: string };

const pageUrl = (services: Pick<Services, "config">, booking: BookingRecord) => `${services.config.SITE_ORIGIN}${invoicePath(booking.invoiceNumber, booking.invoiceSecret)}`;

export async function moveBooking(services: Services, booking: BookingRecord, to: string): Promise<ChangeOutcome> {
  const now = services.now();
  const reason = refuseMoveTo(booking, melbourneToday(now), to);
  if (reason) return { kind: "refused", status: holdsBooth(booking.status) ? 400 : 409, error: reason };
  const boothType = booking.boothType as BoothType;
  const hold = { eventDate: to, boothType, holdId: crypto.randomUUID() };
  const answer = await services.holds.hold({ ...hold, blocks: await blocksOn(services.kv, to) });
  if (!answer.held) return { kind: "refused", status: 409, error: bookedOutMessage(to, boothType, answer.free) };
  const outcome = await services.ledger.move({ invoiceNumber: booking.invoiceNumber, to, holdId: hold.holdId, at: now.toISOString() }).catch(async (error: unknown) => {
    await services.holds.release(hold).catch(() => undefined);
    throw error;
  });
  if (!outcome || outcome.kind === "refused") {
    await services.holds.release(hold);
    return { kind: "refused", status: 409, error: outcome?.reason ?? "This booking no longer exists." };
  }
  const moved = outcome.record;
  await writeInvoicePdf(services, moved);
  const { visitor, owner } = movedMails(moved, outcome.before.eventDate, pageUrl(services, moved), { ownerEmail: services.config.OWNER_EMAIL });
  // Named by the new date: each move's e-mails are queued once for the record.
  await queueMails(services, { recordKey: bookingKey(moved.eventDate, moved.invoiceNumber), mails: { [`moved-${to}`]: visitor, [`moved-${to}-owner`]: owner } });
  console.log(`Booking ${moved.invoiceNumber} moved by the client from ${outcome.before.eventDate} to ${to}.`);
  return { kind: "changed", booking: moved };
}

/** A cancellation's e-mails, by the client or the owner: the figures to both, and to the owner the signed Refund link when money is owed back. */
export async function cancellationMails(services: Pick<Services, "config" | "now">, booking: BookingRecord, figures: Cancellation): Promise<Record<string, Mail>> {
  const [refund] = figures.refundCents ? await ownerActionLinks(services.config, booking.invoiceNumber, ["refund"], services.now()) : [];
  const { visitor, owner } = cancelledMails(booking, figures, { page: pageUrl(services, booking), refund: refund ?? null }, { ownerEmail: services.config.OWNER_EMAIL });
  return { cancelled: visitor, "cancelled-owner": owner };
}

export async function cancelBooking(services: Services, booking: BookingRecord): Promise<ChangeOutcome> {
  if (!holdsBooth(booking.status)) return { kind: "refused", status: 409, error: `This booking is ${booking.status} already.` };
  const now = services.now();
  const figures = cancellationOf(booking, melbourneToday(now), "client", now);
  const outcome = await services.ledger.changeByClient(booking.invoiceNumber, { kind: "cancel", cancellation: figures });
  if (!outcome || outcome.kind !== "changed") return { kind: "refused", status: 409, error: outcome?.kind === "refused" ? outcome.reason : "This booking no longer exists." };
  const cancelled = outcome.record;
  await services.holds.release({ eventDate: cancelled.eventDate, holdId: cancelled.holdId });
  await writeInvoicePdf(services, cancelled);
  await queueMails(services, { recordKey: bookingKey(cancelled.eventDate, cancelled.invoiceNumber), mails: await cancellationMails(services, cancelled, figures) });
  console.log(`Booking ${cancelled.invoiceNumber} cancelled by the client (${figures.stage}).`);
  return { kind: "changed", booking: cancelled };
}
