import { describe, expect, it } from "vitest";
import { makeInvoiceNumber } from "~/bookings/numbers/invoice-number";
import { isInvoiceNumber } from "~/input/invoice-number";

describe("invoice number", () => {
  it("has the form PB-{YYYYMMDD}-{100..999}", () => {
    expect(makeInvoiceNumber(new Date("2026-03-10T02:00:00Z"), () => 0)).toBe("PB-20260310-100");
    expect(makeInvoiceNumber(new Date("2026-03-10T02:00:00Z"), () => 0.99999)).toBe("PB-20260310-999");
    for (let i = 0; i < 200; i++) expect(isInvoiceNumber(makeInvoiceNumber())).toBe(true);
  });

  it("uses Melbourne's date, already tomorrow late in the UTC evening in summer (AEDT)", () => {
    expect(makeInvoiceNumber(new Date("2026-01-14T12:59:00Z"), () => 0.5)).toBe("PB-20260114-550");
    expect(makeInvoiceNumber(new Date("2026-01-14T13:00:00Z"), () => 0.5)).toBe("PB-20260115-550");
  });

  it("turns over at Melbourne's midnight in winter (AEST) and at the new year", () => {
    expect(makeInvoiceNumber(new Date("2026-07-14T13:59:59Z"), () => 0)).toBe("PB-20260714-100");
    expect(makeInvoiceNumber(new Date("2026-07-14T14:00:00Z"), () => 0)).toBe("PB-20260715-100");
    expect(makeInvoiceNumber(new Date("2026-12-31T13:00:00Z"), () => 0)).toBe("PB-20270101-100");
  });

  it("accepts only the exact form with a real date", () => {
    expect(isInvoiceNumber("PB-20260229-123")).toBe(false);
    expect(isInvoiceNumber("PB-20280229-123")).toBe(true);
    expect(isInvoiceNumber("PB-20261301-123")).toBe(false);
    expect(isInvoiceNumber("PB-20260101-099")).toBe(false);
    expect(isInvoiceNumber("PB-20260101-1000")).toBe(false);
    expect(isInvoiceNumber("pb-20260101-123")).toBe(false);
    expect(isInvoiceNumber(" PB-20260101-123")).toBe(false);
    expect(isInvoiceNumber("PB-20260101-123\n")).toBe(false);
    expect(isInvoiceNumber(20260101)).toBe(false);
  });
});
