/**
 * What each operation on a booking's ledger decides, from the object's own copy, and what must
 * follow it. Nothing here writes to KV, R2, the holds or the queue except through follow-ups; the
 * one step taken before a change is stored is holding a booth for a move or a change of extras (a
 * claim the object writes down first and gives back if the change is not stored).
 */
import { amountsDue, type Payment, type Refund } from "~/bookings/record/amounts";
import { invoiceCalendarPath, invoicePath } from "~/bookings/record/addresses";
import { unprovedHoldEnds, waitsForAddress } from "~/bookings/record/address-proof";
import { billableOf } from "~/bookings/record/billable";
import { instalmentsPaid } from "~/bookings/record/payment-plan";
import type { BookingRecord } from "~/bookings/record/booking";
import { keptItsDate, type Transition } from "~/bookings/record/lifecycle";
import type {
  BankPaymentRequest,
  ClientChange,
  ClientChangeOutcome,
  ExtrasOutcome,
  ExtrasRequest,
  GalleryRequest,
  LedgerOperation,
  OffSessionOutcome,
  OffSessionReport,
  LedgerReading,
  MoveOutcome,
  MoveRequest,
  OpenedCheckout,
  PaidCheckout,
  ProofAnswerRequest,
  RecordOutcome,
  RefundMade,
  RefundOutcome,
  RefundRequest,
  RefundRequestOutcome,
  ReportedRefund,
  StatusChangeRequest,
  VoidRequest,
} from "~/bookings/record/ledger-protocol";
import { ownerPageAction } from "~/bookings/record/owner-links.server";
import { galleryPosted } from "~/bookings/record/photos";
import type { ProofUpload } from "~/bookings/record/proofs";
import { statusChanged } from "~/bookings/record/status-change.server";
import { blocksOn } from "~/bookings/holds/blocks.server";
import type { BookingHolds, ReleaseRequest } from "~/bookings/holds/holds.server";
import { holdRefusal } from "~/bookings/holds/refusal";
import { cancelledMails, movedMails, owedBackMail, refundFailedMail, refundMail } from "~/bookings/mails/change-mails.server";
import { paymentMails, receiptWithdrawnMail, restoredMail, statusMails } from "~/bookings/mails/mails.server";
import { photosMail } from "~/bookings/mails/photos-mails.server";
import { proofAnswerMail, proofReadyMail } from "~/bookings/mails/proof-mails.server";
import { clientChanged } from "~/bookings/changes/client-changes.server";
import { movedRecord, moveRefusal } from "~/bookings/changes/date-move.server";
import { changedExtras, extrasOf } from "~/bookings/changes/extras-change";
import { withDocumentsIssued } from "~/bookings/invoice/issued-documents";
import { extrasChangedMails } from "~/bookings/mails/extras-mails.server";
import { bankPaymentOn, lapseUndone, paymentOn, voidedOn } from "~/bookings/payments/payments.server";
import { offSessionOn } from "~/bookings/payments/off-session-payments.server";
import { autopayStoppedByBankMail, instalmentFailedMails } from "~/bookings/mails/autopay-mails.server";
import { autopayChanged, autopayOf, sameTry, triesQueued, withTry, type AutopayChange, type AutopayOutcome, type AutopayTriesOutcome, type AutopayTry, type TryAnswer, type TryGo } from "~/bookings/record/autopay";
import { tryKey } from "~/bookings/payments/autopay-charges.server";
import { declinedAnswer, declineOf } from "~/bookings/payments/autopay-declines";
import { proofAnswered, proofUploaded } from "~/bookings/proofs/proof-changes";
import { bankRefund, cardRefundPlan, owedBackCents, reportedOn, withRefund } from "~/bookings/payments/refund-record.server";
import type { Stripe } from "~/bookings/payments/stripe.server";
import { attemptKey, attemptPrefix, recordAttempt, withPlaceholders, type RefundAttempt } from "~/bookings/payments/refund-attempts.server";
import type { LedgerCopy } from "~/bookings/ledger/copy.server";
import { flagged, givesPromoUseBack, paidAfterLapseNote, waitingFollowUps, type FollowUp } from "~/bookings/ledger/follow-ups.server";
import { changedEntries, notesAfter, type DeliveryChange, type EmailDelivery } from "~/mail/deliveries.server";
import type { Mail } from "~/mail/message";
import { mailMessages, queuedChange } from "~/mail/queue.server";
import { stockNeeded } from "~/prices/extras";
import type { BoothType } from "~/pricing";
import { bookingKey } from "~/storage-keys";
import { setAlarmBy } from "~/utils/durable-alarm";
import { melbourneToday } from "~/utils/melbourne-time";
import type { Services } from "~/types/services";

export interface LedgerDeps {
  storage: DurableObjectStorage;
  services: Pick<Services, "kv" | "generations" | "config" | "now"> & { holds: Pick<BookingHolds, "hold" | "release"> };
  stripe: Stripe | null;
}

/** An operation's answer, and the change to store with what must follow it (none when nothing changed); `later` when the follow-ups may wait until after the answer. */
export interface Decision {
  answer: unknown;
  /** `entries`: more of the object's storage written in the same put as the change. */
  change?: { copy: LedgerCopy; followUps: FollowUp[]; later?: true; entries?: Record<string, unknown> };
  /** A card refund attempt whose Stripe calls the object makes next, outside its one-at-a-time section. */
  call?: RefundAttempt;
}

const checkoutPrefix = "checkout:";
/** A booth held for a move that is not stored yet: given back if the object stops before storing it. */
export const claimKey = "claim";

type Deps = LedgerDeps;

/**
 * Writes down a booth about to be held for a change, with the alarm that gives it back should the
 * change never be stored (the object stopped, or the holds' answer was lost on the way): nothing
 * else may ask this booking anything again for a long time.
 */
