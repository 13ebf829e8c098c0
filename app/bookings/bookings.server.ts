/**
 * A booking's life on the server: price it, give it an invoice number, store it in KV before
 * anything else, write the invoice PDF to R2, e-mail the owner and the client, and record how
 * the e-mails went. Also finds a booking again for its secret invoice address.
 */
import { deliverMails, type Deliveries } from "~/mail/deliveries.server";
import { bookingMails } from "~/mail/templates.server";
import type { BookingInput } from "~/forms/schemas";
import { allocateInvoiceNumber, findInvoiceIndex } from "~/bookings/invoice-registry.server";
import { renderInvoicePdf } from "~/bookings/invoice-pdf.server";
import { bookingPrice, formatAud } from "~/pricing";
import type { Services } from "~/services.server";
import { bookingKey, invoiceIndexKey, invoicePdfKey, summaryMetadata } from "~/storage-keys";
import { constantTimeEqual } from "~/utils/constant-time";
import { isoDate, melbourneDate } from "~/utils/melbourne-time";

export interface BookingRecord extends Omit<BookingInput, "price" | "invoiceNumber"> {
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
  emailDelivery: Deliveries | { status: "pending" };
}

export interface BookingReceipt {
  invoiceNumber: string;
  price: number;
  /** Site-relative address of the invoice page, secret included. */
  invoicePath: string;
}

/** 160 random bits, URL-safe. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function invoicePath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}?key=${encodeURIComponent(secret)}`;
}

export function invoicePdfPath(invoiceNumber: string, secret: string): string {
  return `/invoice/${invoiceNumber}/pdf?key=${encodeURIComponent(secret)}`;
}

function summaryOf(booking: Pick<BookingRecord, "fullName" | "eventDate" | "boothType" | "packageDuration" | "price">, note = ""): string {
  return `${booking.fullName} · ${booking.eventDate} · ${booking.boothType} ${booking.packageDuration} · ${formatAud(booking.price)}${note}`;
}

async function store(services: Services, booking: BookingRecord, note = "") {
  await services.kv.put(bookingKey(booking.eventDate, booking.invoiceNumber), JSON.stringify(booking, null, 2), {
    metadata: summaryMetadata(`${summaryOf(booking)} · ${booking.invoiceNumber}${note}`),
  });
}

export async function createBooking(services: Services, input: BookingInput): Promise<BookingReceipt> {
  const now = services.now();
  const { invoiceNumber: requested, price: _ignored, ...details } = input;
  const price = bookingPrice(details.boothType, details.packageDuration);
  const invoiceNumber = await allocateInvoiceNumber(services, {
    requested,
    eventDate: details.eventDate,
    summary: summaryOf({ ...details, price }),
    now,
  });
  const booking: BookingRecord = {
    kind: "booking",
    ...details,
    invoiceNumber,
    price,
    currency: "AUD",
    receivedAt: now.toISOString(),
    issuedOn: isoDate(melbourneDate(now)),
    invoiceSecret: newSecret(),
    invoicePdf: invoicePdfKey(invoiceNumber),
    emailDelivery: { status: "pending" },
  };
  try {
    await store(services, booking);
  } catch (error) {
    // Leave no index entry pointing at a booking that was never written.
    await services.kv.delete(invoiceIndexKey(invoiceNumber)).catch(() => undefined);
    throw error;
  }

  // The booking is safe in KV by now; a missing PDF is noted for the owner and made again on request.
  const pdfNote = (await writeInvoicePdf(services, booking)) ? "" : " · PDF NOT WRITTEN";

  const path = invoicePath(invoiceNumber, booking.invoiceSecret);
  const mails = bookingMails(booking, `${services.config.SITE_ORIGIN}${path}`, { ownerEmail: services.config.OWNER_EMAIL });
  const delivery = await deliverMails(services, mails);
  await store(services, { ...booking, emailDelivery: delivery.deliveries }, `${pdfNote}${delivery.note}`);
  return { invoiceNumber, price, invoicePath: path };
}

/** Writes the invoice PDF to R2; false (and a log line) when R2 refuses. */
async function writeInvoicePdf(services: Services, booking: BookingRecord): Promise<boolean> {
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

export function invoicePdfBytes(services: Pick<Services, "config" | "fonts">, booking: BookingRecord): Promise<Uint8Array> {
  return renderInvoicePdf(booking, { siteOrigin: services.config.SITE_ORIGIN, fonts: services.fonts });
}

/** The booking behind an invoice address, or null when the number or the secret is wrong. */
export async function findBookingBySecret(services: Pick<Services, "kv">, invoiceNumber: string, secret: string | null): Promise<BookingRecord | null> {
  const index = await findInvoiceIndex(services.kv, invoiceNumber);
  const booking = index && (await services.kv.get<BookingRecord>(bookingKey(index.eventDate, invoiceNumber), "json"));
  // Compare even when nothing was found, so timing does not tell a wrong secret from an unknown number.
  const matches = constantTimeEqual(secret ?? "", booking?.invoiceSecret ?? "\u0000");
  return booking && secret && matches ? booking : null;
}
