import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invoicePath } from "~/bookings/record/addresses";
import { findBookingBySecret } from "~/bookings/record/record.server";
import { calendarEvent } from "~/bookings/invoice/calendar-event.server";
import { notFound, privateHeaders } from "~/bookings/record/private-responses.server";

/** The booked event for the client's calendar, for the holder of the invoice address's secret (404 otherwise, as the invoice). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const secret = new URL(request.url).searchParams.get("key");
  const booking = await findBookingBySecret(services, params.number ?? "", secret);
  if (!booking) return notFound();
  const origin = services.config.SITE_ORIGIN;
  const body = calendarEvent(booking, { invoiceUrl: `${origin}${invoicePath(booking.invoiceNumber, secret!)}`, siteOrigin: origin });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${booking.invoiceNumber}.ics"`,
      ...privateHeaders,
    },
  });
}
