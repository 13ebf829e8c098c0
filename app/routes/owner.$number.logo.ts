import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ownerLogoBooking, serveLogo } from "~/bookings/booking-page/logo-file.server";

/** The client's logo through the owner's signed link in the details e-mail (no login). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  return serveLogo(services, await ownerLogoBooking(services, params.number, new URL(request.url).searchParams));
}
