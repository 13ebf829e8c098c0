/**
 * Off-session instalments on a booking (app/bookings/payments/off-session-payments.server.ts and
 * `paymentOn`), starting from a booking as it was stored before autopay: no pending or failed
 * charges, payments without an instalment.
 */
import { describe, expect, it } from "vitest";
import type { Payment } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import type { OffSessionReport } from "~/bookings/record/ledger-protocol";
import { offSessionEventOf, offSessionOn } from "~/bookings/payments/off-session-payments.server";
import { paymentOn } from "~/bookings/payments/payments.server";
import type { Stripe } from "~/bookings/payments/stripe.server";

const invoiceNumber = "PB-20261122-473";
const deposit: Payment = { sessionId: "cs_1", kind: "deposit", amountCents: 22_200, currency: "AUD", paidAt: "2026-11-22T23:30:00.000Z" };

/** A $740.00 booking with its deposit paid, as stored before autopay existed. */
const storedBefore = {
  fullName: "Χρήστος Παπαδόπουλος",
  boothType: "Glam Booth",
  packageDuration: "4 Hours",
  travel: { travelFee: 0 },
  travelFee: 0,
  invoiceNumber,
  price: 740,
  totalCents: 74_000,
  status: "confirmed",
  issuedOn: "2026-11-22",
  eventDate: "2027-12-05",
  payments: [deposit],
} as unknown as BookingRecord;

const report = (status: "processing" | "failed", paymentIntent = "pi_1"): OffSessionReport =>
  status === "processing"
    ? { invoiceNumber, paymentIntent, instalment: 1, amountCents: 17_267, at: "2027-02-05T00:00:00.000Z", status }
    : { invoiceNumber, paymentIntent, instalment: 1, amountCents: 17_267, at: "2027-02-08T00:00:00.000Z", status, code: "insufficient_funds", declineCode: null };

const instalmentPaid = { sessionId: "pi_1", paymentIntent: "pi_1", invoiceNumber, kind: "instalment" as const, amountCents: 17_267, currency: "AUD", paidAt: "2027-02-08T00:00:00.000Z", instalment: 1 };

describe("an off-session instalment on a booking stored before autopay", () => {
  it("is pending while processing, once, and counts nowhere", () => {
    const pending = offSessionOn(storedBefore, report("processing"))!;
    expect(pending.pendingPayments).toEqual([{ paymentIntent: "pi_1", instalment: 1, amountCents: 17_267, since: "2027-02-05T00:00:00.000Z" }]);
    expect(pending.payments).toEqual([deposit]);
    expect(offSessionOn(pending, report("processing"))).toBeNull();
  });

  it("is paid once by its PaymentIntent, no longer pending, flagged only beyond all that is owing", () => {
    const paid = paymentOn(offSessionOn(storedBefore, report("processing"))!, instalmentPaid, "2027-02-08T01:00:00.000Z")!;
    expect(paid.payment).toEqual({ sessionId: "pi_1", paymentIntent: "pi_1", kind: "instalment", amountCents: 17_267, currency: "AUD", paidAt: "2027-02-08T00:00:00.000Z", recordedAt: "2027-02-08T01:00:00.000Z", instalment: 1 });
    expect(paid.booking.pendingPayments).toEqual([]);
    expect(paymentOn(paid.booking, instalmentPaid, "2027-02-09T00:00:00.000Z")).toBeNull();
    expect(offSessionOn(paid.booking, report("processing"))).toBeNull();
    // $740.00 less the $222.00 deposit leaves $518.00 owing.
    expect(paymentOn(storedBefore, { ...instalmentPaid, amountCents: 51_800 }, "2027-02-08T01:00:00.000Z")!.payment.mismatch).toBeUndefined();
    expect(paymentOn(storedBefore, { ...instalmentPaid, amountCents: 51_801 }, "2027-02-08T01:00:00.000Z")!.payment.mismatch).toBe("Received $518.01 AUD for an instalment, but $518.00 AUD was owing in all");
  });

  it("failing is kept once, pending no more, no payment", () => {
    const failed = offSessionOn(offSessionOn(storedBefore, report("processing"))!, report("failed"))!;
    expect(failed.pendingPayments).toEqual([]);
    expect(failed.failedPayments).toEqual([{ paymentIntent: "pi_1", instalment: 1, amountCents: 17_267, code: "insufficient_funds", declineCode: null, at: "2027-02-08T00:00:00.000Z" }]);
    expect(failed.payments).toEqual([deposit]);
    expect(offSessionOn(failed, report("failed"))).toBeNull();
    expect(offSessionOn(failed, report("processing"))).toBeNull();
  });
});

describe("what a payment_intent event says", () => {
  const event = (type: string, object: Record<string, unknown>) => ({ id: "evt_1", type, created: 1_801_958_400, data: { object: { id: "pi_1", amount: 17_267, amount_received: 17_267, currency: "aud", last_payment_error: null, ...object } } }) as unknown as Stripe.Event;
  const metadata = { invoiceNumber, kind: "instalment", instalment: "2", try: "t" };

  it("reads an instalment's payment, pending debit and failure from their metadata", () => {
    expect(offSessionEventOf(event("payment_intent.succeeded", { metadata }))).toEqual({
      paid: { invoiceNumber, paymentIntent: "pi_1", instalment: 2, sessionId: "pi_1", kind: "instalment", amountCents: 17_267, currency: "AUD", paidAt: "2027-02-07T00:00:00.000Z" },
    });
    expect(offSessionEventOf(event("payment_intent.processing", { metadata }))).toMatchObject({ report: { status: "processing", instalment: 2, amountCents: 17_267 } });
    expect(offSessionEventOf(event("payment_intent.payment_failed", { metadata, last_payment_error: { code: "card_declined", decline_code: "insufficient_funds" } }))).toMatchObject({
      report: { status: "failed", code: "card_declined", declineCode: "insufficient_funds" },
    });
  });

  it("leaves a checkout's PaymentIntent, and one with no instalment, to other events", () => {
    expect(offSessionEventOf(event("payment_intent.succeeded", { metadata: { invoiceNumber, kind: "deposit" } }))).toEqual(expect.stringContaining("no instalment's"));
    expect(offSessionEventOf(event("payment_intent.succeeded", { metadata: { invoiceNumber, kind: "instalment" } }))).toEqual(expect.stringContaining("no instalment's"));
  });
});
