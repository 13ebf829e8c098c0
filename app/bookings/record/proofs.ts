/**
 * Print design proofs (docs/product-decisions.md, "Print design proofs and the owner's day sheet"):
 * each version the owner uploads is kept (its own R2 object, never overwritten) with the client's
 * answer to it. The client answers by 7 days before the event; after that the last proof is printed.
 * Pure, so the booking page, the e-mails, the schedule and the day sheet read a proof the same way.
 */
import { addDays } from "~/utils/melbourne-time";

export const proofTypes = ["image/png", "image/jpeg", "application/pdf"] as const;
export type ProofType = (typeof proofTypes)[number];

/** Days before the event by which the client approves a proof. */
export const approveByDaysBeforeEvent = 7;

export type ProofAnswer =
  | { kind: "approved"; /** The full name the client typed. */ name: string; at: string }
  | { kind: "changes"; comment: string; at: string };

export interface ProofVersion {
  /** 1 for the first upload, then 2, 3… */
  version: number;
  /** R2 object name of this version's file. */
  key: string;
  contentType: ProofType;
  bytes: number;
  /** The owner's note to the client, if any. */
  note?: string;
  uploadedAt: string;
  /** The client's answer to this version, once given. */
  answer?: ProofAnswer;
}

/** Where a booking's proof stands, for the booking page's next step, reminders and the day sheet. */
export type ProofStatus =
  | { state: "none" }
  | { state: "waiting"; proof: ProofVersion }
  | { state: "changes-asked"; proof: ProofVersion }
  | { state: "approved"; proof: ProofVersion };

export function latestProof(proofs: readonly ProofVersion[] | undefined): ProofVersion | undefined {
  return proofs?.at(-1);
}

export function proofStatus(proofs: readonly ProofVersion[] | undefined): ProofStatus {
  const proof = latestProof(proofs);
  if (!proof) return { state: "none" };
  if (!proof.answer) return { state: "waiting", proof };
  return { state: proof.answer.kind === "approved" ? "approved" : "changes-asked", proof };
}

/** Melbourne's date by which the client approves: after it, the last proof is printed as it is. */
export function approveBy(eventDate: string): string {
  return addDays(eventDate, -approveByDaysBeforeEvent);
}
