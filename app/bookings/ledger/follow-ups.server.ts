/**
 * What must follow a change to a booking (docs/product-decisions.md, "What the books must always
 * say"), written into the ledger object's storage in the same put as the change, then carried out
 * by the object: at once, and from its alarm after any failure, until each step is done. Every step
 * can be made again with the same result, so a step cut short is simply made again; no caller ever
 * undoes what the ledger will finish. A change writes its booking's KV key once (KV takes one write
 * a second to a key): the change comes with its e-mails marked on the copy, and the PDF, whose
 * note may change the copy, is drawn before the store.
 */
import { extrasOf } from "~/bookings/changes/extras-change";
import type { BookingHolds } from "~/bookings/holds/holds.server";
import { pdfNotWrittenNote, writeInvoicePdf } from "~/bookings/invoice/invoice-file.server";
import { copyKey, type LedgerCopy } from "~/bookings/ledger/copy.server";
import type { Stripe } from "~/bookings/payments/stripe.server";
import { pointInvoiceIndex } from "~/bookings/numbers/invoice-registry.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { waitsForAddress } from "~/bookings/record/address-proof";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { storeBooking } from "~/bookings/record/record.server";
import { isSent } from "~/mail/deliveries.server";
import type { Mail } from "~/mail/message";
import { mailMessages, sendToQueue } from "~/mail/queue.server";
import { stockNeeded } from "~/prices/extras";
import type { BoothType } from "~/pricing";
import { readPromo } from "~/promos/promo-store.server";
import { bookingKey, paymentIntentKey } from "~/storage-keys";
import type { Services } from "~/types/services";

declare module "~/types/services" {
  interface Services {
    /** Tells the crew of a booking that gave its date up, and releases them (app/crew/follow.server.ts); a booking's ledger calls it. */
    crewFollows: (booking: BookingRecord) => Promise<void>;
  }
}

export type FollowUp =
  /** The ledger's copy, as it is when the step runs, to KV under its date's key. */
  | { kind: "store" }
  /** The same copy to the index of bookings by their dates. */
  | { kind: "index" }
  | { kind: "point-index" }
  /** The key of the date the booking moved from (after the new one is stored). */
  | { kind: "delete-key"; key: string }
  | { kind: "release-hold"; eventDate: string; holdId: string }
  /** Where a refund made in Stripe's dashboard finds its booking. */
  | { kind: "payment-intent"; paymentIntent: string }
  /** The invoice PDF of the copy as it is when the step runs (drawn before the store, whatever the order given). */
  | { kind: "pdf" }
  /** E-mails, by their names within the booking (each is queued once), marked queued on the copy by the change. */
  | { kind: "mails"; mails: Record<string, Mail> }
  /** Checkout Sessions that must no longer take a payment. */
  | { kind: "expire-checkouts"; sessionIds: string[] }
  /** The booking's use of a promo code, given back under the id it was claimed with (a second time gives nothing back). */
  | { kind: "release-promo"; code: string; useId: string }
  /** A new booking's provisional hold, made its own for good (`confirmHold`). */
  | { kind: "confirm-hold"; holdId: string }
  /** A new booking's provisional use of its code, made its own for good (`confirmPromo`). */
  | { kind: "confirm-promo"; code: string; useId: string }
  /** The booking now holds its date for good (`holdsDateForGood`): the open quotes for its booth that day are told (`Services.dateTaken`). */
  | { kind: "date-taken"; eventDate: string; boothType: BoothType }
  /** The booking gave its date up: whoever works the event is told and released (`Services.crewFollows`). */
  | { kind: "crew" }
  /** A new booking made from a quote: the quote book marks the quote booked as it (the date's holds took the quote with the booking's hold). */
  | { kind: "quote-booked"; quoteId: string };

interface Pending {
  step: FollowUp;
  tries: number;
  lastError?: string;
}

const prefix = "follow-up:";
const counterKey = "follow-up-count";

