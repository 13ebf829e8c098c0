import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveProof } from "~/bookings/proofs/proof-file.server";
import { bookingOfOwnerLink } from "~/bookings/record/owner-links.server";

/** One version of the print design's proof, under the owner's signed proof link (the day sheet shows the one to print). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  return serveProof(services, await bookingOfOwnerLink(services, "proof", params.number, new URL(request.url).searchParams), params.version);
}
