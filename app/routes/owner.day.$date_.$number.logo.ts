import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { bookingOnDaySheet } from "~/agenda/day-sheet.server";
import { serveLogo } from "~/bookings/booking-page/logo-file.server";

/** A client's logo as its day sheet shows it, under the sheet's own token: read-only, and taken back with the sheet. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  return serveLogo(services, await bookingOnDaySheet(services, params.date, params.number, new URL(request.url).searchParams.get("token")));
}
