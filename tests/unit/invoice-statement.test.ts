import { afterEach, describe, expect, it, vi } from "vitest";
import { invoiceStatement } from "~/bookings/invoice/invoice-statement";
import { formatDateInWords } from "~/utils/date-words";
import { addDays } from "~/utils/melbourne-time";

const issuedOn = "2026-11-22";
const geelong = { locality: "Geelong", postcode: "3220", distanceKm: 46, travelFee: 12, freeDelivery: false, bookable: true };

function booking(overrides: Partial<Parameters<typeof invoiceStatement>[0]> = {}): Parameters<typeof invoiceStatement>[0] {
  return {
    invoiceNumber: "0042",
    receivedAt: `${issuedOn}T01:00:00.000Z`,
    history: [{ status: "requested", at: `${issuedOn}T01:00:00.000Z`, by: "client" }],
    boothType: "Open Booth",
    packageDuration: "3 Hours",
    service: "Photobooth",
    status: "requested",
    price: 535,
    travel: geelong,
    travelFee: 12,
    totalCents: 54_700,
    issuedOn,
    eventDate: "2027-03-20",
    ...overrides,
  };
}

afterEach(() => {
  vi.doUnmock("~/business");
  vi.resetModules();
});

describe("the invoice statement", () => {
  it("bills the booth and the travel, with GST, the deposit and the balance and their dates in words", () => {
    expect(invoiceStatement(booking())).toEqual({
      title: "Tax invoice",
      abn: "49 624 595 711",
      charges: [
        { label: "Open Booth hire, 3 Hours (Photobooth)", amount: "$535.00" },
        { label: "Geelong 3220 is 46 km from Tarneit: travel $12 (6 km beyond 40 km at $2 per km)", amount: "$12.00" },
      ],
      total: { label: "Total (AUD)", amount: "$547.00" },
      gstNote: "Total includes GST of $49.73",
      later: [],
      billed: null,
      schedule: [
        { label: "Deposit, due by Sunday 29 November 2026", amount: "$165.00" },
        { label: "Balance, due by Saturday 6 March 2027", amount: "$382.00" },
      ],
      // No plan: no instalments (the deposit then the balance, as bookings were sold before plans).
      instalments: [],
      paid: { label: "Paid so far", amount: "$0.00" },
      refunded: null,
      owingNow: { label: "Owing now (deposit)", amount: "$165.00" },
    });
  });

  it("asks for everything at once for an event 13 days away, and shows travel to be confirmed without a fee", () => {
    const statement = invoiceStatement(booking({ travel: null, travelFee: 0, totalCents: 53_500, eventDate: addDays(issuedOn, 13) }));
    expect(statement.charges[1]).toEqual({ label: expect.stringMatching(/^Travel to be confirmed/), amount: "to be confirmed" });
    expect(statement.schedule).toEqual([{ label: `Due in full by ${formatDateInWords(issuedOn)} (the event is under 14 days away)`, amount: "$535.00" }]);
    expect(statement.owingNow).toEqual({ label: "Owing now (in full)", amount: "$535.00" });
  });

  it("counts payments received: after the deposit the balance is owing", () => {
    const payments = [{ sessionId: "cs_1", kind: "deposit" as const, amountCents: 16_500, currency: "aud", paidAt: "2026-11-23T01:00:00Z" }];
    const statement = invoiceStatement(booking({ payments }));
    expect(statement.paid.amount).toBe("$165.00");
    expect(statement.owingNow).toEqual({ label: "Owing now (balance)", amount: "$382.00" });
  });

  it("is an Invoice with no GST and no ABN when the business is not registered for GST", async () => {
    const actual = await vi.importActual<typeof import("~/business")>("~/business");
    vi.doMock("~/business", () => ({ ...actual, tax: { ...actual.tax, gstRegistered: false } }));
    vi.resetModules();
    const { invoiceStatement: unregistered } = await import("~/bookings/invoice/invoice-statement");
    expect(unregistered(booking())).toMatchObject({ title: "Invoice", abn: null, gstNote: "No GST is charged" });
  });
});

describe("the invoice statement after a change to what is billed", () => {
  it("keeps the invoice's lines and total as issued, lists the supplementary invoice, and says what is billed now", () => {
    const change = { from: { extraHours: 0, addOns: [], backdrop: null }, to: { extraHours: 0, addOns: ["audio-guest-book"], backdrop: null }, at: "2026-12-01T02:00:00.000Z", differenceCents: 14_900 } as const;
    const issuedLines = [
      { kind: "booth", label: "Open Booth, 3 Hours", cents: 53_500 },
      { kind: "travel", label: "Travel", cents: 1_200 },
    ] as const;
    const statement = invoiceStatement(
      booking({ totalCents: 69_600, issuedLines: [...issuedLines], priceLines: [...issuedLines, { kind: "add-on", label: "Audio guest book", cents: 14_900 }], extrasChanges: [{ ...change, to: { ...change.to, addOns: [...change.to.addOns] }, from: { ...change.from, addOns: [] } }] }),
    );
    expect(statement.charges.map((line) => line.amount)).toEqual(["$535.00", "$12.00"]);
    expect(statement.total.amount).toBe("$547.00");
    expect(statement.later).toEqual([{ label: "Supplementary tax invoice 0042-A1, Tuesday 1 December 2026: Add-ons changed to Audio guest book", amount: "$149.00" }]);
    // $49.73 on the invoice and $13.55 on the supplementary invoice.
    expect(statement.billed).toEqual({ label: "Billed now (includes GST of $63.28)", amount: "$696.00" });
  });

  it("bills $0.00 with GST $0.00 once a booking with an add-on on its invoice is declined (issue 57)", () => {
    const lines = [
      { kind: "booth", label: "Enclosed Booth, 3 Hours", cents: 53_500 },
      { kind: "add-on", label: "Audio guest book", cents: 14_900 },
    ] as const;
    const statement = invoiceStatement(
      booking({ status: "declined", travel: { ...geelong, travelFee: 0, distanceKm: 30, freeDelivery: true }, travelFee: 0, totalCents: 68_400, priceLines: [...lines], history: [{ status: "requested", at: `${issuedOn}T01:00:00.000Z`, by: "client" }, { status: "declined", at: "2026-11-23T01:00:00.000Z", by: "owner" }] }),
    );
    // $48.64 and $13.55 on the invoice, each taken back.
    expect(statement.gstNote).toBe("Total includes GST of $62.19");
    expect(statement.billed).toEqual({ label: "Billed now (includes GST of $0.00)", amount: "$0.00" });
  });
});
