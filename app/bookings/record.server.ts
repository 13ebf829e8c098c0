/**
 * A stored booking: its record, its KV key's one-line summary, and finding it again by invoice
 * number (the owner's links) or by its secret invoice address (the client's).
 */
import { amountsDue, formatCents, type Payment, type PaymentState } from "~/bookings/amounts";
import { billableOf } from "~/bookings/billable";
import type { EmailDelivery } from "~/mail/deliveries.server";
import type { BookingInput } from "~/forms/schemas";
import { findInvoiceIndex } from "~/bookings/invoice-registry.server";
import { renderInvoicePdf } from "~/bookings/invoice-pdf.server";
import type { BookingStatus, Lifecycle } from "~/bookings/lifecycle";
import { formatAud } from "~/pricing";
import type { Services } from "~/services.server";
import type { Travel } from "~/travel/fees";
import { bookingKey, summaryMetadata } from "~/storage-keys";
import { constantTimeEqual } from "~/utils/constant-time";

export interface BookingRecord extends Omit<BookingInput, "price" | "invoiceNumber">, Lifecycle {
  kind: "booking";
  invoiceNumber: string;
  /** Whole AUD, from the booking price table; the browser's figure is ignored. */
  price: number;
  currency: "AUD";
  receivedAt: string;
  /** Melbourne's date of the booking, printed on the invoice. */
  issuedOn: string;
  /** The random part of the invoice address; whoever holds it can open the invoice. */
  invoiceSecret: string;
  invoicePdf: string;
  /** Names this booking's hold on its booth in the holds Durable Object, to release it. */
  holdId: string;
  /** Travel to the venue's locality; null when none was found in the location: to be confirmed, nothing charged online. */
  travel: Travel | null;
  /** Whole AUD (0 when free or to be confirmed). */
  travelFee: number;
  /** Booth price plus travel, in cents: what the invoice bills. */
  totalCents: number;
  /** Payments received, each recorded once by its checkout session (payments.server.ts); a request with any never expires. */
  payments?: Payment[];
  /** Where the payments stand as of the last one recorded; no payment yet means unpaid. */
  paymentState?: PaymentState;
  /** How each of its e-mails went, filled in by the e-mail queue. */
  emailDelivery: EmailDelivery;
}

export interface BookingReceipt {
  invoiceNumber: string;
  price: number;
  travelFee: number;
  /** Whole AUD: price plus travel. */
  total: number;
  /** Site-relative address of the invoice page, secret included. */
  invoicePath: string;
}

/** What a booking key's metadata carries, so a listing (and the daily schedule) reads without opening records. */
export interface BookingMetadata {
  summary: string;
  status: BookingStatus;
  receivedAt: string;
  /** Problems the owner should see in the listing (" · E-MAIL FAILED", " · PDF NOT WRITTEN"). */
  notes: string;
}

export function invoicePath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}?key=${encodeURIComponent(secret)}`;
}

export function invoicePdfPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/pdf?key=${encodeURIComponent(secret)}`;
}

export function invoiceCalendarPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/event.ics?key=${encodeURIComponent(secret)}`;
}

type Summarised = Pick<BookingRecord, "fullName" | "eventDate" | "boothType" | "packageDuration" | "price" | "travel" | "travelFee">;

export function summaryOf(booking: Summarised): string {
  const travel = !booking.travel ? " · TRAVEL TBC" : booking.travelFee ? ` (travel ${formatAud(booking.travelFee)})` : "";
  return `${booking.fullName} · ${booking.eventDate} · ${booking.boothType} ${booking.packageDuration} · ${formatAud(booking.price + booking.travelFee)}${travel}`;
}

const mismatchFlag = " · PAYMENT MISMATCH";

/** "deposit paid, $518.00 owing" once anything is paid, for the owner's listing. */
function paymentProgress(booking: BookingRecord): string {
  if (!booking.payments?.length) return "";
  const amounts = amountsDue(billableOf(booking));
  if (amounts.state === "paid") return " · paid in full";
  const paid = amounts.state === "deposit-paid" ? "deposit paid" : `${formatCents(amounts.paidCents)} paid`;
  return ` · ${paid}, ${formatCents(amounts.owingCents)} owing`;
}

/**
 * The one line a key listing shows: who, when, what, the amount, the invoice number, the status,
 * the payments, then the flags the owner must see (`notes`: PDF or e-mail trouble; a payment that
 * was not what was owing).
 */
export function listingSummary(booking: BookingRecord, notes = ""): string {
  const mismatch = booking.payments?.some((payment) => payment.mismatch) ? mismatchFlag : "";
  return `${summaryOf(booking)} · ${booking.invoiceNumber} · ${booking.status}${paymentProgress(booking)}${notes}${mismatch}`;
}

export async function storeBooking(kv: KVNamespace, booking: BookingRecord, notes = ""): Promise<void> {
  const metadata: BookingMetadata = {
    ...summaryMetadata(listingSummary(booking, notes)),
    status: booking.status,
    receivedAt: booking.receivedAt,
    notes,
  };
  await kv.put(bookingKey(booking.eventDate, booking.invoiceNumber), JSON.stringify(booking, null, 2), { metadata });
}

/** The booking with this invoice number and its listing notes, or null. */
export async function findBooking(kv: KVNamespace, invoiceNumber: string): Promise<{ booking: BookingRecord; notes: string } | null> {
  const index = await findInvoiceIndex(kv, invoiceNumber);
  if (!index) return null;
  const { value, metadata } = await kv.getWithMetadata<BookingRecord, Partial<BookingMetadata>>(bookingKey(index.eventDate, invoiceNumber), "json");
  return value && { booking: value, notes: metadata?.notes ?? "" };
}

export function invoicePdfBytes(services: Pick<Services, "config" | "fonts">, booking: BookingRecord): Promise<Uint8Array> {
  return renderInvoicePdf(booking, { siteOrigin: services.config.SITE_ORIGIN, fonts: services.fonts });
}

/** Writes the invoice PDF to R2 (again after a payment); false (and a log line) when R2 refuses. */
export async function writeInvoicePdf(services: Pick<Services, "config" | "r2" | "fonts">, booking: BookingRecord): Promise<boolean> {
  try {
    await services.r2.put(booking.invoicePdf, await invoicePdfBytes(services, booking), {
      httpMetadata: { contentType: "application/pdf" },
      customMetadata: { invoiceNumber: booking.invoiceNumber, summary: summaryOf(booking) },
    });
    return true;
  } catch (error) {
    console.error(`Invoice PDF for ${booking.invoiceNumber} was not written to R2:`, error);
    return false;
  }
}

/** The booking behind an invoice address, or null when the number or the secret is wrong. */
export async function findBookingBySecret(services: Pick<Services, "kv">, invoiceNumber: string, secret: string | null): Promise<BookingRecord | null> {
  const booking = (await findBooking(services.kv, invoiceNumber))?.booking ?? null;
  // Compare even when nothing was found, so timing does not tell a wrong secret from an unknown number.
  const matches = constantTimeEqual(secret ?? "", booking?.invoiceSecret ?? "\u0000");
  return booking && secret && matches ? booking : null;
}
