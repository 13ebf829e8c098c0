/**
 * What the booking's ledger decides about its print design proofs, from its own copy: each upload
 * becomes the next version (so two uploads side by side never take one number), and an answer is
 * taken only for the latest version, once, by the approve-by date, while the booking holds a booth.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import type { ProofAnswerRequest, ProofOutcome } from "~/bookings/record/ledger-protocol";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { approveBy, latestProof, proofAnswersOpen, type ProofUpload, type ProofVersion } from "~/bookings/record/proofs";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

const refused = (record: BookingRecord, reason: string): ProofOutcome => ({ kind: "refused", record, reason });

function withProof(booking: BookingRecord, proof: ProofVersion): ProofOutcome {
  const others = (booking.proofs ?? []).filter((one) => one.version !== proof.version);
  return { kind: "changed", record: { ...booking, proofs: [...others, proof] }, proof };
}

export function proofUploaded(booking: BookingRecord, upload: ProofUpload): ProofOutcome {
  if (!holdsBooth(booking.status)) return refused(booking, `This booking is ${booking.status}, so it takes no more proofs.`);
  return withProof(booking, { ...upload, version: (latestProof(booking.proofs)?.version ?? 0) + 1 });
}

/** Why the client can no longer answer a proof on `today`, or null while they can. */
export function proofAnswerClosedReason(booking: Pick<BookingRecord, "eventDate">, today: string): string | null {
  if (proofAnswersOpen(booking.eventDate, today)) return null;
  return `Designs were to be approved by ${formatDateInWords(approveBy(booking.eventDate))}, so the last proof will be printed as it is. Please call us if something is wrong with it.`;
}

export function proofAnswered(booking: BookingRecord, { version, answer }: ProofAnswerRequest): ProofOutcome {
  if (!holdsBooth(booking.status)) return refused(booking, `This booking is ${booking.status}, so its design can no longer be answered.`);
  const latest = latestProof(booking.proofs);
  if (!latest) return refused(booking, "There is no proof to answer yet.");
  if (latest.version !== version) return refused(booking, `There is a newer proof (version ${latest.version}): please look at it first.`);
  if (latest.answer) return refused(booking, `You answered version ${version} already: we will send the next version, or print this one.`);
  const closed = proofAnswerClosedReason(booking, melbourneToday(new Date(answer.at)));
  if (closed) return refused(booking, closed);
  return withProof(booking, { ...latest, answer });
}
