/**
 * The client of the booking ledger: one Durable Object per invoice number
 * (`workers/booking-ledger.ts`), so changes to one booking queue up while other bookings' go
 * side by side. It only carries operations to the object (`ledger-protocol.ts`).
 */
import type { BookingLedger, LedgerOperation } from "~/bookings/record/ledger-protocol";
import { invoiceNumberOfKey } from "~/storage-keys";

export function durableBookingLedger(namespace: DurableObjectNamespace): BookingLedger {
  const call = async <T>(invoiceNumber: string, operation: LedgerOperation): Promise<T> => {
    const stub = namespace.get(namespace.idFromName(invoiceNumber));
    const response = await stub.fetch("https://booking-ledger/", { method: "POST", body: JSON.stringify(operation) });
    if (!response.ok) throw new Error(`Booking ledger for ${invoiceNumber}: ${await response.text()}`);
    return response.json<T>();
  };
  return {
    open: (booking, mails) => call(booking.invoiceNumber, { op: "open", booking, mails }),
    recordPayment: (paid) => call(paid.invoiceNumber, { op: "payment", paid }),
    recordOffSession: (report) => call(report.invoiceNumber, { op: "off-session", invoiceNumber: report.invoiceNumber, report }),
    changeAutopay: (invoiceNumber, change) => call(invoiceNumber, { op: "autopay", invoiceNumber, change }),
    recordQueuedTries: (invoiceNumber, tries) => call(invoiceNumber, { op: "autopay-queued", invoiceNumber, tries }),
    startTry: (invoiceNumber, one) => call(invoiceNumber, { op: "autopay-try", invoiceNumber, ...one }),
    answerTry: (invoiceNumber, one, answer) => call(invoiceNumber, { op: "autopay-answer", invoiceNumber, ...one, answer }),
    recordBankPayment: (request) => call(request.invoiceNumber, { op: "bank-payment", ...request }),
    voidPayment: (request) => call(request.invoiceNumber, { op: "void-payment", ...request }),
    changeStatus: (request) => call(request.invoiceNumber, { op: "status", ...request }),
    updateDeliveries: (recordKey, change) => call(invoiceNumberOfKey(recordKey), { op: "deliveries", recordKey, change }),
    changeByClient: (invoiceNumber, change) => call(invoiceNumber, { op: "client", invoiceNumber, change }),
    move: (request) => call(request.invoiceNumber, { op: "move", ...request }),
    changeExtras: (request) => call(request.invoiceNumber, { op: "extras", ...request }),
    refund: (request) => call(request.invoiceNumber, { op: "refund", ...request }),
    reportRefund: (invoiceNumber, refund) => call(invoiceNumber, { op: "refund-report", invoiceNumber, refund }),
    openedCheckout: (checkout) => call(checkout.invoiceNumber, { op: "checkout", ...checkout }),
    uploadProof: (invoiceNumber, upload) => call(invoiceNumber, { op: "proof-uploaded", invoiceNumber, upload }),
    answerProof: (request) => call(request.invoiceNumber, { op: "proof-answered", ...request }),
    postGallery: (request) => call(request.invoiceNumber, { op: "gallery", ...request }),
    noteForDay: (invoiceNumber, text, at) => call(invoiceNumber, { op: "day-note", invoiceNumber, text, at }),
    read: (invoiceNumber) => call(invoiceNumber, { op: "read", invoiceNumber }),
    endUnprovedHold: (invoiceNumber, at) => call(invoiceNumber, { op: "hold-ends", invoiceNumber, at }),
  };
}
