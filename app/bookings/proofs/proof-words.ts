/** A proof's answer in words, the same on the owner's page and the client's. */
import type { ProofAnswer } from "~/bookings/record/proofs";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

export function proofAnswerWords(answer: ProofAnswer): string {
  const on = formatDateInWords(melbourneToday(new Date(answer.at)));
  return answer.kind === "approved" ? `Approved by ${answer.name} on ${on}` : `Changes asked on ${on}: ${answer.comment}`;
}
