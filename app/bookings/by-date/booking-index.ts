/**
 * The index of bookings by the dates that matter (docs/product-decisions.md, "Years of bookings"):
 * one Durable Object with SQLite storage (`workers/booking-index.ts`, decision 008) holding each
 * booking as its ledger last stored it, by its event date, status and the days money moved. Every
 * owner read and scheduled run asks it for the bookings of its dates, in one call, instead of
 * opening every booking ever stored in KV. The ledger keeps it in step as one of each change's
 * follow-ups; `npm run reindex` builds it from KV for a site that has bookings already.
 */
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { bookEntries } from "~/bookings/invoice/book-entries";
import { emailFailedNote } from "~/mail/deliveries.server";

/** A booking as the index holds it: the record and its listing notes. */
export interface IndexedBooking {
  booking: BookingRecord;
  notes: string;
}

/** One row: the columns the queries read, and the booking itself. */
export interface IndexRow {
  invoiceNumber: string;
  eventDate: string;
  status: string;
  receivedAt: string;
  /** Something the owner must act on whatever the date: money owed back, a failed e-mail, a mismatch, a completed booking still owing. */
  attention: boolean;
  /** Melbourne dates the books record something of the booking: each document, payment, void and refund (invoice/book-entries.ts). */
  moneyDays: string[];
  /** The number, the client's name and e-mail, folded (`searchFolded`), for the owner's search. */
  searchText: string;
  entry: IndexedBooking;
}

export type IndexQuery =
  /** Bookings whose event is on or after `from` (and on or before `to`, when given). */
  | { kind: "events"; from: string; to?: string }
  /** Bookings with an entry in the books between the dates (inclusive): a document, a payment, a void or a refund. */
  | { kind: "money"; from: string; to: string }
  /** What the owner's morning is about: events from `from` to `to`, every booking to come that holds a booth (for what is overdue), requests waiting, and anything needing attention. */
  | { kind: "morning"; from: string; to: string }
  /** Bookings that hold a date (requested or confirmed), received on or before `receivedBy`. */
  | { kind: "holding"; receivedBy: string }
  /** The owner's search: bookings whose number, name or e-mail contains `text` (folded), newest events first, `limit` at most. */
  | { kind: "search"; text: string; limit: number };

/**
 * Text as the owner's search compares it: lower case, accents and tones dropped ("Nguyễn" and
 * "nguyen" match), Vietnamese đ as d, spaces run together, so a name is found however it is typed.
 */
export function searchFolded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/[đĐ]/g, "d").toLowerCase().replace(/\s+/g, " ").trim();
}

export interface BookingIndex {
  put(entries: readonly IndexedBooking[]): Promise<void>;
  find(query: IndexQuery): Promise<IndexedBooking[]>;
}

export function indexRow({ booking, notes }: IndexedBooking): IndexRow {
  const due = amountsDue(billableOf(booking));
  const mismatch = [...(booking.payments ?? []), ...(booking.refunds ?? [])].some((item) => item.mismatch);
  return {
    invoiceNumber: booking.invoiceNumber,
    eventDate: booking.eventDate,
    status: booking.status,
    receivedAt: booking.receivedAt,
    attention: due.refundOwedCents > 0 || notes.includes(emailFailedNote) || mismatch || (booking.status === "completed" && due.owingCents > 0),
    searchText: searchFolded(`${booking.invoiceNumber} ${booking.fullName} ${booking.email}`),
    moneyDays: [...new Set(bookEntries(booking).map((entry) => entry.date))],
    entry: { booking, notes },
  };
}

export function durableBookingIndex(namespace: DurableObjectNamespace): BookingIndex {
  // One index for the site: its few writes a day and its reads fit one object easily.
  const stub = () => namespace.get(namespace.idFromName("all"));
  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await stub().fetch(`https://booking-index${path}`, { method: "POST", body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`Booking index answered ${response.status} to ${path}: ${await response.text()}`);
    return response.json<T>();
  }
  return {
    async put(entries) {
      await call("/put", entries.map(indexRow));
    },
    find: (query) => call("/find", query),
  };
}

declare module "~/types/services" {
  interface Services {
    /** Bookings by the dates that matter: what owner reads and scheduled runs look at. */
    index: BookingIndex;
  }
}
