import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveProof } from "~/bookings/proofs/proof-file.server";
import { bookingOfAttendantProof } from "~/crew/attendant-page.server";
import { attendantOfProofLink } from "~/crew/attendants.server";

/** One version of an event's print design proof, under the attendant's own link of it (read-only): a plain 404 once their link is taken back or they are off the event. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const attendant = await attendantOfProofLink(services, params.id, params.number, new URL(request.url).searchParams);
  return serveProof(services, attendant && (await bookingOfAttendantProof(services, attendant.id, params.number ?? "")), params.version);
}
