/**
 * Card payments on a booking, recorded exactly once per checkout session. The session id is the
 * key, and the check and the write happen in the booking's ledger (a Durable Object,
 * workers/booking-ledger.ts) one change at a time: KV alone is eventually consistent, so two
 * deliveries of the same webhook racing through two edge locations could both see "not yet
 * recorded" there and both append and e-mail.
 */
import { amountsDue, formatCents, type Payment } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import type { PaidCheckout, RecordOutcome } from "~/bookings/record/ledger-protocol";
import { findBooking, storeBooking } from "~/bookings/record/record.server";
import { paymentIntentKey } from "~/storage-keys";

/** Why a payment is not what was owing, or undefined when it is exactly that. */
function mismatchOf(paid: PaidCheckout, owing: ReturnType<typeof amountsDue>["owingNow"]): string | undefined {
  const received = `${formatCents(paid.amountCents)} ${paid.currency} for the ${paid.kind}`;
  if (!owing) return `Received ${received}, but nothing was owing`;
  if (paid.currency !== "AUD" || paid.amountCents !== owing.amountCents || paid.kind !== owing.kind) {
    return `Received ${received}, but ${formatCents(owing.amountCents)} AUD was owing for the ${owing.kind}`;
  }
  return undefined;
}

interface LedgerEntry {
  payment: Payment;
  /** True once the booking record in KV carries this payment (its e-mails go out then). */
  inBooking: boolean;
}

const entryKey = (sessionId: string) => `session:${sessionId}`;

function byPaidAt(a: Payment, b: Payment): number {
  return a.paidAt.localeCompare(b.paidAt) || a.sessionId.localeCompare(b.sessionId);
}

/**
 * Records a paid checkout on its booking. Runs inside the invoice's ledger object, one call at a
 * time, so its storage is the strongly consistent record of which sessions were counted. The
 * booking in KV is then written with every payment the ledger holds; if that write fails, Stripe
 * retries the webhook and the retry finishes it (the entry is kept, `inBooking` still false).
 */
export async function applyPayment(ledger: DurableObjectStorage, kv: KVNamespace, paid: PaidCheckout): Promise<RecordOutcome> {
  const found = await findBooking(kv, paid.invoiceNumber);
  if (!found) return { status: "unknown-invoice" };
  const entries = await ledger.list<LedgerEntry>({ prefix: "session:" });
  const existing = entries.get(entryKey(paid.sessionId));
  if (existing?.inBooking) return { status: "already-recorded" };

  const earlier = [...entries.values()].filter((entry) => entry.payment.sessionId !== paid.sessionId).map((entry) => entry.payment);
  let payment = existing?.payment;
  if (!payment) {
    const owing = amountsDue({ ...billableOf(found.booking), payments: earlier }).owingNow;
    const mismatch = mismatchOf(paid, owing);
    const intent = paid.paymentIntent ? { paymentIntent: paid.paymentIntent } : {};
    payment = { sessionId: paid.sessionId, kind: paid.kind, amountCents: paid.amountCents, currency: paid.currency, paidAt: paid.paidAt, ...intent, ...(mismatch ? { mismatch } : {}) };
    await ledger.put(entryKey(paid.sessionId), { payment, inBooking: false } satisfies LedgerEntry);
  }

  const payments = [...earlier, payment].sort(byPaidAt);
  const paymentState = amountsDue({ ...billableOf(found.booking), payments }).state;
  const booking: BookingRecord = { ...found.booking, payments, paymentState };
  await storeBooking(kv, booking, found.notes);
  if (payment.paymentIntent) await kv.put(paymentIntentKey(payment.paymentIntent), paid.invoiceNumber);
  await ledger.put(entryKey(paid.sessionId), { payment, inBooking: true } satisfies LedgerEntry);
  return { status: "recorded", booking, payment };
}
