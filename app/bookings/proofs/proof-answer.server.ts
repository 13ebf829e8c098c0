/** The client's answer to the print design's proof from their booking page, stored through the booking's ledger. */
import type { BookingRecord } from "~/bookings/record/booking";
import type { ProofAnswer } from "~/bookings/record/proofs";
import type { Services } from "~/types/services";

export type AnswerOutcome = { kind: "answered"; booking: BookingRecord } | { kind: "refused"; status: 409; error: string };

/** The answer as the client gives it; the time is the server's. */
export type GivenAnswer = { kind: "approved"; name: string } | { kind: "changes"; comment: string };

export async function answerProof(services: Pick<Services, "ledger" | "now">, booking: BookingRecord, version: number, given: GivenAnswer): Promise<AnswerOutcome> {
  const answer = { ...given, at: services.now().toISOString() } as ProofAnswer;
  const outcome = await services.ledger.answerProof({ invoiceNumber: booking.invoiceNumber, version, answer });
  if (!outcome) return { kind: "refused", status: 409, error: "This booking no longer exists." };
  return outcome.kind === "changed" ? { kind: "answered", booking: outcome.record } : { kind: "refused", status: 409, error: outcome.reason };
}
