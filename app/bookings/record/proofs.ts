/**
 * Print design proofs (docs/product-decisions.md, "Print design proofs and the owner's day sheet"):
 * each version the owner uploads is kept (its own R2 object, never overwritten) with the client's
 * answer to it. The client answers by 7 days before the event; after that the last proof is printed.
 * Pure, so the booking page, the e-mails, the schedule and the day sheet read a proof the same way.
 */
import { logoTypeOf } from "~/bookings/record/event-details";
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

/** The largest proof the owner may upload. */
export const proofMaxBytes = 10 * 1024 * 1024;

export const proofExtensions: Record<ProofType, string> = { "image/png": "png", "image/jpeg": "jpg", "application/pdf": "pdf" };

const pdfSignature = [..."%PDF-"].map((character) => character.charCodeAt(0));

/** The proof's type read from its first bytes (never from a name or a claimed type); null for anything else. */
export function proofTypeOf(bytes: Uint8Array): ProofType | null {
  const image = logoTypeOf(bytes);
  if (image === "image/png" || image === "image/jpeg") return image;
  return pdfSignature.every((byte, index) => bytes[index] === byte) ? "application/pdf" : null;
}

/** Said beside the proof's field when it is too large. */
export const proofTooLarge = `The proof must be ${proofMaxBytes / (1024 * 1024)} MB or smaller.`;

/** The proof's type when it is a file we take and not too large, or what is wrong with it. */
export function checkProof(bytes: Uint8Array): { ok: true; type: ProofType } | { ok: false; error: string } {
  const type = proofTypeOf(bytes);
  if (!type) return { ok: false, error: "The proof must be a PNG or JPEG image or a PDF (read from the file itself, whatever its name)." };
  if (bytes.byteLength > proofMaxBytes) return { ok: false, error: proofTooLarge };
  return { ok: true, type };
}

/** R2 object name of one upload: its own name, so no version is ever written over. */
export function proofKey(invoiceNumber: string, id: string): string {
  return `proofs/${invoiceNumber}/${id}`;
}

/** An upload as the owner's page hands it to the ledger, which numbers it. */
export type ProofUpload = Omit<ProofVersion, "version" | "answer">;

/** Whether the client may still answer on `today` (Melbourne): until the end of the approve-by date. */
export function proofAnswersOpen(eventDate: string, today: string): boolean {
  return today <= approveBy(eventDate);
}
