/**
 * Storing a booking with its KV key's one-line summary, and finding it again by invoice
 * number (the owner's links) or by its secret invoice address (the client's).
 */
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingMetadata, BookingRecord } from "~/bookings/record/booking";
import { missingDetails } from "~/bookings/record/event-details";
import { findInvoiceIndex } from "~/bookings/numbers/invoice-registry.server";
import { formatAud } from "~/pricing";
import { bookingKey, invoiceNumberOfKey, keyPrefix, summaryMetadata } from "~/storage-keys";
import { constantTimeEqual } from "~/utils/constant-time";

type Summarised = Pick<BookingRecord, "fullName" | "eventDate" | "boothType" | "packageDuration" | "totalCents" | "travel" | "travelFee">;

export function summaryOf(booking: Summarised): string {
  const travel = !booking.travel ? " · TRAVEL TBC" : booking.travelFee ? ` (travel ${formatAud(booking.travelFee)})` : "";
  return `${booking.fullName} · ${booking.eventDate} · ${booking.boothType} ${booking.packageDuration} · ${formatCents(booking.totalCents)}${travel}`;
}

const mismatchFlag = " · PAYMENT MISMATCH";
const refundMismatchFlag = " · REFUND MISMATCH";

/** "deposit paid, $518.00 owing" once anything is paid; after a cancellation, what is still to refund. */
function paymentProgress(booking: BookingRecord): string {
  if (!booking.payments?.length) return "";
  const amounts = amountsDue(billableOf(booking));
  const toRefund = amounts.refundOwedCents ? `, ${formatCents(amounts.refundOwedCents)} to refund` : "";
  if (amounts.state === "refunded" || amounts.state === "partly-refunded") return ` · ${amounts.state.replace("-", " ")}${toRefund}`;
  if (amounts.state === "paid") return ` · paid in full${toRefund}`;
  const paid = amounts.state === "deposit-paid" ? "deposit paid" : `${formatCents(amounts.paidCents)} paid`;
  return ` · ${paid}, ${formatCents(amounts.owingCents)} owing${toRefund}`;
}

/** For a confirmed booking: whether the client accepted the terms online, and the event details given or missing. */
function clientProgress(booking: BookingRecord): string {
  if (booking.status !== "confirmed") return "";
  const terms = booking.acceptance ? " · terms accepted" : "";
  const missing = missingDetails(booking.eventDetails);
  return `${terms} · ${missing.length ? `details missing (${missing.join(", ")})` : "details given"}`;
}

/**
 * The one line a key listing shows: who, when, what, the amount, the invoice number, the status,
 * the client's terms and details, the payments, then the flags the owner must see (`notes`: PDF
 * or e-mail trouble; a payment that was not what was owing).
 */
export function listingSummary(booking: BookingRecord, notes = ""): string {
  const mismatch = `${booking.payments?.some((payment) => payment.mismatch) ? mismatchFlag : ""}${booking.refunds?.some((refund) => refund.mismatch) ? refundMismatchFlag : ""}`;
  return `${summaryOf(booking)} · ${booking.invoiceNumber} · ${booking.status}${clientProgress(booking)}${paymentProgress(booking)}${notes}${mismatch}`;
}

/** The booking as stored: its payment state always what its payments and refunds give. */
function withPaymentState(booking: BookingRecord): BookingRecord {
  return { ...booking, paymentState: amountsDue(billableOf(booking)).state };
}

export async function storeBooking(kv: KVNamespace, stored: BookingRecord, notes = ""): Promise<void> {
  const booking = withPaymentState(stored);
  const metadata: BookingMetadata = {
    ...summaryMetadata(listingSummary(booking, notes)),
    status: booking.status,
    receivedAt: booking.receivedAt,
    notes,
  };
  await kv.put(bookingKey(booking.eventDate, booking.invoiceNumber), JSON.stringify(booking, null, 2), { metadata });
}

/** The booking's key today (a move changes it): the key an e-mail was queued under may be an old one. */
export async function currentBookingKey(kv: KVNamespace, recordKey: string): Promise<string> {
  const index = await findInvoiceIndex(kv, invoiceNumberOfKey(recordKey));
  return index ? bookingKey(index.eventDate, invoiceNumberOfKey(recordKey)) : recordKey;
}

/** One page of the bookings stored in KV, opened, and where the next page starts (null after the last). */
export async function bookingsPage(kv: KVNamespace, cursor: string | null, limit: number): Promise<{ entries: { booking: BookingRecord; notes: string }[]; next: string | null }> {
  const page = await kv.list<BookingMetadata>({ prefix: keyPrefix.booking, limit, ...(cursor ? { cursor } : {}) });
  const opened = await Promise.all(page.keys.map(async ({ name, metadata }) => ({ booking: await kv.get<BookingRecord>(name, "json"), notes: metadata?.notes ?? "" })));
  return { entries: opened.flatMap((entry) => (entry.booking ? [{ ...entry, booking: entry.booking }] : [])), next: page.list_complete ? null : page.cursor };
}

/** The booking with this invoice number and its listing notes, or null. */
export async function findBooking(kv: KVNamespace, invoiceNumber: string): Promise<{ booking: BookingRecord; notes: string } | null> {
  const index = await findInvoiceIndex(kv, invoiceNumber);
  // A number that is no booking's reads a record too (one that cannot exist), so it costs and takes
  // what a booking's does: an invoice address opened with a wrong key tells nothing of which numbers exist.
  const { value, metadata } = await kv.getWithMetadata<BookingRecord, Partial<BookingMetadata>>(bookingKey(index?.eventDate ?? "none", invoiceNumber), "json");
  return index && value && { booking: value, notes: metadata?.notes ?? "" };
}

/**
 * Whether a booking stored on `eventDate` took `id` as its hold or its code's use: what the holds
 * and promo-uses objects look for before giving back a new booking's provisional hold or use that
 * its ledger never confirmed (the request stopped after storing it, or could not reach the ledger).
 */
export async function storedWith(kv: KVNamespace, eventDate: string, id: string): Promise<boolean> {
  // A date has a handful of bookings, every one ever declined or cancelled included.
  const { keys } = await kv.list({ prefix: bookingKey(eventDate, "") });
  const bookings = await Promise.all(keys.map(({ name }) => kv.get<BookingRecord>(name, "json")));
  return bookings.some((booking) => booking?.holdId === id || booking?.promoUseId === id);
}

/** The booking behind an invoice address, or null when the number or the secret is wrong. */
export async function findBookingBySecret(services: { kv: KVNamespace }, invoiceNumber: string, secret: string | null): Promise<BookingRecord | null> {
  const booking = (await findBooking(services.kv, invoiceNumber))?.booking ?? null;
  // Compare even when nothing was found, so timing does not tell a wrong secret from an unknown number.
  const matches = constantTimeEqual(secret ?? "", booking?.invoiceSecret ?? "\u0000");
  return booking && secret && matches ? booking : null;
}
