/** One version of a booking's proof, for the holder of the booking page's key. */
import type { BookingRecord } from "~/bookings/record/booking";
import { notFound, privateFile } from "~/bookings/record/private-responses.server";
import { proofExtensions } from "~/bookings/record/proofs";
import type { Services } from "~/types/services";

export async function serveProof(services: Pick<Services, "r2">, booking: BookingRecord | null, version: string | undefined): Promise<Response> {
  const proof = booking?.proofs?.find((one) => String(one.version) === version);
  const object = proof && (await services.r2.get(proof.key));
  if (!booking || !proof || !object) return notFound();
  return privateFile(object.body, proof.contentType, `${booking.invoiceNumber}-proof-${proof.version}.${proofExtensions[proof.contentType]}`);
}
