/**
 * What must follow a change to a booking (docs/product-decisions.md, "What the books must always
 * say"), written into the ledger object's storage in the same put as the change, then carried out
 * by the object: at once, and from its alarm after any failure, until each step is done. Every step
 * can be made again with the same result, so a step cut short is simply made again; no caller ever
 * undoes what the ledger will finish.
 */
import type { BookingHolds } from "~/bookings/holds/holds.server";
import { pdfNotWrittenNote, writeInvoicePdf } from "~/bookings/invoice/invoice-file.server";
import { copyKey, type LedgerCopy } from "~/bookings/ledger/copy.server";
import type { Stripe } from "~/bookings/payments/stripe.server";
import { pointInvoiceIndex } from "~/bookings/numbers/invoice-registry.server";
import { storeBooking } from "~/bookings/record/record.server";
import { changedEntries, notesAfter } from "~/mail/deliveries.server";
import type { Mail } from "~/mail/message";
import { mailMessages, queuedChange, sendToQueue } from "~/mail/queue.server";
import { bookingKey, paymentIntentKey } from "~/storage-keys";
import type { Services } from "~/types/services";

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
  /** The invoice PDF of the copy as it is when the step runs. */
  | { kind: "pdf" }
  /** E-mails, by their names within the booking (each is queued once). */
  | { kind: "mails"; mails: Record<string, Mail> }
  /** Checkout Sessions that must no longer take a payment. */
  | { kind: "expire-checkouts"; sessionIds: string[] }
  /** The booking's use of a promo code, given back under the id it was claimed with (a second time gives nothing back). */
  | { kind: "release-promo"; code: string; useId: string };

interface Pending {
  step: FollowUp;
  tries: number;
  lastError?: string;
}

const prefix = "follow-up:";
const counterKey = "follow-up-count";

export interface FollowUpDeps {
  storage: DurableObjectStorage;
  services: Pick<Services, "kv" | "r2" | "config" | "fonts" | "mailQueue" | "now" | "index" | "promoUses"> & { holds: Pick<BookingHolds, "release"> };
  stripe: Stripe | null;
}

/** The steps, with the index kept in step wherever the record is stored (the mails step stores it too). */
function withIndex(steps: readonly FollowUp[]): FollowUp[] {
  if (steps.some((step) => step.kind === "index") || !steps.some((step) => step.kind === "store" || step.kind === "mails")) return [...steps];
  return [...steps, { kind: "index" }];
}

/** The storage entries that record `steps` to follow (the index's among them), numbered after those already waiting. */
export async function followUpEntries(storage: DurableObjectStorage, given: readonly FollowUp[]): Promise<Record<string, unknown>> {
  const steps = withIndex(given);
  const count = (await storage.get<number>(counterKey)) ?? 0;
  const entries: Record<string, unknown> = { [counterKey]: count + steps.length };
  steps.forEach((step, index) => {
    entries[`${prefix}${String(count + index).padStart(10, "0")}`] = { step, tries: 0 } satisfies Pending;
  });
  return entries;
}

/** Steps that must wait for the copy to be stored first: the old key and the old hold go only once the new ones are safe. */
const afterStore = new Set<FollowUp["kind"]>(["delete-key", "release-hold"]);

async function run(deps: FollowUpDeps, step: FollowUp): Promise<void> {
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
      return writePdf(deps, copy);
    case "mails":
      return queueFromLedger(deps, copy, step.mails);
    case "expire-checkouts":
      return expireCheckouts(deps.stripe, step.sessionIds);
    case "release-promo":
      return services.promoUses.release(step.code, step.useId);
  }
}

/** Writes the PDF; while it cannot be, the owner's listing says so. */
async function writePdf({ storage, services }: FollowUpDeps, copy: LedgerCopy): Promise<void> {
  const written = await writeInvoicePdf(services, copy.booking);
  const notes = written ? copy.notes.replaceAll(pdfNotWrittenNote, "") : copy.notes.includes(pdfNotWrittenNote) ? copy.notes : `${copy.notes}${pdfNotWrittenNote}`;
  if (notes !== copy.notes) {
    await storage.put(copyKey, { ...copy, notes } satisfies LedgerCopy);
    await storeBooking(services.kv, copy.booking, notes);
  }
  if (!written) throw new Error(`the invoice PDF of ${copy.booking.invoiceNumber} was not written`);
}

/**
 * Marks the e-mails queued on the copy (leaving any sent already) and puts them on the queue. The
 * e-mail state is changed here, not through the ledger's client, as this runs inside the object.
 */
async function queueFromLedger({ storage, services }: FollowUpDeps, copy: LedgerCopy, mails: Record<string, Mail>): Promise<void> {
  const recordKey = bookingKey(copy.booking.eventDate, copy.booking.invoiceNumber);
  const messages = mailMessages(recordKey, mails);
  const current = copy.booking.emailDelivery ?? {};
  const marked = changedEntries(current, queuedChange(messages, services.now().toISOString()));
  const toSend = messages.filter((message) => message.name in marked);
  if (!toSend.length) return;
  const deliveries = { ...current, ...marked };
  const updated: LedgerCopy = { booking: { ...copy.booking, emailDelivery: deliveries }, notes: notesAfter(copy.notes, deliveries) };
  await storage.put(copyKey, updated);
  await storeBooking(services.kv, updated.booking, updated.notes);
  await sendToQueue(services.mailQueue, toSend);
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
  for (const [key, pending] of waiting) {
    if (storeFailed && afterStore.has(pending.step.kind)) {
      left = Math.max(left, 1);
      continue;
    }
    try {
      await run(deps, pending.step);
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
