import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound, privateFile } from "~/bookings/record/private-responses.server";
import { findBookingBySecret } from "~/bookings/record/record.server";

/** The autopay agreement the client read before turning autopay on, word for word (kept in R2 when they pressed; none on consents kept before). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const booking = await findBookingBySecret(services, params.number ?? "", new URL(request.url).searchParams.get("key"));
  const copy = booking?.autopay?.agreement?.copy;
  const object = copy && (await services.r2.get(copy));
  if (!booking || !object) return notFound();
  return privateFile(object.body, "text/plain; charset=utf-8", `${booking.invoiceNumber}-autopay-agreement.txt`);
}
