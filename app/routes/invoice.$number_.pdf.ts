import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invoicePdfBytes } from "~/bookings/invoice/invoice-file.server";
import { findBookingBySecret } from "~/bookings/record/record.server";
import { notFound, privateHeaders } from "~/bookings/record/private-responses.server";

/**
 * The invoice PDF from R2, for the holder of the invoice address's secret. If R2 lost it or never
 * got it, the PDF is made again from the stored booking.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const booking = await findBookingBySecret(services, params.number ?? "", new URL(request.url).searchParams.get("key"));
  if (!booking) return notFound();
  const object = await services.r2.get(booking.invoicePdf).catch(() => null);
  const body = object ? object.body : new Blob([(await invoicePdfBytes(services, booking)) as Uint8Array<ArrayBuffer>]);
  return new Response(body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${booking.invoiceNumber}.pdf"`,
      ...privateHeaders,
    },
  });
}