async function writeClaim({ storage, services }: Deps, claim: ReleaseRequest): Promise<void> {
  await storage.put(claimKey, claim);
  await setAlarmBy(storage, Date.now() + services.config.LEDGER_RETRY_SECONDS * 1000);
}

const pageUrl = ({ services }: Deps, booking: BookingRecord) => `${services.config.SITE_ORIGIN}${invoicePath(booking.invoiceNumber, booking.invoiceSecret)}`;
const parties = ({ services }: Deps) => ({ ownerEmail: services.config.OWNER_EMAIL });

/** The owner's page of the booking, handed over when money is owed back: it refunds by card or records a bank refund. */
async function refundLink(deps: Deps, booking: BookingRecord) {
  if (!owedBackCents(booking)) return null;
  const [link] = await ownerPageAction(deps.services, booking.invoiceNumber);
  return link ?? null;
}

/** The Checkout Sessions started for the booking and not paid: none may take a payment once the booking no longer asks for it. */
async function openCheckouts(storage: DurableObjectStorage): Promise<string[]> {
  return [...(await storage.list<OpenedCheckout>({ prefix: checkoutPrefix })).values()].map((checkout) => checkout.sessionId);
}

/** The storage entries a change forgets: the sessions it expires. */
export function forgottenCheckouts(followUps: readonly FollowUp[]): string[] {
  return followUps.flatMap((step) => (step.kind === "expire-checkouts" ? step.sessionIds.map((id) => `${checkoutPrefix}${id}`) : []));
}

const changed = (booking: BookingRecord, notes: string, followUps: FollowUp[]) => ({ copy: { booking, notes }, followUps });

async function payment(deps: Deps, { booking, notes }: LedgerCopy, paid: PaidCheckout): Promise<Decision> {
  const recorded = paymentOn(booking, paid, deps.services.now().toISOString());
  if (!recorded) return { answer: { status: "already-recorded" } satisfies RecordOutcome };
  const { booking: next, payment: made } = recorded;
  if (made.mismatch) console.warn(`PAYMENT MISMATCH on ${next.invoiceNumber}: ${made.mismatch}`);
  const mails = paymentMails(next, made, amountsDue(billableOf(next)), pageUrl(deps, next), parties(deps), await refundLink(deps, next));
  await deps.storage.delete(`${checkoutPrefix}${made.sessionId}`);
  // Stripe's webhook waits on this answer alone (issue 59): KV, the PDF, the e-mails and the quotes told follow it, from the alarm.
  return {
    answer: { status: "recorded", booking: next, payment: made } satisfies RecordOutcome,
    change: {
      ...changed(next, notes, [
        { kind: "store" },
        ...(made.paymentIntent ? [{ kind: "payment-intent", paymentIntent: made.paymentIntent } as const] : []),
        { kind: "mails", mails: { [`receipt-${made.sessionId}`]: mails.visitor, [`payment-${made.sessionId}`]: mails.owner } },
        { kind: "pdf" },
      ]),
      later: true,
    },
  };
}

/**
 * An off-session instalment Stripe is processing or that failed: kept on the booking, once, and
 * nothing once it is paid. A PayTo debit that was processing and fails days later is its try's
 * answer then, a failure as any other (a bank's no is never soft: autopay stops, client and owner
 * told once); one the consumer never saw processing (a pending payment of it) stops autopay too.
 */
async function offSession(deps: Deps, { booking, notes }: LedgerCopy, report: OffSessionReport): Promise<Decision> {
  const next = offSessionOn(booking, report);
  if (!next) return { answer: { status: "already-recorded" } satisfies OffSessionOutcome };
  const answer = { status: "recorded" } satisfies OffSessionOutcome;
  if (report.status !== "failed") return { answer, change: changed(next, notes, [{ kind: "store" }]) };
  const { paymentIntent, instalment } = report;
  const late = next.autopayTries?.find((one) => one.answer?.status === "processing" && one.answer.paymentIntent === paymentIntent);
  if (late) {
    const failed = declinedAnswer(declineOf({ code: report.code, decline_code: report.declineCode }), paymentIntent, late.tryNumber, report.at);
    const kept = await tryAnswered(deps, next, late, failed);
    return { answer, change: changed(kept.booking, notes, kept.followUps) };
  }
  if (!booking.pendingPayments?.some((pending) => pending.paymentIntent === paymentIntent)) return { answer, change: changed(next, notes, [{ kind: "store" }]) };
  const stopped = autopayChanged(next, { kind: "off", why: "last-try", at: report.at }) ?? next;
  const told = await instalmentFailedFollowUp(deps, stopped, { instalment, amountCents: report.amountCents, code: report.code, again: false });
  return { answer, change: changed(stopped, notes, [{ kind: "store" }, told]) };
}

/** The client's and the owner's e-mails of an instalment's failure, named by the instalment so each goes once; the owner's links their page of the booking. */
async function instalmentFailedFollowUp(deps: Deps, booking: BookingRecord, failed: Parameters<typeof instalmentFailedMails>[1]): Promise<FollowUp> {
  const ownerPage = await ownerPageAction(deps.services, booking.invoiceNumber);
  const mails = instalmentFailedMails(booking, failed, pageUrl(deps, booking), ownerPage, parties(deps));
  return { kind: "mails", mails: { [`autopay-failed-${failed.instalment}`]: mails.visitor, [`autopay-failed-${failed.instalment}-owner`]: mails.owner } };
}

/** Autopay turned on or off, once; the client is told when their bank's app stopped it. */
function autopay(deps: Deps, { booking, notes }: LedgerCopy, change: AutopayChange): Decision {
  const next = autopayChanged(booking, change);
  if (!next) return { answer: { status: "same" } satisfies AutopayOutcome };
  const told = change.kind === "off" && change.why === "mandate-inactive";
  const mails = told ? [{ kind: "mails", mails: { [`autopay-stopped-${change.at}`]: autopayStoppedByBankMail(next, pageUrl(deps, next), parties(deps)) } } as const] : [];
  return { answer: { status: "changed", before: autopayOf(booking) } satisfies AutopayOutcome, change: changed(next, notes, [{ kind: "store" }, ...mails]) };
}

