/**
 * What the books said of a month stays said once the month is over, and a refund that fails is a
 * row of the day its failure was recorded (docs/product-decisions.md, "What a booking is billed":
 * every entry dated when recorded, the day the money moved beside it; a month's rows never change
 * once it is over). Issue 57 met both across days the model never walked: a refund of $226 made on
 * 28 October and reported failed by Stripe on 4 November rewrote October, and a webhook retried
 * after midnight on a month's last day landed in the month before.
 */
import { expect } from "vitest";
import { bookEntries } from "~/bookings/invoice/book-entries";
import type { BookingRecord } from "~/bookings/record/booking";

export type ExportRow = Record<string, string>;

/** What the books last showed, by month, and which refunds they counted: checked against at the next step. */
export interface BooksSeen {
  exportRows: Map<string, string[]>;
  entries: Map<string, string[]>;
  /** Card refunds the books counted (not an attempt's placeholder, which has no row of its own). */
  counted: Set<string>;
  /** Each refund the books took back as failed: the day and amount of its row, or null when it had never counted (no money moved). */
  failed: Map<string, { day: string; cents: number } | null>;
}

export const nothingSeen = (): BooksSeen => ({ exportRows: new Map(), entries: new Map(), counted: new Set(), failed: new Map() });

const cents = (amount: string) => Math.round(Number(amount) * 100);

function byMonth<T>(items: readonly T[], dateOf: (item: T) => string, words: (item: T) => string): Map<string, string[]> {
  const months = new Map<string, string[]>();
  for (const item of items) months.set(dateOf(item).slice(0, 7), [...(months.get(dateOf(item).slice(0, 7)) ?? []), words(item)]);
  return months;
}

/** Every month before `today`'s reads now as it did at the last step (at which it may still have been open). */
function holdClosed(what: string, before: Map<string, string[]>, now: Map<string, string[]>, today: string) {
  for (const month of new Set([...before.keys(), ...now.keys()])) {
    if (month < today.slice(0, 7)) expect(now.get(month) ?? [], `${what} of ${month}, a month that is over`).toEqual(before.get(month) ?? []);
  }
}

/**
 * `seen` is what the last step left (updated here), `rows` the booking's rows of the accountant's
 * export (every date from its issue to today and beyond its event), `today` the site's Melbourne
 * date. The export's money columns and the books' entries of each month over are as the last step
 * left them; each refund taken back as failed since the last step is a row of today if the books
 * had counted it, and of no day if they had not.
 */
export function checkClosedMonths(seen: BooksSeen, booking: BookingRecord, rows: readonly ExportRow[], today: string) {
  // The columns a month's figures are made of (the event's date is the booking's, as it stands now).
  const money = (row: ExportRow) => [row["Type"], row["Document"], row["Date"], row["Received"], row["Amount"], row["GST included"], row["Method"], row["Lines"]].join(" | ");
  const exportRows = byMonth(rows, (row) => row["Date"]!, money);
  const entries = byMonth(bookEntries(booking), (entry) => entry.date, (entry) => JSON.stringify(entry));
  holdClosed("the export's rows", seen.exportRows, exportRows, today);
  holdClosed("the books' entries", seen.entries, entries, today);
  [seen.exportRows, seen.entries] = [exportRows, entries];

  for (const refund of booking.failedRefunds ?? []) {
    if (!seen.failed.has(refund.id)) seen.failed.set(refund.id, seen.counted.has(refund.id) ? { day: today, cents: refund.amountCents } : null);
  }
  const expected = [...seen.failed.values()].flatMap((row) => (row ? [`${row.day} ${row.cents}`] : [])).sort();
  const failedRows = rows.filter((row) => row["Type"] === "refund failed").map((row) => `${row["Date"]} ${cents(row["Amount"]!)}`).sort();
  expect(failedRows, "each refund that failed is a row of the day its failure was recorded (none for one the books never counted)").toEqual(expected);
  // An attempt's placeholder ("attempt-…") has no row: a refund it stood for that fails moved no money in the books.
  seen.counted = new Set((booking.refunds ?? []).map((refund) => refund.id).filter((id) => !id.startsWith("attempt-")));
}
