import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveLogo } from "~/bookings/booking-page/logo-file.server";
import { findBookingBySecret } from "~/bookings/record/record.server";

/** The logo the client gave for their prints, for the holder of the booking page's key. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const booking = await findBookingBySecret(services, params.number ?? "", new URL(request.url).searchParams.get("key"));
  return serveLogo(services, booking);
}