/** Tries the schedule queued, each kept once. */
function autopayQueued({ booking, notes }: LedgerCopy, tries: AutopayTry[]): Decision {
  const next = triesQueued(booking, tries);
  const answer = { status: "recorded", tries: (next ?? booking).autopayTries ?? [] } satisfies AutopayTriesOutcome;
  return next ? { answer, change: changed(next, notes, [{ kind: "store" }]) } : { answer };
}

/**
 * Before an autopay try is charged: only while the booking keeps its date, autopay is on, the try
 * was queued and its instalment is still short. The try's id is stored before the answer, so Stripe
 * is never called for a try the ledger has not written down; a try with an id and no answer was
 * maybe made (its answer lost) and is looked up, under the same idempotency key.
 */
function autopayTry({ booking, notes }: LedgerCopy, one: { instalment: number; tryNumber: number }): Decision {
  const consent = autopayOf(booking);
  const kept = booking.autopayTries?.find((queued) => sameTry(queued, one));
  const standing = instalmentsPaid(billableOf(booking))[one.instalment - 1];
  const why = !keptItsDate(booking.status) ? `the booking is ${booking.status}` : !consent ? "autopay is off" : !kept ? "the try was never queued" : kept.answer ? `the try was ${kept.answer.status}` : !standing?.shortCents ? "the instalment is paid" : null;
  if (why || !consent || !kept) return { answer: { status: "no", why: why ?? "" } satisfies TryGo };
  if (kept.tryId) return { answer: { status: "look-up", tryId: kept.tryId, consent } satisfies TryGo };
  const tryId = tryKey({ invoiceNumber: booking.invoiceNumber, ...one });
  return { answer: { status: "go", tryId, consent } satisfies TryGo, change: changed(withTry(booking, one, { tryId })!, notes, [{ kind: "store" }]) };
}

/** A kept try with its answer; a failure not tried again stops autopay (the instalment is then owed as any overdue payment). */
async function tryAnswered(deps: Deps, booking: BookingRecord, kept: AutopayTry, answer: TryAnswer): Promise<{ booking: BookingRecord; followUps: FollowUp[] }> {
  const answered = withTry(booking, kept, { answer })!;
  const failed = answer.status === "declined" || answer.status === "refused";
  const next = failed && !answer.again ? (autopayChanged(answered, { kind: "off", why: "last-try", at: answer.at }) ?? answered) : answered;
  // Client and owner are told of an instalment's failure once, at its first try: the e-mails' names are the instalment's.
  const told = failed && kept.tryNumber === 1;
  const sent = told ? [await instalmentFailedFollowUp(deps, next, { instalment: kept.instalment, amountCents: kept.amountCents, code: answer.code, again: !!answer.again })] : [];
  return { booking: next, followUps: [{ kind: "store" }, ...sent] };
}

/**
 * A PayTo debit's `processing` as the consumer tells it, or the failure Stripe's event told the
 * ledger first: the events may come before the consumer's own answer, and the bank's later word
 * stands whatever the order.
 */
function laterWord(booking: BookingRecord, tryNumber: number, answer: TryAnswer): TryAnswer {
  const failed = answer.status === "processing" ? booking.failedPayments?.find((one) => one.paymentIntent === answer.paymentIntent) : undefined;
  return failed ? declinedAnswer(declineOf({ code: failed.code, decline_code: failed.declineCode }), failed.paymentIntent, tryNumber, failed.at) : answer;
}

/** Stripe's answer to a try, kept once. */
async function autopayAnswer(deps: Deps, { booking, notes }: LedgerCopy, one: { instalment: number; tryNumber: number }, answer: TryAnswer): Promise<Decision> {
  const kept = booking.autopayTries?.find((queued) => sameTry(queued, one));
  if (!kept || kept.answer) return { answer: null };
  const { booking: next, followUps } = await tryAnswered(deps, booking, kept, laterWord(booking, kept.tryNumber, answer));
  return { answer: null, change: changed(next, notes, followUps) };
}

/**
 * A bank transfer or PayID payment the owner recorded: counted like a card payment (receipt, the
 * owner's note, the PDF). What is owing changed, so a Checkout Session for the old amount must not
 * be paid.
 */
async function bankPayment(deps: Deps, { booking, notes }: LedgerCopy, request: BankPaymentRequest): Promise<Decision> {
  const recorded = bankPaymentOn(booking, request);
  if (!recorded) return { answer: { status: "already-recorded" } satisfies RecordOutcome };
  const { payment: made } = recorded;
  const restored = await lapseUndoneHeld(deps, recorded.booking, made, request.at);
  const next = restored?.booking ?? recorded.booking;
  if (made.mismatch) console.warn(`PAYMENT MISMATCH on ${next.invoiceNumber}: ${made.mismatch}`);
  const mails = paymentMails(next, made, amountsDue(billableOf(next)), pageUrl(deps, next), parties(deps), await refundLink(deps, next));
  return {
    answer: { status: "recorded", booking: next, payment: made } satisfies RecordOutcome,
    change: changed(next, restored?.dateGone ? flagged(notes, paidAfterLapseNote) : notes, [
      { kind: "store" },
      { kind: "expire-checkouts", sessionIds: await openCheckouts(deps.storage) },
      // Received by the day the client withdrew, it makes the withdrawal a cancellation after a payment, which keeps its code's use.
      ...promoTakenAgain(booking, next),
      {
        kind: "mails",
        mails: {
          [`receipt-${made.sessionId}`]: mails.visitor,
          [`payment-${made.sessionId}`]: mails.owner,
          ...(restored && !restored.dateGone ? { [`restored-${made.sessionId}`]: restoredMail(next, made, pageUrl(deps, next), parties(deps)) } : {}),
        },
      },
      { kind: "pdf" },
    ]),
  };
}

