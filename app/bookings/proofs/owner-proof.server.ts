/**
 * The owner's proof page, behind its signed link (no login): the booking's print text and logo, the
 * versions so far with the client's answers, and the upload. Each upload is stored in R2 under a
 * name of its own before the ledger numbers it, so no version is ever written over; one the
 * ledger refuses is removed again.
 */
import { ownerLinkPath } from "~/bookings/record/owner-links.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import type { ProofOutcome } from "~/bookings/record/ledger-protocol";
import { approveBy, proofKey, proofStatus, type ProofType } from "~/bookings/record/proofs";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";
import { proofAnswerWords } from "./proof-words";

export interface CheckedProof {
  bytes: Uint8Array;
  type: ProofType;
}

export async function ownerProofView(services: Pick<Services, "config" | "kv" | "generations">, booking: BookingRecord) {
  const { invoiceNumber, eventDetails, proofs = [] } = booking;
  return {
    invoiceNumber,
    fullName: booking.fullName,
    eventDate: formatDateInWords(booking.eventDate),
    approveBy: formatDateInWords(approveBy(booking.eventDate)),
    printLines: eventDetails?.printLines ?? [],
    logoPath: eventDetails?.logo ? await ownerLinkPath(services, invoiceNumber, "logo") : null,
    state: proofStatus(proofs).state,
    versions: proofs
      .map((proof) => ({
        version: proof.version,
        uploadedOn: formatDateInWords(melbourneToday(new Date(proof.uploadedAt))),
        note: proof.note ?? "",
        answer: proof.answer ? proofAnswerWords(proof.answer) : "not answered yet",
      }))
      .reverse(),
    open: holdsBooth(booking.status),
  };
}

export type OwnerProofView = Awaited<ReturnType<typeof ownerProofView>>;

/** Stores the file as the booking's next proof version, or says why it was not taken. */
export async function uploadProof(services: Pick<Services, "r2" | "ledger" | "now">, booking: BookingRecord, file: CheckedProof, note: string): Promise<ProofOutcome | null> {
  const { invoiceNumber } = booking;
  const key = proofKey(invoiceNumber, crypto.randomUUID());
  await services.r2.put(key, file.bytes, { httpMetadata: { contentType: file.type }, customMetadata: { invoiceNumber } });
  const outcome = await services.ledger.uploadProof(invoiceNumber, {
    key,
    contentType: file.type,
    bytes: file.bytes.byteLength,
    uploadedAt: services.now().toISOString(),
    ...(note ? { note } : {}),
  });
  if (outcome?.kind !== "changed") await services.r2.delete(key);
  return outcome;
}
