import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findBookingBySecret } from "~/bookings/record/record.server";
import { calendarEvent } from "~/bookings/invoice/calendar-event.server";
import { notFound, privateHeaders } from "~/bookings/record/private-responses.server";

/** The booked event for the client's calendar, for the holder of the invoice address's secret (404 otherwise, as the invoice). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const booking = await findBookingBySecret(services, params.number ?? "", new URL(request.url).searchParams.get("key"));
  if (!booking) return notFound();
  const body = calendarEvent(booking, services.config.SITE_ORIGIN);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${booking.invoiceNumber}.ics"`,
      ...privateHeaders,
    },
  });
}
