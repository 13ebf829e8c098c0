import { describe, expect, it } from "vitest";
import type { Payment } from "~/bookings/record/amounts";
import { paymentView } from "~/bookings/payments/payment-view";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { listingSummary } from "~/bookings/record/record.server";

const invoiceNumber = "PB-20261122-473";

function booking(payments: Payment[]): BookingRecord {
  const details = { fullName: "Olivia Nguyen", boothType: "Glam Booth", packageDuration: "4 Hours", travel: { travelFee: 0 }, travelFee: 0 };
  return { ...details, invoiceNumber, price: 740, totalCents: 74_000, status: "confirmed", issuedOn: "2026-11-22", eventDate: "2027-12-05", payments } as BookingRecord;
}

const deposit: Payment = { sessionId: "cs_1", kind: "deposit", amountCents: 22_200, currency: "AUD", paidAt: "2026-11-22T23:30:00.000Z" };

describe("the owner's key summary after a payment", () => {
  const created = `Olivia Nguyen · 2027-12-05 · Glam Booth 4 Hours · $740.00 · ${invoiceNumber} · confirmed · details missing (start time, venue address, contact on the day)`;

  it("says nothing of payments before the first one", () => {
    expect(listingSummary(booking([]))).toBe(created);
  });

  it("adds the payment progress after the status", () => {
    expect(listingSummary(booking([deposit]))).toBe(`${created} · deposit paid, $518.00 owing`);
  });

  it("keeps the e-mail and PDF flags and flags a mismatch last", () => {
    const odd: Payment = { ...deposit, sessionId: "cs_2", kind: "balance", amountCents: 100, mismatch: "Received $1.00 AUD" };
    expect(listingSummary(booking([deposit, odd]), " · PDF NOT WRITTEN · E-MAIL FAILED")).toBe(
      `${created} · deposit paid, $517.00 owing · PDF NOT WRITTEN · E-MAIL FAILED · PAYMENT MISMATCH`,
    );
  });

  it("says paid in full once nothing is owing", () => {
    const balance: Payment = { ...deposit, sessionId: "cs_2", kind: "balance", amountCents: 51_800 };
    expect(listingSummary(booking([deposit, balance]))).toBe(`${created} · paid in full`);
  });
});

describe("the invoice page's payment view", () => {
  const returned = null;

  it("offers the deposit while it is owing, then the balance", () => {
    expect(paymentView(billableOf(booking([])), { checkoutPath: "/pay-here", returned }).checkout).toEqual({ path: "/pay-here", kind: "deposit", amountCents: 22_200 });
    const afterDeposit = paymentView(billableOf(booking([deposit])), { checkoutPath: "/pay-here", returned });
    expect(afterDeposit.checkout).toEqual({ path: "/pay-here", kind: "balance", amountCents: 51_800 });
    expect(afterDeposit.received).toEqual([{ kind: "deposit", method: "by card", amountCents: 22_200, currency: "AUD", paidOn: "2026-11-23" }]);
  });

  it("offers no button when card checkout is off", () => {
    expect(paymentView(billableOf(booking([])), { checkoutPath: null, returned }).checkout).toBeNull();
  });
});
