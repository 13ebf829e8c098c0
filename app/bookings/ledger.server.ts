/**
 * A booking's ledger: one Durable Object per invoice number (workers/booking-ledger.ts) that
 * makes every change to a stored booking after it is made (payments, status, the state of its
 * e-mails) one at a time, reading and writing KV from one place. KV has no compare-and-swap and
 * is only eventually consistent between locations, so two changes made side by side elsewhere
 * could each write back a copy without the other: a payment lost to a status change, or the
 * reverse.
 */
import type { Actor, BookingStatus, Transition } from "~/bookings/lifecycle";
import { applyStatusChange } from "~/bookings/lifecycle.server";
import { applyPayment, type PaidCheckout, type RecordOutcome } from "~/bookings/payments.server";
import type { BookingRecord } from "~/bookings/record.server";
import { updateMailDeliveries, type DeliveryChange, type EmailDelivery, type RecordDeliveries } from "~/mail/deliveries.server";
import { keyPrefix } from "~/storage-keys";

export interface StatusChangeRequest {
  invoiceNumber: string;
  to: BookingStatus;
  by: Actor;
  at: string;
}

type LedgerOperation =
  | { op: "payment"; paid: PaidCheckout }
  | ({ op: "status" } & StatusChangeRequest)
  | { op: "deliveries"; recordKey: string; change: DeliveryChange };

export interface BookingLedger {
  /** Records a paid checkout on its booking, once per checkout session. */
  recordPayment(paid: PaidCheckout): Promise<RecordOutcome>;
  /** Moves the booking to a status; null when there is no such booking. */
  changeStatus(request: StatusChangeRequest): Promise<Transition<BookingRecord> | null>;
  updateDeliveries(recordKey: string, change: DeliveryChange): Promise<EmailDelivery>;
}

/** `booking:{date}:{invoice number}`: the invoice number names the booking's ledger. */
function invoiceNumberOf(recordKey: string): string {
  return recordKey.slice(recordKey.lastIndexOf(":") + 1);
}

export function durableBookingLedger(namespace: DurableObjectNamespace): BookingLedger {
  const call = async <T>(invoiceNumber: string, operation: LedgerOperation): Promise<T> => {
    // One object per invoice: changes to one booking queue up, other bookings' go side by side.
    const stub = namespace.get(namespace.idFromName(invoiceNumber));
    const response = await stub.fetch("https://booking-ledger/", { method: "POST", body: JSON.stringify(operation) });
    if (!response.ok) throw new Error(`Booking ledger for ${invoiceNumber}: ${await response.text()}`);
    return response.json<T>();
  };
  return {
    recordPayment: (paid) => call(paid.invoiceNumber, { op: "payment", paid }),
    changeStatus: (request) => call(request.invoiceNumber, { op: "status", ...request }),
    updateDeliveries: (recordKey, change) => call(invoiceNumberOf(recordKey), { op: "deliveries", recordKey, change }),
  };
}

/** E-mail state: a booking's changed by its ledger, any other record's (quotes, messages) straight in KV. */
export function recordDeliveries(kv: KVNamespace, ledger: BookingLedger): RecordDeliveries {
  return {
    update: (recordKey, change) => (recordKey.startsWith(keyPrefix.booking) ? ledger.updateDeliveries(recordKey, change) : updateMailDeliveries(kv, recordKey, change)),
  };
}

/** What the ledger object does with one operation; it runs them one at a time. */
export function applyLedgerOperation(storage: DurableObjectStorage, kv: KVNamespace, body: unknown): Promise<unknown> {
  const operation = body as LedgerOperation;
  switch (operation.op) {
    case "payment":
      return applyPayment(storage, kv, operation.paid);
    case "status":
      return applyStatusChange(kv, operation);
    case "deliveries":
      return updateMailDeliveries(kv, operation.recordKey, operation.change);
  }
}
