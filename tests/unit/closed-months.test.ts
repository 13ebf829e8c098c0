import { describe, expect, it } from "vitest";
import { exportCsv } from "~/agenda/export.server";
import { xeroCsv } from "~/agenda/xero-import.server";
import { paymentOn } from "~/bookings/payments/payments.server";
import { recordAttempt, withPlaceholders } from "~/bookings/payments/refund-attempts.server";
import { reportedOn } from "~/bookings/payments/refund-record.server";
import type { BookingRecord } from "~/bookings/record/booking";
import type { ReportedRefund } from "~/bookings/record/ledger-protocol";

// A month's rows never change once it is over (docs/product-decisions.md, "What a booking is billed,
// whatever happens to it"): every entry is dated when it was recorded, the day the money moved beside it.
const receivedAt = "2026-10-20T01:00:00.000Z";
const deposit = { sessionId: "cs_1", kind: "deposit", amountCents: 22_600, currency: "AUD", paidAt: "2026-10-21T02:00:00.000Z", paymentIntent: "pi_1" } as const;
const booked = {
  kind: "booking",
  invoiceNumber: "PB-20261020-101",
  invoiceSecret: "s3cret",
  status: "cancelled",
  history: [
    { status: "requested", at: receivedAt, by: "client" },
    { status: "cancelled", at: "2026-10-27T02:00:00.000Z", by: "owner" },
  ],
  cancellation: { by: "owner", at: "2026-10-27T02:00:00.000Z", stage: "by-owner", daysBefore: 40, paidCents: 22_600, feeCents: 0, keptCents: 0, refundCents: 22_600, owedCents: 0 },
  fullName: "Trần Văn Minh",
  email: "minh@example.com",
  phoneNumber: "0400 111 222",
  boothType: "Enclosed Booth",
  packageDuration: "3 Hours",
  eventLocation: "Werribee",
  receivedAt,
  issuedOn: "2026-10-20",
  eventDate: "2026-12-05",
  totalCents: 75_400,
  price: 754,
  travelFee: 0,
  travel: null,
  service: "Photobooth",
  payments: [deposit],
  emailDelivery: {},
} as unknown as BookingRecord;

/** Everything a month hands the accountant: the export and both of Xero's files. */
const month = (booking: BookingRecord, yyyyMm: string, last: string) => [exportCsv([booking], `${yyyyMm}-01`, `${yyyyMm}-${last}`), xeroCsv([booking], yyyyMm, "sales-invoices"), xeroCsv([booking], yyyyMm, "credit-notes")];
const october = (booking: BookingRecord) => month(booking, "2026-10", "31");
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .slice(1, -1)
    .map((row) => row.split('","').slice(0, 5).join(" | ").replace(/^"/, ""));

const reported = (refund: Partial<ReportedRefund>): ReportedRefund => ({ id: "re_1", amountCents: 22_600, paymentIntent: "pi_1", status: "failed", at: "2026-10-28T03:00:00.000Z", ...refund });

describe("a month that is over", () => {
  const refunded: BookingRecord = { ...booked, refunds: [{ id: "re_1", amountCents: 22_600, method: "card", at: "2026-10-28T03:00:00.000Z", paymentIntent: "pi_1", pending: true }] };

  it("keeps its rows when a card refund made in it fails in the next month, and the failure is a row of the day Stripe said so", () => {
    const before = october(refunded);
    const failed = reportedOn(refunded, reported({}), "2026-11-04T01:00:00.000Z")!.booking;
    expect(october(failed)).toEqual(before);
    expect(rowsOf(exportCsv([failed], "2026-11-01", "2026-11-30"))).toEqual(["refund failed |  | PB-20261020-101 | 2026-11-04 | "]);
  });

  it("has no row for a refund that failed before the site heard of it: no money moved", () => {
    const failed = reportedOn(booked, reported({ id: "re_dashboard_1" }), "2026-11-04T01:00:00.000Z")!.booking;
    expect(rowsOf(exportCsv([failed], "2026-10-01", "2026-11-30"))).toEqual(rowsOf(exportCsv([booked], "2026-10-01", "2026-11-30")));
    expect(failed.failedRefunds).toHaveLength(1);
  });

  it("dates a card payment by when it was recorded, so a webhook retried across midnight at a month's end leaves the month as it was", () => {
    const unpaid: BookingRecord = { ...booked, status: "confirmed", history: booked.history.slice(0, 1), cancellation: undefined, payments: [] };
    const before = october(unpaid);
    // Stripe's event was made at 23:59 on 31 October in Melbourne, delivered again after midnight.
    const paid = paymentOn(unpaid, { sessionId: "cs_2", invoiceNumber: unpaid.invoiceNumber, kind: "deposit", amountCents: 22_600, currency: "AUD", paidAt: "2026-10-31T12:59:00.000Z", paymentIntent: "pi_2" }, "2026-10-31T13:00:10.000Z")!.booking;
    expect(october(paid)).toEqual(before);
    expect(rowsOf(exportCsv([paid], "2026-11-01", "2026-11-30"))).toEqual(["payment |  | PB-20261020-101 | 2026-11-01 | 2026-10-31"]);
  });

  it("dates a card refund by when Stripe's answer was recorded: pressed at 23:59 on 31 October, looked up after midnight, it is November's", () => {
    const attempt = { id: "a1", at: "2026-10-31T12:59:00.000Z", plan: [{ paymentIntent: "pi_1", amountCents: 22_600 }] };
    const pressed = withPlaceholders(booked, attempt);
    const before = october(pressed);
    const answered = recordAttempt(pressed, attempt, [{ paymentIntent: "pi_1", refund: { id: "re_2", amount: 22_600, status: "pending" } }], "2026-10-31T13:05:00.000Z").booking;
    expect(october(answered)).toEqual(before);
    expect(rowsOf(exportCsv([answered], "2026-11-01", "2026-11-30"))).toEqual(["refund |  | PB-20261020-101 | 2026-11-01 | "]);
  });

  it("reads a refund stored before failures were dated as it was exported then: the failure on the refund's own day", () => {
    // As stored before: the failed refund kept its first date and nothing else.
    const stored = { ...booked, failedRefunds: [{ id: "re_1", amountCents: 22_600, method: "card", at: "2026-10-28T03:00:00.000Z", paymentIntent: "pi_1" }] } as BookingRecord;
    expect(rowsOf(exportCsv([stored], "2026-10-28", "2026-10-28"))).toEqual(["refund |  | PB-20261020-101 | 2026-10-28 | ", "refund failed |  | PB-20261020-101 | 2026-10-28 | "]);
  });
});
