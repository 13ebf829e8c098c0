/** The invoice PDF as a file: drawn for a download, and kept in R2 beside the booking. */
import type { BookingRecord } from "~/bookings/record/booking";
import { renderInvoicePdf } from "~/bookings/invoice/invoice-pdf.server";
import { summaryOf } from "~/bookings/record/record.server";
import type { Services } from "~/types/services";

type PdfDeps = Pick<Services, "config" | "fonts">;

/** The listing note while a booking's stored PDF could not be written (it is drawn on request meanwhile). */
export const pdfNotWrittenNote = " · PDF NOT WRITTEN";

export function invoicePdfBytes(services: PdfDeps, booking: BookingRecord): Promise<Uint8Array> {
  return renderInvoicePdf(booking, { siteOrigin: services.config.SITE_ORIGIN, fonts: services.fonts });
}

/** Writes the invoice PDF to R2 (again after a payment); false (and a log line) when R2 refuses. */
export async function writeInvoicePdf(services: PdfDeps & Pick<Services, "r2">, booking: BookingRecord): Promise<boolean> {
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
