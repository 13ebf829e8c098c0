import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findBookingBySecret } from "~/bookings.server";
import { servicesFrom } from "~/services.server";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The invoice PDF from R2, for the holder of the invoice address's secret. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const services = servicesFrom(context);
  const booking = await findBookingBySecret(services, params.number ?? "", new URL(request.url).searchParams.get("key"));
  const object = booking && (await services.r2.get(booking.invoicePdf));
  if (!booking || !object) return notFound();
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${booking.invoiceNumber}.pdf"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