/**
 * A booking let go for want of a payment that had in fact arrived in time is put back
 * (`lapseUndone`), its booth and stock held again on its date first. When they are gone, it stays
 * expired with the payment owed back, and `dateGone` marks it for the owner's listing and morning
 * e-mail, which say what was paid and the choices: a refund, or a move to a free date.
 */
async function lapseUndoneHeld(deps: Deps, booking: BookingRecord, payment: Payment, at: string): Promise<{ booking: BookingRecord; dateGone: boolean } | null> {
  const undone = lapseUndone(booking, payment, at);
  if (!undone) return null;
  const claim = { eventDate: booking.eventDate, holdId: crypto.randomUUID() };
  await writeClaim(deps, claim);
  const held = await deps.services.holds.hold({ ...claim, boothType: booking.boothType as BoothType, items: stockNeeded(extrasOf(booking)), blocks: await blocksOn(deps.services.kv, booking.eventDate) });
  if (held.held) return { booking: { ...undone, holdId: claim.holdId }, dateGone: false };
  await deps.storage.delete(claimKey);
  console.warn(`PAID AFTER IT LAPSED on ${booking.invoiceNumber}: its date is no longer free (${holdRefusal(booking.eventDate, booking.boothType as BoothType, held)}).`);
  return { booking, dateGone: true };
}

/** A booking that gave its code's use back and no longer does takes it again (flagged for the owner when the code is used up since). */
function promoTakenAgain(before: BookingRecord, after: BookingRecord): FollowUp[] {
  return after.promoCode && givesPromoUseBack(before) && !givesPromoUseBack(after) ? [{ kind: "confirm-promo", code: after.promoCode, useId: after.promoUseId ?? after.holdId }] : [];
}

/**
 * A mistyped bank payment taken out of every figure and kept with its reason, the booking decided
 * again without it; what is owing changed, so open sessions are expired. The client is told its
 * receipt is withdrawn, and a booking that now lapsed or was withdrawn gives its code's use back.
 */
async function voidPayment(deps: Deps, { booking, notes }: LedgerCopy, request: VoidRequest): Promise<Decision> {
  const outcome = voidedOn(booking, request);
  if (outcome.kind !== "voided") return { answer: outcome };
  const next = outcome.record;
  console.log(`Booking ${booking.invoiceNumber}'s bank payment ${request.paymentId} voided: ${request.reason}${next.status === booking.status ? "" : ` (now ${next.status})`}`);
  const withdrawn = receiptWithdrawnMail(next, outcome.payment, amountsDue(billableOf(next)), pageUrl(deps, next), parties(deps));
  // A booking that lapsed without the payment gives its date up; one withdrawn by it now gives its code's use back.
  const followUps: FollowUp[] = keptItsDate(next.status)
    ? [{ kind: "expire-checkouts", sessionIds: await openCheckouts(deps.storage) }, { kind: "pdf" }]
    : keptItsDate(booking.status)
      ? await givenUp(deps, next)
      : [...(givesPromoUseBack(booking) ? [] : promoGivenBack(next)), { kind: "expire-checkouts", sessionIds: await openCheckouts(deps.storage) }, { kind: "pdf" }];
  return {
    answer: outcome,
    change: changed(next, notes, [{ kind: "store" }, ...followUps, { kind: "mails", mails: { [`receipt-withdrawn-${outcome.payment.sessionId}`]: withdrawn } }]),
  };
}

/** The owner's note for the event's day: the same text again changes nothing; a new one keeps the one it replaces. */
function dayNote({ booking, notes }: LedgerCopy, { text, at }: { text: string; at: string }): Decision {
  const before = booking.dayNote;
  if ((before?.text ?? "") === text) return { answer: booking };
  const earlier = before?.text ? [...(before.earlier ?? []), { text: before.text, at: before.at }] : before?.earlier;
  const next: BookingRecord = { ...booking, dayNote: { text, at, ...(earlier?.length ? { earlier } : {}) } };
  return { answer: next, change: changed(next, notes, [{ kind: "store" }]) };
}

/** A cancellation's e-mails, by the client or the owner: the figures to both, and to the owner the signed Refund link when money is owed back. */
async function cancellationMails(deps: Deps, booking: BookingRecord): Promise<Record<string, Mail>> {
  const { visitor, owner } = cancelledMails(booking, booking.cancellation!, { page: pageUrl(deps, booking), refund: await refundLink(deps, booking) }, parties(deps));
  return { cancelled: visitor, "cancelled-owner": owner };
}

/** A booking declined, expired or withdrawn with nothing paid gives its code's use back; one cancelled after a payment keeps it (docs/operations.md, "Promo codes"). */
function promoGivenBack(booking: BookingRecord): FollowUp[] {
  return booking.promoCode && givesPromoUseBack(booking) ? [{ kind: "release-promo", code: booking.promoCode, useId: booking.promoUseId ?? booking.holdId }] : [];
}

/** A new booking's hold and its code's use were taken provisional by the request (workers/booking-holds.ts): now that its ledger has it, they are its own. */
function confirmed(booking: BookingRecord): FollowUp[] {
  return [{ kind: "confirm-hold", holdId: booking.holdId }, ...(booking.promoCode ? [{ kind: "confirm-promo", code: booking.promoCode, useId: booking.promoUseId ?? booking.holdId } as const] : [])];
}

