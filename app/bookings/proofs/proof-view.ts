/**
 * The print design on the client's booking page: the latest proof, its version and note, the date
 * to approve it by, and whether the page asks for an answer (only for a proof still waiting, by
 * that date, while the booking holds a booth). Pure: the page and the tests read it the same way.
 */
import { proofPath } from "~/bookings/record/addresses";
import type { BookingRecord } from "~/bookings/record/booking";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { approveBy, proofStatus } from "~/bookings/record/proofs";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";
import { proofAnswerClosedReason } from "./proof-changes";
import { proofAnswerWords } from "./proof-words";

export function proofView(booking: Pick<BookingRecord, "invoiceNumber" | "eventDate" | "status" | "proofs">, secret: string, today: string) {
  const status = proofStatus(booking.proofs);
  if (status.state === "none") return null;
  const { proof } = status;
  const closed = proofAnswerClosedReason(booking, today);
  return {
    version: proof.version,
    path: proofPath(booking.invoiceNumber, secret, proof.version),
    isImage: proof.contentType !== "application/pdf",
    note: proof.note ?? null,
    uploadedOn: formatDateInWords(melbourneToday(new Date(proof.uploadedAt))),
    approveBy: formatDateInWords(approveBy(booking.eventDate)),
    state: status.state,
    answer: proof.answer ? proofAnswerWords(proof.answer) : null,
    canAnswer: status.state === "waiting" && !closed && holdsBooth(booking.status),
    // Past the approve-by date an approved design needs no warning; any other is printed as it is.
    closed: status.state === "approved" ? null : closed,
  };
}

export type ProofView = NonNullable<ReturnType<typeof proofView>>;
