import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveProof } from "~/bookings/proofs/proof-file.server";
import { findBookingBySecret } from "~/bookings/record/record.server";

/** One version of the print design's proof, for the holder of the booking page's key. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const booking = await findBookingBySecret(services, params.number ?? "", new URL(request.url).searchParams.get("key"));
  return serveProof(services, booking, params.version);
}
