/**
 * The stored part of a refund, made in the booking's ledger object: each refund (by its Stripe id,
 * or the owner's link's own id for a bank transfer) is recorded once, so a webhook delivered twice
 * or a button pressed twice counts once. A refund that is not what was owed back is flagged.
 */
import { amountsDue, formatCents, type Refund } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { RefundOutcome } from "~/bookings/record/ledger-protocol";
import { findBooking, storeBooking } from "~/bookings/record/record.server";

export async function applyRefund(kv: KVNamespace, invoiceNumber: string, refund: Refund): Promise<RefundOutcome | null> {
  const found = await findBooking(kv, invoiceNumber);
  if (!found) return null;
  const before = found.booking;
  if (before.refunds?.some((recorded) => recorded.id === refund.id)) return { kind: "already", record: before };
  const owedBack = amountsDue(billableOf(before)).refundOwedCents;
  const mismatch = refund.amountCents > owedBack ? `Refunded ${formatCents(refund.amountCents)}, but ${formatCents(owedBack)} was owed back` : undefined;
  const recorded: Refund = { ...refund, ...(mismatch ? { mismatch } : {}) };
  const record = { ...before, refunds: [...(before.refunds ?? []), recorded] };
  await storeBooking(kv, record, found.notes);
  return { kind: "recorded", record, refund: recorded };
}
