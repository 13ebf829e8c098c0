/**
 * The autopay agreement's words (issue 58) as the booking page shows them before Stripe: what is
 * paid now, each instalment still to come with its date and amount, what they are charged to, the
 * three-day notice and how to stop it. The figures are the terms' worked by hand here: a $740.00
 * Glam Booth booked 10 January 2027 for 14 June 2027 pays a 30% deposit rounded up to the dollar
 * ($222.00) and the balance ($518.00) due 31 May 2027 in four monthly instalments of $129.50, on
 * the 31st (or the month's last day) from 30 days after booking.
 */
import { describe, expect, it } from "vitest";
import { agreementText, autopayAgreement } from "~/bookings/booking-page/autopay-agreement";
import type { Billable } from "~/bookings/record/amounts";

const plan = {
  option: "monthly" as const,
  chosenAt: "2027-01-10T01:00:00.000Z",
  instalments: [
    { dueOn: "2027-02-28", amountCents: 12_950 },
    { dueOn: "2027-03-31", amountCents: 12_950 },
    { dueOn: "2027-04-30", amountCents: 12_950 },
    { dueOn: "2027-05-31", amountCents: 12_950 },
  ],
};
const booking: Billable & { invoiceNumber: string } = { invoiceNumber: "BPB-2027-0107", totalCents: 74_000, issuedOn: "2027-01-10", eventDate: "2027-06-14", plan };
const paid = (amountCents: number, kind: "deposit" | "instalment") => ({ sessionId: `cs_${kind}_${amountCents}`, kind, amountCents, currency: "AUD", paidAt: "2027-01-11T00:00:00.000Z" });

describe("the autopay agreement", () => {
  it("by card: the deposit now, each instalment's date and amount charged to the card, the three-day notice, how to stop it", () => {
    const agreement = autopayAgreement(booking, "card")!;
    expect(agreement.now).toEqual({ kind: "deposit", amountCents: 22_200 });
    expect(agreement.payTo).toBeNull();
    const text = agreementText(agreement);
    expect(text).toContain("Autopay agreement for booking BPB-2027-0107");
    expect(text).toContain("You pay the deposit of $222.00 now by card");
    expect(agreement.lines.filter((line) => line.startsWith("• "))).toEqual([
      "• $129.50 on Sunday 28 February 2027",
      "• $129.50 on Wednesday 31 March 2027",
      "• $129.50 on Friday 30 April 2027",
      "• $129.50 on Monday 31 May 2027",
    ]);
    expect(text).toContain("Three days before each charge we e-mail you");
    expect(text).toContain('press "Turn autopay off" on your booking page, or pay another way');
    expect(text).not.toContain("bank app");
  });

  it("by PayTo: an agreement approved in the bank app for at most the total a payment, ending six months after the event, stopped there too", () => {
    const agreement = autopayAgreement(booking, "payto")!;
    expect(agreement.payTo).toEqual({ maximumCents: 74_000, endDate: "2027-12-14" });
    const text = agreementText(agreement);
    expect(text).toContain("approve a PayTo agreement in your bank app");
    expect(text).toContain("at most $740.00 a payment, only for this booking, until Tuesday 14 December 2027");
    expect(text).toContain("or pause or cancel the agreement in your bank app");
  });

  it("once the deposit and the first instalment are paid: the second now, the last two to come", () => {
    const agreement = autopayAgreement({ ...booking, payments: [paid(22_200, "deposit"), paid(12_950, "instalment")] }, "card")!;
    expect(agreement.now).toEqual({ kind: "instalment", amountCents: 12_950 });
    expect(agreement.instalments).toEqual([
      { dueOn: "2027-04-30", amountCents: 12_950 },
      { dueOn: "2027-05-31", amountCents: 12_950 },
    ]);
  });

  it("is not offered without a monthly plan, once cancelled, or with nothing left to charge after this payment", () => {
    expect(autopayAgreement({ ...booking, plan: { option: "deposit-balance", chosenAt: plan.chosenAt } }, "card")).toBeNull();
    expect(autopayAgreement({ ...booking, cancellationFeeCents: 22_200 }, "card")).toBeNull();
    expect(autopayAgreement({ ...booking, payments: [paid(22_200, "deposit"), paid(38_850, "instalment")] }, "card")).toBeNull();
  });

  it("reads the same for the same booking, so the text the client read is the text whose copy is kept", () => {
    expect(agreementText(autopayAgreement(booking, "card")!)).toBe(agreementText(autopayAgreement(structuredClone(booking), "card")!));
  });
});
