/**
 * The owner's view of a plan and autopay, and the try "Charge this instalment now" may make
 * (issue 58), from records as they are stored: one stored before autopay (no consent, no tries)
 * reads as autopay off, never turned on.
 */
import { describe, expect, it } from "vitest";
import { ownerAutopayView } from "~/bookings/owner-autopay.server";
import type { AutopayTry } from "~/bookings/record/autopay";
import { overdueInstalments, tryToday } from "~/bookings/record/autopay-due";
import type { BookingRecord } from "~/bookings/record/booking";

// A $740.00 booking: the $222.00 deposit paid, the $518.00 balance in two instalments of $259.00.
const storedBeforeAutopay = {
  status: "confirmed",
  issuedOn: "2027-01-04",
  eventDate: "2027-04-18",
  totalCents: 74_000,
  history: [],
  payments: [{ sessionId: "cs_1", kind: "deposit", amountCents: 22_200, currency: "AUD", paidAt: "2027-01-04T01:00:00.000Z" }],
  paymentPlan: { option: "monthly", instalments: [{ dueOn: "2027-03-04", amountCents: 25_900 }, { dueOn: "2027-04-04", amountCents: 25_900 }], chosenAt: "2027-01-04T00:00:00.000Z" },
} as unknown as BookingRecord;
const autopay = { customer: "cus_1", saved: { kind: "card", paymentMethod: "pm_1", brand: "mastercard", last4: "4444", expMonth: 7, expYear: 2030 }, since: "2027-01-04T01:00:00.000Z" } as const;
const declined = (tryNumber: number, dueOn: string, again: boolean): AutopayTry => ({
  instalment: 1,
  tryNumber,
  dueOn,
  amountCents: 25_900,
  enqueuedAt: `${dueOn}T19:00:00.000Z`,
  tryId: `PB-1:1:${tryNumber}`,
  answer: { status: "declined", paymentIntent: `pi_${tryNumber}`, code: "insufficient_funds", at: `${dueOn}T19:00:05.000Z`, ...(again ? { again: true as const } : {}) },
});

describe("the owner's view of a plan", () => {
  it("reads a record stored before autopay as autopay off, never turned on, with nothing to stop or charge before its date", () => {
    const view = ownerAutopayView(storedBeforeAutopay, new Date("2027-02-01T00:00:00.000Z"))!;
    expect(view.state).toBe("Autopay is off: the client has not turned it on.");
    expect(view.stop).toBeNull();
    expect(view.failures).toEqual([]);
    expect(view.instalments.map(({ due, amount, state, chargeNow }) => ({ due, amount, state, chargeNow }))).toEqual([
      { due: "Thursday 4 March 2027", amount: "$259.00", state: "not due yet", chargeNow: false },
      { due: "Sunday 4 April 2027", amount: "$259.00", state: "not due yet", chargeNow: false },
    ]);
    // A booking with no monthly plan has no such section.
    expect(ownerAutopayView({ ...storedBeforeAutopay, paymentPlan: undefined }, new Date("2027-02-01T00:00:00.000Z"))).toBeNull();
  });

  it("says a failed try's reason in words, when it is tried again, and offers to charge it now", () => {
    // Melbourne's 5 March, 6:00 am is 4 March 19:00 UTC: the first try on the instalment's date declined softly.
    const record = { ...storedBeforeAutopay, autopay, autopayTries: [declined(1, "2027-03-04", true)] } as BookingRecord;
    const view = ownerAutopayView(record, new Date("2027-03-05T01:00:00.000Z"))!;
    expect(view.state).toContain("the instalments are charged to the Mastercard card ending 4444, expiring 07/2030");
    expect(view.instalments[0]!.state).toBe("$259.00 owing");
    expect(view.instalments[0]!.events).toEqual([expect.stringMatching(/^try 1 failed .*: not enough money in the account \(insufficient_funds\) \(pi_1\); tried again on Sunday 7 March 2027$/)]);
    expect(view.instalments[0]!.chargeNow).toBe(true);
    expect(view.failures).toEqual([expect.stringMatching(/^Instalment 1 \(\$259\.00 short\): its charge failed .*, not enough money in the account \(insufficient_funds\)\. Autopay tries it again\.$/)]);
  });
});

