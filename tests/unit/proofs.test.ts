import { describe, expect, it } from "vitest";
import { nextStep } from "~/bookings/booking-page/next-step";
import { proofAnswered, proofUploaded } from "~/bookings/proofs/proof-changes";
import { proofView } from "~/bookings/proofs/proof-view";
import type { BookingRecord } from "~/bookings/record/booking";
import { approveBy, checkProof, proofMaxBytes, type ProofVersion } from "~/bookings/record/proofs";
import { dueReminders } from "~/reminders/due";
import { addDays } from "~/utils/melbourne-time";

const eventDate = "2029-07-14";
const by = approveBy(eventDate);
const upload = { key: "proofs/PB-1/a", contentType: "image/png", bytes: 10, uploadedAt: "2029-06-01T00:00:00.000Z" } as const;
const booking = {
  invoiceNumber: "PB-20290601-101",
  status: "confirmed",
  eventDate,
  issuedOn: "2029-05-01",
  totalCents: 58_000,
  payments: [{ sessionId: "cs_1", kind: "full", amountCents: 58_000, currency: "AUD", paidAt: "2029-05-01T00:00:00.000Z" }],
  acceptance: { name: "Lan", at: "2029-05-01T00:00:00.000Z", ip: "", userAgent: "", version: "", sha256: "", copy: "" },
  eventDetails: { startTime: "18:30", venueAddress: "1 Main St", contactName: "An", contactMobile: "0412 345 678", accessNotes: "", printLines: [], updatedAt: "2029-05-02T00:00:00.000Z" },
  history: [],
} as unknown as BookingRecord;

const withProofs = (...proofs: ProofVersion[]): BookingRecord => ({ ...booking, proofs });
const waiting: ProofVersion = { ...upload, version: 1 };
const at = (day: string) => `${day}T01:00:00.000Z`;

describe("a proof's file", () => {
  it("is a PNG, JPEG or PDF by its first bytes, whatever its name, and at most 10 MB", () => {
    expect(checkProof(new TextEncoder().encode("%PDF-1.7"))).toEqual({ ok: true, type: "application/pdf" });
    expect(checkProof(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ok: true, type: "image/jpeg" });
    expect(checkProof(new TextEncoder().encode("<html>"))).toMatchObject({ ok: false });
    const huge = new Uint8Array(proofMaxBytes + 1);
    huge.set([0xff, 0xd8, 0xff]);
    expect(checkProof(huge)).toEqual({ ok: false, error: "The proof must be 10 MB or smaller." });
  });
});

describe("the ledger's proof decisions", () => {
  it("numbers each upload after the last version", () => {
    const second = proofUploaded(withProofs(waiting), upload);
    expect(second).toMatchObject({ kind: "changed", proof: { version: 2 } });
    expect(second.record.proofs?.map((proof) => proof.version)).toEqual([1, 2]);
  });

  it("takes an answer on the approve-by date and refuses one the day after", () => {
    expect(proofAnswered(withProofs(waiting), { invoiceNumber: booking.invoiceNumber, version: 1, answer: { kind: "approved", name: "Lan", at: at(by) } })).toMatchObject({ kind: "changed" });
    expect(proofAnswered(withProofs(waiting), { invoiceNumber: booking.invoiceNumber, version: 1, answer: { kind: "approved", name: "Lan", at: at(addDays(by, 1)) } })).toMatchObject({
      kind: "refused",
      reason: expect.stringContaining("so the last proof will be printed as it is"),
    });
  });
});

describe("the booking page's proof", () => {
  it("asks for an answer by the approve-by date, then says the last proof will be printed", () => {
    expect(nextStep(withProofs(waiting), by)).toEqual({ kind: "proof", section: "proof", headline: "Approve your print design (version 1) or ask for changes by Saturday 7 July 2029" });
    expect(proofView(withProofs(waiting), "key", by)).toMatchObject({ canAnswer: true, closed: null });
    expect(nextStep(withProofs(waiting), addDays(by, 1)).kind).toBe("done");
    expect(proofView(withProofs(waiting), "key", addDays(by, 1))).toMatchObject({ canAnswer: false, closed: expect.stringContaining("the last proof will be printed") });
    const approved = { ...waiting, answer: { kind: "approved", name: "Lan", at: at(by) } } as const;
    expect(proofView(withProofs(approved), "key", addDays(by, 1))).toMatchObject({ canAnswer: false, closed: null, answer: "Approved by Lan on Saturday 7 July 2029" });
  });
});

describe("the proof's reminders", () => {
  const proofReminders = (record: BookingRecord, day: string) => dueReminders(record, day).filter((reminder) => reminder.kind === "proof").map((reminder) => reminder.name);

  it("come 3 days before the approve-by date (or the morning after) and on it, never after it, and only while a proof waits", () => {
    expect(proofReminders(withProofs(waiting), addDays(by, -3))).toEqual([`reminder-proof-${by}-3`]);
    expect(proofReminders(withProofs(waiting), addDays(by, -2))).toEqual([`reminder-proof-${by}-3`]);
    expect(proofReminders(withProofs(waiting), by)).toEqual([`reminder-proof-${by}-0`]);
    expect(proofReminders(withProofs(waiting), addDays(by, 1))).toEqual([]);
    expect(proofReminders(withProofs({ ...waiting, answer: { kind: "changes", comment: "Bigger", at: at(by) } }), by)).toEqual([]);
    expect(proofReminders(booking, by)).toEqual([]);
  });
});
