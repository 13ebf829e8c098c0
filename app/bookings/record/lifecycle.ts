/**
 * The booking lifecycle (docs/product-decisions.md, "Availability and the booking lifecycle"): which status a
 * booking may move to, who moves it, and which statuses hold a booth. Pure, so the rules are
 * tested on their own and the owner's links and the daily schedule share them.
 */
import { lifecycle } from "~/business";

export const bookingStatuses = ["requested", "confirmed", "declined", "cancelled", "expired", "completed"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * Who changed a status: the client's booking made it and their acceptance of the terms confirms it;
 * the owner's links and the daily schedule change it too.
 */
export type Actor = "client" | "owner" | "schedule";

export interface StatusChange {
  status: BookingStatus;
  at: string;
  by: Actor;
}

export interface Lifecycle {
  status: BookingStatus;
  history: readonly StatusChange[];
}

/** The owner's three actions, each named in a signed link. */
export const ownerActions = ["confirm", "decline", "cancel"] as const;
export type OwnerAction = (typeof ownerActions)[number];

export const actionTarget: Record<OwnerAction, BookingStatus> = {
  confirm: "confirmed",
  decline: "declined",
  cancel: "cancelled",
};

/** Every allowed move and who may make it; anything not listed is refused. */
const allowed: Record<BookingStatus, Partial<Record<BookingStatus, readonly Actor[]>>> = {
  // The client confirms by accepting the terms on their booking page; the owner for a client who replied by e-mail.
  // A client may also withdraw a request or cancel, from their booking page (the terms say what it costs).
  // The day after its event the schedule completes a booking that held its date (docs/product-decisions.md, "The owner's page, bank payments and the photos").
  requested: { confirmed: ["owner", "client"], declined: ["owner"], expired: ["schedule"], cancelled: ["client"], completed: ["schedule"] },
  // A booking the owner did not confirm by hand lapses when nothing is paid by its deposit's due date.
  confirmed: { cancelled: ["owner", "client"], completed: ["schedule"], expired: ["schedule"] },
  declined: {},
  cancelled: {},
  expired: {},
  // A request completed only because of a bank payment the owner then voided lapses after all (`afterItsEvent`).
  completed: { expired: ["owner"] },
};

/** Whether the owner confirmed the booking by hand: it then holds its date until its event, paid or not. */
function confirmedByOwner(booking: Pick<Lifecycle, "history">): boolean {
  return booking.history.some((change) => change.status === "confirmed" && change.by === "owner");
}

/**
 * Whether the booking's date is held by money alone (docs/product-decisions.md, "Dates are held by
 * money or by the owner"): received from `lifecycle.unpaidLapseFrom`, nothing paid yet, and not
 * confirmed by the owner by hand; it lapses once its deposit's due date has passed.
 */
export function heldByMoney(booking: Pick<Lifecycle, "history"> & { receivedAt: string; payments?: readonly unknown[] }): boolean {
  return booking.receivedAt >= lifecycle.unpaidLapseFrom && !booking.payments?.length && !confirmedByOwner(booking);
}

/**
 * What a booking that held its date becomes after its event: `completed`, unless it is a request
 * nobody confirmed and nothing was paid on, which lapsed and is `expired` (billed nothing).
 */
export function afterItsEvent(heldAs: BookingStatus, paid: boolean): "completed" | "expired" {
  return heldAs === "requested" && !paid ? "expired" : "completed";
}

/** Whether the booking still holds its booth ahead of its event: it can be changed, moved, cancelled or confirmed. */
export function holdsBooth(status: BookingStatus): boolean {
  return status === "requested" || status === "confirmed";
}

/** Whether the booking kept its date to the end (or still does): billed its total, it takes what it owes and is thanked after its event. */
export function keptItsDate(status: BookingStatus): boolean {
  return holdsBooth(status) || status === "completed";
}

export function isOwnerAction(value: string | undefined): value is OwnerAction {
  return ownerActions.some((action) => action === value);
}

export type Transition<T extends Lifecycle> =
  | { kind: "changed"; record: T; from: BookingStatus }
  /** The booking already has that status: acting twice is harmless. */
  | { kind: "already"; record: T }
  | { kind: "refused"; record: T; reason: string };

/** Moves a booking to `to` on behalf of `by`, adding the change to its history, or says why not. */
export function transition<T extends Lifecycle>(record: T, to: BookingStatus, by: Actor, at: Date): Transition<T> {
  if (record.status === to) return { kind: "already", record };
  if (!allowed[record.status][to]?.includes(by)) {
    return { kind: "refused", record, reason: `A ${record.status} booking cannot become ${to}.` };
  }
  const change: StatusChange = { status: to, at: at.toISOString(), by };
  return { kind: "changed", from: record.status, record: { ...record, status: to, history: [...record.history, change] } };
}

/** The first entry of every booking's history. */
export function requested(at: Date): Lifecycle {
  return { status: "requested", history: [{ status: "requested", at: at.toISOString(), by: "client" }] };
}
