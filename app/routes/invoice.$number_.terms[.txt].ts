import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound, privateFile } from "~/bookings/record/private-responses.server";
import { findBookingBySecret } from "~/bookings/record/record.server";

/** The copy of the terms the client accepted, word for word as they were shown (kept in R2 when accepting). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const booking = await findBookingBySecret(services, params.number ?? "", new URL(request.url).searchParams.get("key"));
  const object = booking?.acceptance && (await services.r2.get(booking.acceptance.copy));
  if (!booking || !object) return notFound();
  return privateFile(object.body, "text/plain; charset=utf-8", `${booking.invoiceNumber}-terms.txt`);
}
