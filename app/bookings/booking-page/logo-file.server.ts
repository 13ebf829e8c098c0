/** Serving a booking's logo: to the key's holder, or through the owner's signed link. */
import type { BookingRecord } from "~/bookings/record/booking";
import { logoExtensions } from "~/bookings/record/event-details";
import { bookingOfOwnerLink } from "~/bookings/record/owner-links.server";
import { notFound, privateFile } from "~/bookings/record/private-responses.server";
import type { Services } from "~/types/services";

export async function serveLogo(services: Pick<Services, "r2">, booking: BookingRecord | null): Promise<Response> {
  const logo = booking?.eventDetails?.logo;
  const object = logo && (await services.r2.get(logo.key));
  if (!booking || !logo || !object) return notFound();
  return privateFile(object.body, logo.contentType, `${booking.invoiceNumber}-logo.${logoExtensions[logo.contentType]}`);
}

/** The booking a signed logo link names, or null for any link that is not genuine and current. */
export function ownerLogoBooking(services: Pick<Services, "config" | "kv" | "generations" | "now">, number: string | undefined, query: URLSearchParams): Promise<BookingRecord | null> {
  return bookingOfOwnerLink(services, "logo", number, query);
}
