/**
 * The payment plan's schedule (docs/product-decisions.md, "Payment plans and autopay"). Every
 * date and amount below is worked out by hand from the rule: offered when the balance falls due
 * two calendar months or more after booking; equal monthly instalments on the balance due date's
 * day of the month (the month's last day where shorter), from at least 30 days after booking
 * through the due date; the odd cents in the last one.
 */
import { describe, expect, it } from "vitest";
import { instalmentDates, monthlyPlan, planOffered } from "~/bookings/plans/schedule";

describe("when a plan is offered", () => {
  it("from two calendar months after booking, not a day sooner", () => {
    expect(planOffered("2027-01-15", "2027-03-15")).toBe(true);
    expect(planOffered("2027-01-15", "2027-03-14")).toBe(false);
    expect(monthlyPlan({ bookedOn: "2027-01-15", balanceDueOn: "2027-03-14", balanceCents: 50_000 })).toBeNull();
  });

  it("booked on the 31st, two months on is the last day of a shorter month", () => {
    expect(planOffered("2026-12-31", "2027-02-28")).toBe(true);
    expect(planOffered("2026-12-31", "2027-02-27")).toBe(false);
  });
});

describe("the instalments' dates", () => {
  it("at the boundary of two months: both months' dates are 30 days or more after booking", () => {
    expect(instalmentDates("2027-01-15", "2027-03-15")).toEqual(["2027-02-15", "2027-03-15"]);
  });

  it("at the boundary from the 31st: 28 January is under 30 days after booking, so one instalment on the due date", () => {
    expect(instalmentDates("2026-12-31", "2027-02-28")).toEqual(["2027-02-28"]);
  });

  it("the 31st falls on the last day of shorter months, 28 February in a common year", () => {
    // Booked 10 January 2027: the earliest instalment is 9 February, so 31 January is left out.
    expect(instalmentDates("2027-01-10", "2027-05-31")).toEqual(["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
  });

  it("29 February in a leap year", () => {
    expect(instalmentDates("2027-11-20", "2028-03-31")).toEqual(["2027-12-31", "2028-01-31", "2028-02-29", "2028-03-31"]);
  });

  it("exactly 30 days after booking counts; 29 does not", () => {
    expect(instalmentDates("2026-12-31", "2027-04-30")).toEqual(["2027-01-30", "2027-02-28", "2027-03-30", "2027-04-30"]);
    expect(instalmentDates("2027-01-01", "2027-04-30")).toEqual(["2027-02-28", "2027-03-30", "2027-04-30"]);
  });
});

describe("the instalments' amounts", () => {
  it("a balance that divides: equal parts", () => {
    expect(monthlyPlan({ bookedOn: "2027-01-10", balanceDueOn: "2027-05-31", balanceCents: 70_000 })).toEqual([
      { dueOn: "2027-02-28", amountCents: 17_500 },
      { dueOn: "2027-03-31", amountCents: 17_500 },
      { dueOn: "2027-04-30", amountCents: 17_500 },
      { dueOn: "2027-05-31", amountCents: 17_500 },
    ]);
  });

  it("a total that does not divide: the odd cent in the last one, deposit and instalments summing to the total", () => {
    // $1,000.01: the deposit is 30% rounded up to the whole dollar, $301.00; the balance $699.01 in three.
    const totalCents = 100_001;
    const depositCents = 30_100;
    const plan = monthlyPlan({ bookedOn: "2027-01-01", balanceDueOn: "2027-04-30", balanceCents: totalCents - depositCents });
    expect(plan).toEqual([
      { dueOn: "2027-02-28", amountCents: 23_300 },
      { dueOn: "2027-03-30", amountCents: 23_300 },
      { dueOn: "2027-04-30", amountCents: 23_301 },
    ]);
    expect(depositCents + plan!.reduce((sum, instalment) => sum + instalment.amountCents, 0)).toBe(totalCents);
  });
});
