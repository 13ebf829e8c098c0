import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { bookingOnDaySheet } from "~/agenda/day-sheet.server";
import { serveProof } from "~/bookings/proofs/proof-file.server";

/** One version of a print design's proof as its day sheet shows it, under the sheet's own token: viewing it is not uploading one. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  return serveProof(services, await bookingOnDaySheet(services, params.date, params.number, new URL(request.url).searchParams.get("token")), params.version);
}
