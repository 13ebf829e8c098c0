/**
 * Holds: a booking holds one booth of its type on its date while it is requested or confirmed,
 * with the stocked add-ons and backdrop it chose (one hold, taken and released whole). They are
 * decided in a Durable Object (workers/booking-holds.ts explains why and how it is split).
 */
import type { BoothCounts, DayBlocks } from "~/bookings/holds/fleet";
import type { DayHeld, ItemCounts } from "~/bookings/holds/stock";
import type { StockItem } from "~/prices/extras";
import type { BoothType } from "~/pricing";

export interface HoldRequest {
  eventDate: string;
  boothType: BoothType;
  /** The booking's own id for its hold, kept in its record so the hold can be released. */
  holdId: string;
  blocks: DayBlocks;
  /**
   * A hold of the same booking that this one replaces (a change of its extras): it is not counted
   * against this one, and what it holds already (its booth, its items) is kept without asking
   * again, so an item the owner blocked later is not taken from the booking.
   */
  replacing?: string;
  /** The stocked items held with the booth (`stockNeeded` of the booking's extras); none by default. */
  items?: readonly StockItem[];
  /**
   * A new booking's hold, taken before the booking is stored: given back at its deadline
   * (`PROVISIONAL_HOLD_SECONDS`) unless its ledger confirms it first or a booking stored with it
   * is found then. Holds the ledger takes itself (a move, a change of extras) are for good at once.
   */
  provisional?: boolean;
  /**
   * The quote a new booking is made from: refused (`quoteHeld`) when a hold on this date took the
   * quote already, so a quote books once, decided in the same step as its booth (a quote's date is
   * its booking's). The quote stays taken when its booking later gives its hold back.
   */
  quote?: string;
}

export interface ReleaseRequest {
  eventDate: string;
  holdId: string;
  /** The quote the hold took, named only by the request whose booking was never stored: the quote may be booked again. */
  quote?: string;
}

/** A new booking's hold, made its own for good: its booth and items, should it have to be taken again. */
export interface ConfirmRequest extends ReleaseRequest {
  boothType: BoothType;
  items?: readonly StockItem[];
}

/**
 * `held: false` when no booth of the type is free or an item is gone (`gone` names the items asked
 * for that are gone, whatever the booth); `free` and `itemsLeft` count what is left that day either
 * way. Nothing is held unless everything is.
 */
export interface HoldAnswer {
  held: boolean;
  free: BoothCounts;
  itemsLeft: ItemCounts;
  gone: StockItem[];
  /** Refused for the quote: another hold on the date took it (`HoldRequest.quote`). */
  quoteHeld?: true;
}

/** Holds per date, booth type and stocked item; dates without holds are absent. */
export type HeldCounts = Record<string, DayHeld>;

export interface BookingHolds {
  hold(request: HoldRequest): Promise<HoldAnswer>;
  release(request: ReleaseRequest): Promise<void>;
  /**
   * Confirms a provisional hold: it is kept for good. One given back at its deadline is taken
   * again when its booth and items are still free (the owner's blocks do not count against a
   * booking already made); false when they are not.
   */
  confirm(request: ConfirmRequest): Promise<boolean>;
  /** Holds on each date from `from` to `to` (inclusive); the range may span months. */
  held(from: string, to: string): Promise<HeldCounts>;
}

/** The month of an event date: the partition of the holds. */
function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** Every `YYYY-MM` from `from`'s month to `to`'s. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  while (`${year}-${String(month).padStart(2, "0")}` <= monthOf(to)) {
    months.push(`${year}-${String(month).padStart(2, "0")}`);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

export function durableHolds(namespace: DurableObjectNamespace): BookingHolds {
  const stub = (month: string) => namespace.get(namespace.idFromName(month));
  async function call<T>(month: string, path: string, init?: RequestInit): Promise<T> {
    const response = await stub(month).fetch(`https://booking-holds${path}`, init);
    if (!response.ok) throw new Error(`Booking holds answered ${response.status} to ${path}`);
    return response.json<T>();
  }
  const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
  return {
    hold: (request) => call(monthOf(request.eventDate), "/hold", post(request)),
    async release(request) {
      await call(monthOf(request.eventDate), "/release", post(request));
    },
    confirm: async (request) => (await call<{ confirmed: boolean }>(monthOf(request.eventDate), "/confirm", post(request))).confirmed,
    async held(from, to) {
      const parts = await Promise.all(
        monthsBetween(from, to).map((month) => call<HeldCounts>(month, `/held?from=${from}&to=${to}`)),
      );
      return Object.assign({}, ...parts) as HeldCounts;
    },
  };
}

declare module "~/types/services" {
  interface Services {
    holds: BookingHolds;
  }
}
