/**
 * A month that is over keeps its files (docs/product-decisions.md, "Every change to what is billed
 * has its document"): the documents a booking was issued are stored as they printed, and every later
 * change (add-ons, a move, a cancellation, a refund) is a row of its own day. The booking is stored
 * straight into storage as the site stored it before documents were kept (no test can book in a
 * month already over), so its first change also writes out the documents worked out for it then.
 * The catalogue of add-ons is code (app/pricing.ts), not configuration a test can change: a name or
 * price changed since a document was issued is tests/unit/issued-documents.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { indexRow } from "~/bookings/by-date/booking-index";
import type { BookingRecord } from "~/bookings/record/booking";
import { melbourneToday } from "~/utils/melbourne-time";
import { seededBooking, storeBookings } from "../../scripts/lib/seed-bookings.mjs";
import { eventDate } from "../support/event-dates";
import { feedToken } from "../support/links";
import { getJson } from "./forms-support";
import { testVars, workerForFile } from "./worker";

const worker = workerForFile();

/** The month before `today`'s, as YYYY-MM. */
function monthBefore(today: string): string {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** What the accountant is handed for `month`: the export of its days and both of Xero's files, as bytes. */
async function filesOf(month: string): Promise<string[]> {
  const token = await feedToken(testVars.OWNER_FEED_SECRET, "export");
  const [year, number] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
  const paths = [`/owner/export.csv?from=${month}-01&to=${last}&token=${token}`, ...["sales-invoices", "credit-notes"].map((file) => `/owner/xero/${month}/${file}.csv?token=${token}`)];
  return Promise.all(
    paths.map(async (path) => {
      const response = await worker.fetch(path);
      expect(response.status, path).toBe(200);
      return new TextDecoder().decode(await response.arrayBuffer());
    }),
  );
}

describe("a month that is over", () => {
  it("keeps its export and Xero files byte for byte through later add-ons, a move, a cancellation and a refund", async () => {
    const today = melbourneToday();
    const closed = monthBefore(today);
    const day = (dd: string, time = "02:00") => `${closed}-${dd}T${time}:00.000Z`;
    const [first, moved] = [eventDate("closedMonths", 6), eventDate("closedMonths", 20)];
    const seeded = seededBooking(571, 60, today) as BookingRecord;
    // As stored before documents were kept: booked, confirmed and its deposit paid in the month now over.
    const booking: BookingRecord = {
      ...seeded,
      invoiceNumber: `PB-${closed.replace("-", "")}10-571`,
      invoicePdf: `PB-${closed.replace("-", "")}10-571.pdf`,
      fullName: "Ελένη Παπαδοπούλου",
      eventDate: first,
      issuedOn: `${closed}-10`,
      receivedAt: day("10", "01:00"),
      history: [
        { status: "requested", at: day("10", "01:00"), by: "client" },
        { status: "confirmed", at: day("11"), by: "owner" },
      ],
      payments: [{ sessionId: "cs_closed_571", kind: "deposit", amountCents: 16_200, currency: "AUD", paidAt: day("12"), paymentIntent: "pi_closed_571" }],
    };
    await storeBookings({ kv: await worker.kv(), index: await worker.index(), indexRow, bookings: [booking] });
    const before = await filesOf(closed);
    expect(before[0]).toContain(booking.invoiceNumber);
    expect(before[1]).toContain(booking.invoiceNumber);

    const ledger = await worker.ledger();
    const { invoiceNumber } = booking;
    const now = () => new Date().toISOString();
    expect(await ledger.changeExtras({ invoiceNumber, extras: { extraHours: 1, addOns: ["audio-guest-book"], backdrop: null }, at: now() })).toMatchObject({ kind: "changed" });
    expect(await ledger.changeExtras({ invoiceNumber, extras: { extraHours: 0, addOns: ["usb"], backdrop: null }, at: now() })).toMatchObject({ kind: "changed" });
    expect(await ledger.move({ invoiceNumber, to: moved, at: now() })).toMatchObject({ kind: "moved" });
    await ledger.changeStatus({ invoiceNumber, to: "cancelled", by: "owner", at: now() });
    expect(await ledger.refund({ invoiceNumber, method: "bank", at: now(), attempt: "closed-months-1" })).toMatchObject({ kind: "refunded" });

    expect(await filesOf(closed)).toEqual(before);
    const stored = await getJson<BookingRecord>(worker, `booking:${moved}:${invoiceNumber}`);
    expect(stored).toMatchObject({ status: "cancelled" });
    // Written out at its first change: the tax invoice as it was worked out then, and a document for each change since, beside the event's date then.
    expect(stored!.documents!.map((document) => [document.number, document.issuedOn, document.eventDate])).toEqual([
      [invoiceNumber, `${closed}-10`, first],
      [`${invoiceNumber}-A1`, today, first],
      [`${invoiceNumber}-CN1`, today, first],
      [`${invoiceNumber}-CN2`, today, moved],
      [`${invoiceNumber}-CN3`, today, moved],
    ]);
    const [thisMonth] = await filesOf(today.slice(0, 7));
    for (const number of ["A1", "CN1", "CN2", "CN3"]) expect(thisMonth).toContain(`${invoiceNumber}-${number}`);
  });
});