export interface FollowUpDeps {
  storage: DurableObjectStorage;
  services: Pick<Services, "kv" | "r2" | "config" | "fonts" | "mailQueue" | "now" | "index" | "promoUses" | "dateTaken" | "crewFollows" | "quotes"> & { holds: Pick<BookingHolds, "release" | "confirm"> };
  stripe: Stripe | null;
}

/** Flags the owner sees in a booking's listing when its new hold or its code's use could not be kept (`confirmHold`, `confirmPromo`). */
export const boothNotHeldNote = " · BOOTH NOT HELD";
export const codeUseNotCountedNote = " · CODE USE NOT COUNTED";
/** A payment that had arrived before the booking lapsed, recorded once its date was taken: refund it, or offer a move. */
export const paidAfterLapseNote = " · PAID BEFORE IT LAPSED, DATE GONE: REFUND, OR OFFER A MOVE";

/** A booking declined, expired or withdrawn with nothing paid gives its code's use back; one cancelled after a payment keeps it (docs/operations.md, "Promo codes"). */
export function givesPromoUseBack(booking: BookingRecord): boolean {
  return booking.status === "declined" || booking.status === "expired" || booking.cancellation?.stage === "withdrawn";
}

/**
 * Whether the booking holds its date for good: it holds one, and its address is proved, a payment
 * is recorded or the owner confirmed it (not only for the 48 hours of a new booking).
 */
export function holdsDateForGood(booking: BookingRecord): boolean {
  return holdsBooth(booking.status) && !waitsForAddress(booking);
}

/** The step that tells the quotes, when `after` holds a date for good that `before` did not (a new one, or a new date or booth). */
export function dateTakenSteps(before: BookingRecord | undefined, after: BookingRecord): FollowUp[] {
  if (!holdsDateForGood(after)) return [];
  if (before && holdsDateForGood(before) && before.eventDate === after.eventDate && before.boothType === after.boothType) return [];
  return [{ kind: "date-taken", eventDate: after.eventDate, boothType: after.boothType }];
}

/** The step that tells the crew, when `after` gave up the date `before` held (whoever let it go: the owner, the client, the schedule). */
export function crewSteps(before: BookingRecord | undefined, after: BookingRecord): FollowUp[] {
  return before && holdsBooth(before.status) && !holdsBooth(after.status) ? [{ kind: "crew" }] : [];
}

/** Where a step goes: a new booking's hold and use are confirmed first, their deadline running; then the PDF; then the rest as given. */
function rank(step: FollowUp): number {
  return step.kind === "confirm-hold" || step.kind === "confirm-promo" ? 0 : step.kind === "pdf" ? 1 : 2;
}

/**
 * The steps in the order they run: a new booking's confirmations, then the PDF, so a note they
 * leave on the copy (PDF NOT WRITTEN, BOOTH NOT HELD) goes to KV with the store that follows rather
 * than in a second write; and the index kept in step wherever the record is stored.
 */
function inOrder(given: readonly FollowUp[]): FollowUp[] {
  const steps = [...given].sort((a, b) => rank(a) - rank(b));
  if (steps.some((step) => step.kind === "index") || !steps.some((step) => step.kind === "store")) return steps;
  return [...steps, { kind: "index" }];
}

/** The storage entries that record `steps` to follow (the index's among them), numbered after those already waiting. */
export async function followUpEntries(storage: DurableObjectStorage, given: readonly FollowUp[]): Promise<Record<string, unknown>> {
  const steps = inOrder(given);
  const count = (await storage.get<number>(counterKey)) ?? 0;
  const entries: Record<string, unknown> = { [counterKey]: count + steps.length };
  steps.forEach((step, index) => {
    entries[`${prefix}${String(count + index).padStart(10, "0")}`] = { step, tries: 0 } satisfies Pending;
  });
  return entries;
}