/** What follows a booking giving up its date: the hold, its code's use when it gives that back, Checkout Sessions that would take money for it, the PDF. */
async function givenUp(deps: Deps, booking: BookingRecord): Promise<FollowUp[]> {
  return [
    { kind: "release-hold", eventDate: booking.eventDate, holdId: booking.holdId },
    ...promoGivenBack(booking),
    { kind: "expire-checkouts", sessionIds: await openCheckouts(deps.storage) },
    { kind: "pdf" },
  ];
}

async function status(deps: Deps, { booking, notes }: LedgerCopy, request: StatusChangeRequest): Promise<Decision> {
  const result = statusChanged(booking, request);
  if (result.kind !== "changed") return { answer: result };
  const next = result.record;
  const { to } = request;
  console.log(`Booking ${next.invoiceNumber} is now ${to} (was ${result.from}; by the ${request.by}).`);
  const urls = { invoice: pageUrl(deps, next), calendar: `${deps.services.config.SITE_ORIGIN}${invoiceCalendarPath(next.invoiceNumber, next.invoiceSecret)}` };
  const ownerActions = to === "confirmed" ? await ownerPageAction(deps.services, next.invoiceNumber) : [];
  const mails = to === "requested" || to === "completed" ? {} : to === "cancelled" ? await cancellationMails(deps, next) : statusMails(next, to, { ...urls, ownerActions }, parties(deps));
  // Declined or expired, it bills nothing: whatever was paid goes back, and the owner is handed the Refund link.
  const refund = to === "cancelled" ? null : await refundLink(deps, next);
  if (refund) mails[`${to}-refund-owner`] = owedBackMail(next, urls.invoice, refund, parties(deps), owedBackCents(next));
  return {
    answer: result,
    change: changed(next, notes, [{ kind: "store" }, ...(keptItsDate(next.status) ? [] : await givenUp(deps, next)), { kind: "mails", mails }]),
  };
}

/**
 * The end of the hold of a booking whose address is not proved, nothing paid and not confirmed by
 * the owner (address-proof.ts): it expires as the 7-day expiry does, giving its booth, its code's
 * use and its Checkout Sessions back and e-mailing the client. Anything else is left as it is.
 */
function holdEnds(deps: Deps, copy: LedgerCopy, { invoiceNumber, at }: { invoiceNumber: string; at: string }): Promise<Decision> | Decision {
  const { booking } = copy;
  if (!waitsForAddress(booking)) return { answer: { kind: "refused", record: booking, reason: "Its address is proved, it is paid or the owner confirmed it: it keeps its date." } satisfies Transition<BookingRecord> };
  if (Date.parse(at) < unprovedHoldEnds(booking).getTime()) return { answer: { kind: "refused", record: booking, reason: "Its hold has not ended yet." } satisfies Transition<BookingRecord> };
  return status(deps, copy, { invoiceNumber, to: "expired", by: "schedule", at });
}

function deliveries({ booking, notes }: LedgerCopy, change: DeliveryChange): Decision {
  const current = booking.emailDelivery ?? {};
  const entries: EmailDelivery = changedEntries(current, change);
  if (!Object.keys(entries).length) return { answer: entries };
  const emailDelivery = { ...current, ...entries };
  return { answer: entries, change: changed({ ...booking, emailDelivery }, notesAfter(notes, emailDelivery), [{ kind: "store" }]) };
}

async function client(deps: Deps, { booking, notes }: LedgerCopy, change: ClientChange): Promise<Decision> {
  const outcome: ClientChangeOutcome = clientChanged(booking, change);
  if (outcome.kind !== "changed") return { answer: outcome };
  const next = outcome.record;
  if (change.kind !== "cancel") return { answer: outcome, change: changed(next, notes, [{ kind: "store" }]) };
  console.log(`Booking ${next.invoiceNumber} cancelled by the client (${next.cancellation!.stage}).`);
  return { answer: outcome, change: changed(next, notes, [{ kind: "store" }, ...(await givenUp(deps, next)), { kind: "mails", mails: await cancellationMails(deps, next) }]) };
}

async function move(deps: Deps, { booking, notes }: LedgerCopy, request: MoveRequest): Promise<Decision> {
  const reason = moveRefusal(booking, request);
  if (reason) return { answer: { kind: "refused", record: booking, reason } satisfies MoveOutcome };
  const { storage, services } = deps;
  const boothType = booking.boothType as BoothType;
  const claim = { eventDate: request.to, holdId: crypto.randomUUID() };
  // Written down before the booth is held, so a claim never outlives an object that stopped before storing the move.
  await writeClaim(deps, claim);
  // The add-ons and backdrop go with the booth: the move is refused, nothing changed, unless all are free on the new date.
  const items = stockNeeded(extrasOf(booking));
  const held = await services.holds.hold({ ...claim, boothType, items, blocks: await blocksOn(services.kv, request.to) });
  if (!held.held) {
    await storage.delete(claimKey);
    return { answer: { kind: "refused", record: booking, reason: holdRefusal(request.to, boothType, held) } satisfies MoveOutcome };
  }
  const next = movedRecord(booking, request, claim.holdId);
  const { visitor, owner } = movedMails(next, booking.eventDate, pageUrl(deps, next), parties(deps));
  console.log(`Booking ${next.invoiceNumber} moved by the client from ${booking.eventDate} to ${request.to}.`);
  const moveNumber = next.moves!.length;
  return {
    answer: { kind: "moved", record: next, before: booking } satisfies MoveOutcome,
    change: changed(next, notes, [
      { kind: "store" },
      { kind: "point-index" },
      { kind: "delete-key", key: bookingKey(booking.eventDate, booking.invoiceNumber) },
      { kind: "release-hold", eventDate: booking.eventDate, holdId: booking.holdId },
      // The due dates follow the new date: a session for the old amounts must not be paid.
      { kind: "expire-checkouts", sessionIds: await openCheckouts(storage) },
      { kind: "pdf" },
      // Named by the move's number (and its date): each move's e-mails are queued once, a move back to a date held before included.
      { kind: "mails", mails: { [`moved-${moveNumber}-${request.to}`]: visitor, [`moved-${moveNumber}-${request.to}-owner`]: owner } },
    ]),
  };
}