describe("the try Charge this instalment now makes", () => {
  const withAutopay = { ...storedBeforeAutopay, autopay } as BookingRecord;

  it("is the first try, for what is short, once the instalment is due", () => {
    expect(tryToday(withAutopay, 1, "2027-03-03")).toEqual({ refused: "instalment 1 is not due until 2027-03-04" });
    expect(tryToday(withAutopay, 1, "2027-03-04")).toEqual({ instalment: 1, tryNumber: 1, dueOn: "2027-03-04", amountCents: 25_900 });
    expect(tryToday(withAutopay, 3, "2027-03-04")).toEqual({ refused: "the plan has no instalment 3" });
    expect(tryToday(storedBeforeAutopay, 1, "2027-03-04")).toEqual({ refused: "autopay is off: the client pays it from their booking page" });
  });

  it("after a soft decline is the next try, made today, so the tries stay three; none while one is on its way or after the last", () => {
    const retrying = { ...withAutopay, autopayTries: [declined(1, "2027-03-04", true)] } as BookingRecord;
    expect(tryToday(retrying, 1, "2027-03-05")).toEqual({ instalment: 1, tryNumber: 2, dueOn: "2027-03-05", amountCents: 25_900 });
    const onItsWay = { ...withAutopay, autopayTries: [{ ...declined(1, "2027-03-04", true), answer: undefined }] } as BookingRecord;
    expect(tryToday(onItsWay, 1, "2027-03-05")).toEqual({ refused: "a charge of instalment 1 is on its way already" });
    const last = { ...withAutopay, autopayTries: [declined(1, "2027-03-04", true), declined(2, "2027-03-07", true), declined(3, "2027-03-09", false)] } as BookingRecord;
    expect(tryToday(last, 1, "2027-03-10")).toEqual({ refused: "autopay made its last try of instalment 1 (declined)" });
  });
});

describe("the instalments overdue on a morning", () => {
  const overdue = (record: BookingRecord, today: string) => overdueInstalments(record, today).map(({ instalment, shortCents, dueOn }) => ({ instalment, shortCents, dueOn }));
  const first = { instalment: 1, shortCents: 25_900, dueOn: "2027-03-04" };

  it("with autopay off (a record stored before it): one short from the day after its date", () => {
    expect(overdue(storedBeforeAutopay, "2027-03-04")).toEqual([]);
    expect(overdue(storedBeforeAutopay, "2027-03-05")).toEqual([first]);
    expect(overdue(storedBeforeAutopay, "2027-04-05")).toEqual([first, { instalment: 2, shortCents: 25_900, dueOn: "2027-04-04" }]);
  });

  it("with autopay on: none not tried yet, on the queue or to be tried again; one whose last try failed, even once autopay is on again", () => {
    const tried = (tries: AutopayTry[]) => ({ ...storedBeforeAutopay, autopay, autopayTries: tries }) as BookingRecord;
    expect(overdue(tried([]), "2027-03-06")).toEqual([]);
    const queued: AutopayTry = { instalment: 1, tryNumber: 1, dueOn: "2027-03-04", amountCents: 25_900, enqueuedAt: "2027-03-03T19:00:00.000Z" };
    expect(overdue(tried([queued]), "2027-03-06")).toEqual([]);
    expect(overdue(tried([declined(1, "2027-03-04", true)]), "2027-03-06")).toEqual([]);
    // The last try failed: autopay stopped, or the client saved a card since, which charges only the instalments to come.
    const lastFailed = [declined(1, "2027-03-04", true), declined(2, "2027-03-07", true), declined(3, "2027-03-09", false)];
    expect(overdue({ ...tried(lastFailed), autopay: undefined }, "2027-03-10")).toEqual([first]);
    expect(overdue(tried(lastFailed), "2027-03-10")).toEqual([first]);
  });

  it("not a PayTo debit still processing, whether autopay is on or off", () => {
    const processing: AutopayTry = { ...declined(1, "2027-03-04", false), answer: { status: "processing", paymentIntent: "pi_1", code: null, at: "2027-03-03T19:00:05.000Z" } };
    expect(overdue({ ...storedBeforeAutopay, autopay, autopayTries: [processing] } as BookingRecord, "2027-03-08")).toEqual([]);
    expect(overdue({ ...storedBeforeAutopay, autopayTries: [processing] } as BookingRecord, "2027-03-08")).toEqual([]);
  });
});
