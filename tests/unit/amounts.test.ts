import { describe, expect, it } from "vitest";
import { amountsDue, depositOf, formatCents, gstIncluded, type Payment } from "~/bookings/record/amounts";
import { listPackages, bookingPriceTable } from "~/pricing";
import { addDays, daysBetween } from "~/utils/melbourne-time";

const issuedOn = "2026-11-22";

function payment(kind: Payment["kind"], amountCents: number, currency = "aud"): Payment {
  return { sessionId: `cs_${kind}_${amountCents}`, kind, amountCents, currency, paidAt: "2026-11-23T01:00:00Z" };
}

describe("calendar arithmetic", () => {
  it("adds days across month and year ends and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-25", 7)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2027-03-01", -14)).toBe("2027-02-15");
    expect(daysBetween("2026-11-22", "2026-12-06")).toBe(14);
    expect(daysBetween("2026-12-06", "2026-11-22")).toBe(-14);
  });
});

describe("deposit and balance", () => {
  it("takes 30% of the total as the deposit, rounded up to the whole dollar", () => {
    expect(depositOf(53_500)).toBe(16_100); // $160.50 -> $161
    expect(depositOf(48_000)).toBe(14_400);
    expect(depositOf(53_500 + 1_600)).toBe(16_600); // $165.30 -> $166
  });

  it("asks for a deposit within 7 days and the balance 14 days before an event 15 days away", () => {
    const due = amountsDue({ totalCents: 53_500, issuedOn, eventDate: addDays(issuedOn, 15) });
    expect(due).toMatchObject({ dueInFull: false, depositCents: 16_100, balanceCents: 37_400, state: "unpaid" });
    expect(due.balanceDueOn).toBe(addDays(issuedOn, 1));
    expect(due.depositDueOn).toBe(addDays(issuedOn, 1));
    expect(due.owingNow).toEqual({ kind: "deposit", amountCents: 16_100 });
  });

  it("splits an event exactly 14 days away, with both parts due on the issue date", () => {
    const due = amountsDue({ totalCents: 53_500, issuedOn, eventDate: addDays(issuedOn, 14) });
    expect(due).toMatchObject({ dueInFull: false, depositDueOn: issuedOn, balanceDueOn: issuedOn });
  });

  it("wants everything at once for an event 13 days away", () => {
    const due = amountsDue({ totalCents: 53_500, issuedOn, eventDate: addDays(issuedOn, 13) });
    expect(due).toMatchObject({ dueInFull: true, depositCents: 53_500, balanceCents: 0, depositDueOn: issuedOn, balanceDueOn: issuedOn });
    expect(due.owingNow).toEqual({ kind: "full", amountCents: 53_500 });
  });

  it("gives the deposit 7 days and the balance its date across a month end", () => {
    const due = amountsDue({ totalCents: 80_000, issuedOn: "2027-01-28", eventDate: "2027-03-10" });
    expect(due.depositDueOn).toBe("2027-02-04");
    expect(due.balanceDueOn).toBe("2027-02-24");
  });

  it("moves from unpaid to deposit-paid to paid as payments arrive", () => {
    const billable = { totalCents: 53_500, issuedOn, eventDate: "2027-06-01" };
    const deposit = payment("deposit", 16_100);
    expect(amountsDue({ ...billable, payments: [deposit] })).toMatchObject({
      state: "deposit-paid",
      paidCents: 16_100,
      owingCents: 37_400,
      owingNow: { kind: "balance", amountCents: 37_400 },
    });
    expect(amountsDue({ ...billable, payments: [deposit, payment("balance", 37_400)] })).toMatchObject({
      state: "paid",
      owingCents: 0,
      owingNow: null,
    });
  });

  it("does not count money in another currency as paid", () => {
    const due = amountsDue({ totalCents: 53_500, issuedOn, eventDate: "2027-06-01", payments: [payment("deposit", 16_100, "usd")] });
    expect(due).toMatchObject({ state: "unpaid", paidCents: 0 });
  });
});

describe("GST", () => {
  const prices = [...bookingPriceTable().flatMap((row) => row.prices.map((cell) => cell.price)), ...listPackages.map((pkg) => pkg.price)];

  it.each(prices)("is one eleventh of $%i to the cent", (price) => {
    const cents = price * 100;
    const gst = gstIncluded(cents, true);
    expect(Number.isInteger(gst)).toBe(true);
    expect(Math.abs(gst * 11 - cents)).toBeLessThanOrEqual(5.5);
  });

  it("is zero when the business is not registered", () => {
    expect(gstIncluded(53_500, false)).toBe(0);
  });

  it("prints with cents", () => {
    expect(formatCents(4_864)).toBe("$48.64");
    expect(formatCents(123_450)).toBe("$1,234.50");
  });
});