async function extras(deps: Deps, { booking, notes }: LedgerCopy, request: ExtrasRequest): Promise<Decision> {
  const at = new Date(request.at);
  const result = changedExtras(booking, request.extras, at, melbourneToday(at));
  if (result.kind === "refused") return { answer: { kind: "refused", record: booking, reason: result.reason } satisfies ExtrasOutcome };
  if (result.kind === "same") return { answer: { kind: "same", record: booking } satisfies ExtrasOutcome };
  const { storage, services } = deps;
  const boothType = booking.boothType as BoothType;
  // The booth and the new extras are held afresh on the same date in one step, the booking's own hold not counted against them (as a move claims its new date).
  const claim = { eventDate: booking.eventDate, holdId: crypto.randomUUID() };
  await writeClaim(deps, claim);
  const items = stockNeeded(extrasOf(result.record));
  const held = await services.holds.hold({ ...claim, boothType, items, replacing: booking.holdId, blocks: await blocksOn(services.kv, booking.eventDate) });
  if (!held.held) {
    await storage.delete(claimKey);
    return { answer: { kind: "refused", record: booking, reason: holdRefusal(booking.eventDate, boothType, held) } satisfies ExtrasOutcome };
  }
  const next: BookingRecord = { ...result.record, holdId: claim.holdId };
  const change = next.extrasChanges!.at(-1)!;
  const { visitor, owner } = extrasChangedMails(next, change, { page: pageUrl(deps, next), refund: await refundLink(deps, next) }, parties(deps));
  console.log(`Booking ${next.invoiceNumber}'s extras changed by the client (${change.differenceCents} cents).`);
  const number = next.extrasChanges!.length;
  return {
    answer: { kind: "changed", record: next, before: booking } satisfies ExtrasOutcome,
    change: changed(next, notes, [
      { kind: "store" },
      { kind: "release-hold", eventDate: booking.eventDate, holdId: booking.holdId },
      // What is owing changed: a session for the old amount must not be paid.
      { kind: "expire-checkouts", sessionIds: await openCheckouts(storage) },
      { kind: "pdf" },
      { kind: "mails", mails: { [`extras-${number}`]: visitor, [`extras-${number}-owner`]: owner } },
    ]),
  };
}

/** Card refund attempts Stripe's answer to is not recorded yet (asked now, or looked up next). */
async function openAttempts(storage: DurableObjectStorage): Promise<number> {
  return [...(await storage.list<RefundAttempt>({ prefix: attemptPrefix })).values()].filter((attempt) => !attempt.outcome).length;
}

/** What an attempt came to, answered again to a replay of the same press. */
function attemptAnswer(booking: BookingRecord, attempt: RefundAttempt): RefundRequestOutcome {
  if (!attempt.outcome) return { kind: "refused", record: booking, reason: "This refund is being made at Stripe right now: open the link again in a minute to see how it went." };
  const { refundIds, shortCents } = attempt.outcome;
  const refunds = (booking.refunds ?? []).filter((refund) => refundIds.includes(refund.id));
  return { kind: "refunded", record: booking, refunds, shortCents };
}

/** The e-mails of refunds already done (a pending card refund's follows when Stripe says it succeeded). */
function refundMails(deps: Deps, booking: BookingRecord, made: readonly Refund[]): Record<string, Mail> {
  return Object.fromEntries(made.filter((one) => !one.pending).map((one) => [`refund-${one.id}`, refundMail(booking, one, pageUrl(deps, booking), parties(deps))]));
}

/**
 * A press of a Refund button. A bank transfer is recorded at once. A card refund is written down
 * as an attempt, its amounts counted as pending, and the Stripe calls are made by the object
 * outside its one-at-a-time section (`call`), then recorded by `refundMade`.
 */
async function refund(deps: Deps, { booking, notes }: LedgerCopy, request: RefundRequest): Promise<Decision> {
  const earlier = await deps.storage.get<RefundAttempt>(attemptKey(request.attempt));
  if (earlier) return { answer: attemptAnswer(booking, earlier) };
  if (!owedBackCents(booking)) return { answer: { kind: "nothing", record: booking } satisfies RefundRequestOutcome };
  if (request.method === "bank") {
    const made = bankRefund(booking, request.at, request.attempt, !!deps.stripe);
    if (!made) return { answer: { kind: "refused", record: booking, reason: "The card payments can give back all that is owed: refund it by card." } satisfies RefundRequestOutcome };
    const next = withRefund(booking, made).booking;
    const attempt: RefundAttempt = { id: request.attempt, at: request.at, plan: [], outcome: { refundIds: [made.id], shortCents: 0 } };
    return {
      answer: { kind: "refunded", record: next, refunds: [made] } satisfies RefundRequestOutcome,
      change: { ...changed(next, notes, [{ kind: "store" }, { kind: "pdf" }, { kind: "mails", mails: refundMails(deps, next, [made]) }]), entries: { [attemptKey(attempt.id)]: attempt } },
    };
  }
  if (!deps.stripe) return { answer: { kind: "refused", record: booking, reason: "Card refunds need Stripe's secret key: refund by bank transfer instead." } satisfies RefundRequestOutcome };
  const plan = cardRefundPlan(booking);
  if (typeof plan === "string") return { answer: { kind: "refused", record: booking, reason: plan } satisfies RefundRequestOutcome };
  const attempt: RefundAttempt = { id: request.attempt, at: request.at, plan };
  return {
    answer: null,
    change: { ...changed(withPlaceholders(booking, attempt), notes, [{ kind: "store" }]), entries: { [attemptKey(attempt.id)]: attempt } },
    call: attempt,
  };
}