/**
 * Steps that must wait for the copy to be stored first: the old key and the old hold go only once
 * the new ones are safe, and e-mails only once the record they were marked queued on is in KV (the
 * queue reads their state from it).
 */
const afterStore = new Set<FollowUp["kind"]>(["delete-key", "release-hold", "mails"]);

/** `storeFollows`: a store waits after this step, and writes whatever it changes on the copy to KV. */
async function run(deps: FollowUpDeps, step: FollowUp, storeFollows: boolean): Promise<void> {
  const { storage, services } = deps;
  const copy = (await storage.get<LedgerCopy>(copyKey))!;
  const { booking } = copy;
  switch (step.kind) {
    case "store":
      return storeBooking(services.kv, booking, copy.notes);
    case "index":
      return services.index.put([copy]);
    case "point-index":
      return pointInvoiceIndex(services.kv, booking.invoiceNumber, booking.eventDate);
    case "delete-key":
      return services.kv.delete(step.key);
    case "release-hold":
      return services.holds.release({ eventDate: step.eventDate, holdId: step.holdId });
    case "payment-intent":
      return services.kv.put(paymentIntentKey(step.paymentIntent), booking.invoiceNumber);
    case "pdf":
      return writePdf(deps, copy, storeFollows);
    case "mails":
      return queueFromLedger(deps, copy, step.mails);
    case "expire-checkouts":
      return expireCheckouts(deps.stripe, step.sessionIds);
    case "release-promo":
      return services.promoUses.release(step.code, step.useId);
    case "confirm-hold":
      return confirmHold(deps, copy, step.holdId, storeFollows);
    case "confirm-promo":
      return confirmPromo(deps, copy, step, storeFollows);
    case "date-taken":
      return services.dateTaken(step.eventDate, step.boothType);
    case "crew":
      return services.crewFollows(booking);
    case "quote-booked":
      return services.quotes.settle(step.quoteId, booking.invoiceNumber, booking.receivedAt);
  }
}

export const flagged = (notes: string, flag: string) => (notes.includes(flag) ? notes : `${notes}${flag}`);

/**
 * The owner's listing notes changed on the copy: written to KV by the store that follows, or here
 * when none does (a step tried again from the alarm), before the copy, so a write KV refused is
 * made again when the step is.
 */
async function withNotes({ storage, services }: FollowUpDeps, copy: LedgerCopy, notes: string, storeFollows: boolean): Promise<void> {
  if (notes === copy.notes) return;
  if (!storeFollows) await storeBooking(services.kv, copy.booking, notes);
  await storage.put(copyKey, { ...copy, notes } satisfies LedgerCopy);
}

/** Writes the PDF; while it cannot be, the owner's listing says so. */
async function writePdf(deps: FollowUpDeps, copy: LedgerCopy, storeFollows: boolean): Promise<void> {
  const written = await writeInvoicePdf(deps.services, copy.booking);
  await withNotes(deps, copy, written ? copy.notes.replaceAll(pdfNotWrittenNote, "") : flagged(copy.notes, pdfNotWrittenNote), storeFollows);
  if (!written) throw new Error(`the invoice PDF of ${copy.booking.invoiceNumber} was not written`);
}

/**
 * Makes a new booking's provisional hold its own for good, first thing after its ledger has it.
 * The order is chosen so that a stored booking never loses its hold (docs/product-decisions.md,
 * "What the books must always say"): the deadline (`PROVISIONAL_HOLD_SECONDS`) leaves room for this
 * step's tries from the alarm; past it, the holds object keeps a hold whose booking it finds in KV,
 * and gives it back only when KV does not show the booking yet. A confirm after that takes the
 * hold again if its booth and items are still free; if another booking took them meanwhile, this
 * booking stays as its client was told and the owner's listing says BOOTH NOT HELD, for the owner
 * to settle (both bookings are real; neither is silently dropped).
 */
