/**
 * A booking's life on the server: price it, give it an invoice number, store it in KV before
 * anything else, write the invoice PDF to R2, e-mail the owner and the client, and record how
 * the e-mails went. Also finds a booking again for its secret invoice address.
 */
import { deliverMails, type Deliveries } from "~/deliveries.server";
import { bookingMails } from "~/email-templates.server";
import type { BookingInput } from "~/forms/schemas";
import { allocateInvoiceNumber, findInvoiceIndex } from "~/invoice-registry.server";
import { renderInvoicePdf } from "~/invoice-pdf.server";
import { bookingPrice, formatAud } from "~/pricing";
import type { Services } from "~/services.server";
import { bookingKey, invoicePdfKey, summaryMetadata } from "~/storage-keys";
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
  await store(services, booking);

  await services.r2.put(booking.invoicePdf, await renderInvoicePdf(booking, { siteOrigin: services.config.SITE_ORIGIN }), {
    httpMetadata: { contentType: "application/pdf" },
    customMetadata: { invoiceNumber, summary: summaryOf(booking) },
  });

  const path = invoicePath(invoiceNumber, booking.invoiceSecret);
  const mails = bookingMails(booking, `${services.config.SITE_ORIGIN}${path}`, { ownerEmail: services.config.OWNER_EMAIL });
  const delivery = await deliverMails(services, mails);
  await store(services, { ...booking, emailDelivery: delivery.deliveries }, delivery.note);
  return { invoiceNumber, price, invoicePath: path };
}

/** The booking behind an invoice address, or null when the number or the secret is wrong. */
export async function findBookingBySecret(services: Pick<Services, "kv">, invoiceNumber: string, secret: string | null): Promise<BookingRecord | null> {
  const index = await findInvoiceIndex(services.kv, invoiceNumber);
  const booking = index && (await services.kv.get<BookingRecord>(bookingKey(index.eventDate, invoiceNumber), "json"));
  // Compare even when nothing was found, so timing does not tell a wrong secret from an unknown number.
  const matches = constantTimeEqual(secret ?? "", booking?.invoiceSecret ?? "\u0000");
  return booking && secret && matches ? booking : null;
}