/** Stripe's answers to an attempt, recorded once (by the press that made it, or by the alarm after the object stopped). */
async function refundMade(deps: Deps, { booking, notes }: LedgerCopy, { attempt: id, results }: RefundMade): Promise<Decision> {
  const attempt = await deps.storage.get<RefundAttempt>(attemptKey(id));
  if (!attempt) return { answer: { kind: "refused", record: booking, reason: "No such refund was asked for." } satisfies RefundRequestOutcome };
  if (attempt.outcome) return { answer: attemptAnswer(booking, attempt) };
  const { booking: next, made, shortCents, unsureCents, unsure } = recordAttempt(booking, attempt, results, deps.services.now().toISOString());
  const sofar = { refundIds: [...(attempt.recorded?.refundIds ?? []), ...made.map((one) => one.id)], shortCents: (attempt.recorded?.shortCents ?? 0) + shortCents };
  const { unsure: _asked, recorded: _sofar, ...plain } = attempt;
  const done: RefundAttempt = unsure.length ? { ...plain, unsure, recorded: sofar } : { ...plain, outcome: sofar };
  // Answers Stripe may have given without the site hearing them are looked up by the alarm (refund-attempts.server.ts).
  if (unsure.length) await setAlarmBy(deps.storage, Date.now() + deps.services.config.LEDGER_RETRY_SECONDS * 1000);
  const answer: RefundRequestOutcome =
    made.length || unsureCents
      ? { kind: "refunded", record: next, refunds: made, shortCents, unsureCents }
      : { kind: "refused", record: next, reason: "Stripe could not make the refund just now, so nothing was refunded: try again in a minute." };
  return {
    answer,
    change: { ...changed(next, notes, [{ kind: "store" }, { kind: "pdf" }, { kind: "mails", mails: refundMails(deps, next, made) }]), entries: { [attemptKey(id)]: done } },
  };
}

async function reportRefund(deps: Deps, { booking, notes }: LedgerCopy, reported: ReportedRefund): Promise<Decision> {
  // Refunded before its payment is recorded, it would count as given back what the books never had: Stripe tells it again once the payment's event is in.
  if (!booking.payments?.some((payment) => payment.paymentIntent === reported.paymentIntent)) return { answer: { kind: "payment-unknown", record: booking } satisfies RefundOutcome };
  const news = reportedOn(booking, reported, deps.services.now().toISOString());
  if (!news) return { answer: { kind: "already", record: booking } satisfies RefundOutcome };
  const next = news.booking;
  if (news.refund.mismatch) console.warn(`REFUND MISMATCH on ${next.invoiceNumber}: ${news.refund.mismatch}`);
  const mails: Record<string, Mail> =
    news.news === "succeeded"
      ? { [`refund-${news.refund.id}`]: refundMail(next, news.refund, pageUrl(deps, next), parties(deps)) }
      : news.news === "failed"
        ? { [`refund-failed-${news.refund.id}`]: refundFailedMail(next, news.refund, pageUrl(deps, next), await refundLink(deps, next), parties(deps)) }
        : {};
  return {
    answer: { kind: "recorded", record: next, refund: news.refund } satisfies RefundOutcome,
    change: changed(next, notes, [{ kind: "store" }, { kind: "pdf" }, { kind: "mails", mails }]),
  };
}

/**
 * Remembers a session started for what the booking owes now, so a later change can expire it. One
 * started from the booking as it was before a change (another tab, a change made while Stripe was
 * asked, KV a minute behind) asks for what is no longer owing: it is expired at once, never
 * remembered, and must take nothing.
 */
async function checkout({ storage }: Deps, { booking, notes }: LedgerCopy, opened: OpenedCheckout): Promise<Decision> {
  const owing = amountsDue(billableOf(booking)).owingNow;
  if (owing?.kind === opened.kind && owing.amountCents === opened.amountCents) {
    await storage.put(`${checkoutPrefix}${opened.sessionId}`, opened);
    return { answer: true };
  }
  // Stored: expiring it moves the booking's checkout round on (see `completed`), so its key, should the booking owe the same again, makes a new one.
  return { answer: false, change: changed(booking, notes, [{ kind: "store" }, { kind: "expire-checkouts", sessionIds: [opened.sessionId] }]) };
}

/** A new version of the print design: the client is e-mailed it, once per version. */
function proofUpload(deps: Deps, { booking, notes }: LedgerCopy, upload: ProofUpload): Decision {
  const outcome = proofUploaded(booking, upload);
  if (outcome.kind !== "changed") return { answer: outcome };
  const mail = proofReadyMail(outcome.record, outcome.proof, pageUrl(deps, outcome.record), parties(deps));
  return { answer: outcome, change: changed(outcome.record, notes, [{ kind: "store" }, { kind: "mails", mails: { [`proof-${outcome.proof.version}`]: mail } }]) };
}

/** The client's answer to a version: the owner is e-mailed it once, with the link to upload the next version. */
async function proofAnswer(deps: Deps, { booking, notes }: LedgerCopy, request: ProofAnswerRequest): Promise<Decision> {
  const outcome = proofAnswered(booking, request);
  if (outcome.kind !== "changed") return { answer: outcome };
  const [upload] = await ownerPageAction(deps.services, booking.invoiceNumber);
  const mail = proofAnswerMail(outcome.record, outcome.proof, { page: pageUrl(deps, outcome.record), upload: upload ?? null }, parties(deps));
  return { answer: outcome, change: changed(outcome.record, notes, [{ kind: "store" }, { kind: "mails", mails: { [`proof-${request.version}-answer`]: mail } }]) };
}