async function confirmHold(deps: FollowUpDeps, copy: LedgerCopy, holdId: string, storeFollows: boolean): Promise<void> {
  const { booking } = copy;
  // A hold the booking has given up since (a move, a change of extras, a decline) is not taken back.
  if (booking.holdId !== holdId || !holdsBooth(booking.status)) return;
  const items = stockNeeded(extrasOf(booking));
  if (await deps.services.holds.confirm({ eventDate: booking.eventDate, holdId, boothType: booking.boothType as BoothType, items })) return;
  console.error(`BOOTH NOT HELD for ${booking.invoiceNumber}: its hold on ${booking.eventDate} was given back before its ledger confirmed it, and another booking holds its booth or an add-on since.`);
  await withNotes(deps, copy, flagged(copy.notes, boothNotHeldNote), storeFollows);
}

/** The same for the booking's use of its code: taken again within the code's limit, or the listing says CODE USE NOT COUNTED (the booking keeps the price it was given). */
async function confirmPromo(deps: FollowUpDeps, copy: LedgerCopy, { code, useId }: { code: string; useId: string }, storeFollows: boolean): Promise<void> {
  const { booking } = copy;
  if (booking.promoCode !== code || givesPromoUseBack(booking)) return;
  const limit = (await readPromo(deps.services.kv, code))?.uses ?? null;
  if (await deps.services.promoUses.confirm(code, useId, limit)) return;
  console.error(`CODE USE NOT COUNTED for ${booking.invoiceNumber}: its use of ${code} was given back before its ledger confirmed it, and the code is used up since.`);
  await withNotes(deps, copy, flagged(copy.notes, codeUseNotCountedNote), storeFollows);
}

/**
 * Puts the e-mails on the queue, leaving out any the copy shows sent (a step tried again). The
 * change marked them queued on the copy it stored, so nothing is written here.
 */
async function queueFromLedger({ services }: FollowUpDeps, { booking }: LedgerCopy, mails: Record<string, Mail>): Promise<void> {
  const messages = mailMessages(bookingKey(booking.eventDate, booking.invoiceNumber), mails);
  const toSend = messages.filter((message) => !isSent(booking.emailDelivery?.[message.name]));
  if (toSend.length) await sendToQueue(services.mailQueue, toSend);
}

async function expireCheckouts(stripe: Stripe | null, sessionIds: readonly string[]): Promise<void> {
  if (!stripe) return;
  for (const id of sessionIds) {
    const session = await stripe.checkout.sessions.retrieve(id);
    // Only an open session can be expired; a paid or expired one takes no payment anyway.
    if (session.status === "open") await stripe.checkout.sessions.expire(id);
  }
}

/** How many steps still wait (each failed at least once). */
export async function waitingFollowUps(storage: DurableObjectStorage): Promise<number> {
  return (await storage.list({ prefix })).size;
}

/**
 * Carries out every step waiting, in order. A failed step is kept with its error and tried again
 * from the alarm; the steps after it still run, except those that must wait for the store.
 * Returns how many tries the most tried step still waiting has had (0 when none waits).
 */
export async function runFollowUps(deps: FollowUpDeps): Promise<number> {
  const { storage } = deps;
  const waiting = await storage.list<Pending>({ prefix });
  let left = 0;
  let storeFailed = false;
  const entries = [...waiting];
  for (const [index, [key, pending]] of entries.entries()) {
    if (storeFailed && afterStore.has(pending.step.kind)) {
      left = Math.max(left, 1);
      continue;
    }
    try {
      await run(deps, pending.step, entries.slice(index + 1).some(([, later]) => later.step.kind === "store"));
      await storage.delete(key);
    } catch (error) {
      if (pending.step.kind === "store" || pending.step.kind === "point-index") storeFailed = true;
      const tries = pending.tries + 1;
      left = Math.max(left, tries);
      console.error(`Booking ledger: ${pending.step.kind} failed (try ${tries}), to be tried again:`, error);
      await storage.put(key, { ...pending, tries, lastError: String(error) } satisfies Pending);
    }
  }
  return left;
}