/** The photos' gallery link: stored whenever it changes, the client e-mailed only for the first (a correction is on their page). */
function gallery(deps: Deps, { booking, notes }: LedgerCopy, request: GalleryRequest): Decision {
  const outcome = galleryPosted(booking, request);
  if (outcome.kind !== "posted") return { answer: outcome };
  const next = outcome.record;
  const mails = outcome.first ? [{ kind: "mails", mails: { photos: photosMail(next, next.photos!.url, pageUrl(deps, next), parties(deps)) } } as const] : [];
  return { answer: outcome, change: changed(next, notes, [{ kind: "store" }, ...mails]) };
}

type Change = NonNullable<Decision["change"]>;

/**
 * What every change carries besides its own decision, written on the copy so that the change's one
 * store to KV says it all (KV takes one write a second to a key): the billing documents it issues,
 * after those `before` issued, kept as they were (a booking stored before documents were kept has
 * its own written out now); a new checkout round when it
 * expires Checkout Sessions, so the pay button's next session is a new one and never one Stripe
 * would hand back expired; and its e-mails marked queued, leaving out any sent already, so the
 * mails step only puts them on the queue.
 */
function completed({ services }: Deps, before: BookingRecord | null, { copy, followUps, ...rest }: Change): Change {
  const expires = followUps.some((step) => step.kind === "expire-checkouts" && step.sessionIds.length > 0);
  const documented = withDocumentsIssued(before, copy.booking);
  let booking = expires ? { ...documented, checkoutRound: (documented.checkoutRound ?? 0) + 1 } : documented;
  const recordKey = bookingKey(booking.eventDate, booking.invoiceNumber);
  const queuedAt = services.now().toISOString();
  const steps = followUps.flatMap((step): FollowUp[] => {
    if (step.kind !== "mails") return [step];
    const current = booking.emailDelivery ?? {};
    const marked = changedEntries(current, queuedChange(mailMessages(recordKey, step.mails), queuedAt));
    if (!Object.keys(marked).length) return [];
    booking = { ...booking, emailDelivery: { ...current, ...marked } };
    return [{ kind: "mails", mails: Object.fromEntries(Object.entries(step.mails).filter(([name]) => name in marked)) }];
  });
  const notes = booking.emailDelivery === copy.booking.emailDelivery ? copy.notes : notesAfter(copy.notes, booking.emailDelivery);
  return { ...rest, copy: { booking, notes }, followUps: steps };
}

/** Kept once a booking's ledger took its open; ledgers opened before the queue lack it, and are never opened again. */
const openedKey = "opened";

/** The copy's decision for one operation; null answers for an invoice the ledger has no booking for. */
export async function decide(deps: Deps, copy: LedgerCopy | null, operation: LedgerOperation): Promise<Decision> {
  const decision = await decisionOn(deps, copy, operation);
  return decision.change ? { ...decision, change: completed(deps, copy?.booking ?? null, decision.change) } : decision;
}

async function decisionOn(deps: Deps, copy: LedgerCopy | null, operation: LedgerOperation): Promise<Decision> {
  // A new booking is answered as soon as it is stored: its hold and code's use are confirmed, and its PDF and first e-mails follow (a booking's server time stays near a quote's).
  if (operation.op === "open") {
    // The queue delivers an open at least once (record/ledger-opens.server.ts): a second one changes nothing.
    if (await deps.storage.get(openedKey)) return { answer: null };
    // A booking taken in from KV before its open came (its client pressed first) is opened as it is now.
    const opened = copy ?? { booking: operation.booking, notes: "" };
    const fromQuote: FollowUp[] = opened.booking.fromQuote ? [{ kind: "quote-booked", quoteId: opened.booking.fromQuote }] : [];
    const followUps: FollowUp[] = [...confirmed(opened.booking), ...fromQuote, { kind: "index" }, { kind: "pdf" }, { kind: "store" }, { kind: "mails", mails: operation.mails }];
    return { answer: null, change: { copy: opened, followUps, later: true, entries: { [openedKey]: true } } };
  }
  if (!copy) {
    if (operation.op === "deliveries") throw new Error(`No stored booking for ${operation.recordKey}`);
    const unknown = operation.op === "payment" || operation.op === "off-session" || operation.op === "autopay" || operation.op === "autopay-queued";
    return { answer: unknown ? ({ status: "unknown-invoice" } satisfies RecordOutcome | OffSessionOutcome | AutopayOutcome | AutopayTriesOutcome) : null };
  }
  switch (operation.op) {
    case "payment":
      return payment(deps, copy, operation.paid);
    case "off-session":
      return offSession(deps, copy, operation.report);
    case "autopay":
      return autopay(deps, copy, operation.change);
    case "autopay-queued":
      return autopayQueued(copy, operation.tries);
    case "autopay-try":
      return autopayTry(copy, operation);
    case "autopay-answer":
      return autopayAnswer(deps, copy, operation, operation.answer);
    case "bank-payment":
      return bankPayment(deps, copy, operation);
    case "void-payment":
      return voidPayment(deps, copy, operation);
    case "status":
      return status(deps, copy, operation);
    case "deliveries":
      return deliveries(copy, operation.change);
    case "client":
      return client(deps, copy, operation.change);
    case "move":
      return move(deps, copy, operation);
    case "extras":
      return extras(deps, copy, operation);
    case "refund":
      return refund(deps, copy, operation);
    case "refund-made":
      return refundMade(deps, copy, operation);
    case "refund-report":
      return reportRefund(deps, copy, operation.refund);
    case "checkout":
      return checkout(deps, copy, operation);
    case "proof-uploaded":
      return proofUpload(deps, copy, operation.upload);
    case "proof-answered":
      return proofAnswer(deps, copy, operation);
    case "gallery":
      return gallery(deps, copy, operation);
    case "day-note":
      return dayNote(copy, operation);
    case "read":
      return { answer: { ...copy, waiting: (await waitingFollowUps(deps.storage)) + (await openAttempts(deps.storage)), alarmAt: await deps.storage.getAlarm() } satisfies LedgerReading };
    case "hold-ends":
      return holdEnds(deps, copy, operation);
  }
}

