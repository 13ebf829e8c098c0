/**
 * The owner's page of one booking (docs/product-decisions.md, "The owner's page, bank payments and
 * the photos"): where it stands and what comes next, the client and the event, the money as a
 * statement, every e-mail with how it went, the history, and every owner action as a small form
 * saying in dollars what it will do. Its address is a signed link of its own kind (`booking`),
 * valid until 30 days after the event. It reads the booking's ledger, not KV, so what it shows is
 * what the next action will decide from.
 */
import { bankPaymentView, type BankPaymentView } from "~/bookings/payments/bank-payments.server";
import { paymentMethod } from "~/bookings/payments/payments.server";
import { refundView } from "~/bookings/payments/refund-link.server";
import { invoiceStatement, type Statement } from "~/bookings/invoice/invoice-statement";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { cancellationOf } from "~/bookings/record/cancellation";
import { formatTime } from "~/bookings/record/event-details";
import { holdsBooth } from "~/bookings/record/lifecycle";
import { bookingOfOwnerLink, ownerLinkPath } from "~/bookings/record/owner-links.server";
import { paymentKindWords } from "~/bookings/record/payment-words";
import { galleryRefusal } from "~/bookings/record/photos";
import { statusChanged } from "~/bookings/record/status-change.server";
import type { MailDelivery } from "~/mail/deliveries.server";
import { queueMails } from "~/mail/queue.server";
import { undeliveredMail } from "~/mail/undelivered.server";
import { describeExtras } from "~/prices/extras";
import { bookingKey } from "~/storage-keys";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

type PageDeps = Pick<Services, "config" | "kv" | "generations" | "now" | "ledger">;

/** The booking the page's signed link names, as its ledger holds it; null for any link that is not genuine and current. */
export async function openOwnerPage(services: PageDeps, number: string | undefined, query: URLSearchParams): Promise<BookingRecord | null> {
  const linked = await bookingOfOwnerLink(services, "booking", number, query);
  if (!linked) return null;
  return (await services.ledger.read(linked.invoiceNumber))?.booking ?? linked;
}

/** One e-mail of the booking as the page lists it. */
export interface MailLine {
  name: string;
  to: string;
  state: "sent" | "waiting" | "retrying" | "refused";
  detail: string;
  /** Set when it failed for good and its letter is kept: the page offers to send it again. */
  resendable: boolean;
}

const mailStates: Record<MailDelivery["status"], MailLine["state"]> = { sent: "sent", outbox: "sent", queued: "waiting", retrying: "retrying", failed: "refused" };

async function mailLines(kv: KVNamespace, booking: BookingRecord): Promise<MailLine[]> {
  const entries = Object.entries(booking.emailDelivery ?? {}).sort(([, a], [, b]) => a.queuedAt.localeCompare(b.queuedAt));
  return Promise.all(
    entries.map(async ([name, delivery]) => {
      const state = mailStates[delivery.status];
      const when = delivery.sentAt ?? delivery.lastTriedAt ?? delivery.queuedAt;
      const detail = `${state === "sent" ? "sent" : state === "refused" ? `refused: ${delivery.lastError ?? "no reason given"}` : state} (${formatInstant(when)})`;
      return { name, to: delivery.to, state, detail, resendable: state === "refused" && (await undeliveredMail(kv, delivery)) !== null };
    }),
  );
}

/** "Thursday 26 November 2026, 9:05 pm" in Melbourne. */
function formatInstant(at: string): string {
  const date = new Date(at);
  const time = new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Melbourne", hour: "numeric", minute: "2-digit", hour12: true }).format(date).replace(/\s/g, " ");
  return `${formatDateInWords(melbourneToday(date))}, ${time}`;
}

/** Everything that happened to the booking, oldest first. */
function history(booking: BookingRecord): { at: string; when: string; what: string }[] {
  const items: { at: string; what: string }[] = [
    ...booking.history.map((change) => ({ at: change.at, what: `${change.status} (by the ${change.by})` })),
    ...(booking.moves ?? []).map((move) => ({ at: move.at, what: `moved from ${formatDateInWords(move.from)} to ${formatDateInWords(move.to)}` })),
    ...(booking.extrasChanges ?? []).map((change) => ({ at: change.at, what: `add-ons changed to ${describeExtras(change.to)} (${formatCents(change.differenceCents)})` })),
    ...(booking.payments ?? []).map((payment) => ({
      at: payment.paidAt,
      what: `${formatCents(payment.amountCents)} paid ${paymentMethod(payment) === "bank" ? `by bank${payment.reference ? `, reference "${payment.reference}"` : ""}` : "by card"} for ${paymentKindWords[payment.kind].the}${payment.mismatch ? ` (MISMATCH: ${payment.mismatch})` : ""}`,
    })),
    ...(booking.voidedPayments ?? []).map((payment) => ({ at: payment.voidedAt, what: `bank payment of ${formatCents(payment.amountCents)} voided: ${payment.reason}` })),
    ...(booking.refunds ?? []).map((refund) => ({ at: refund.at, what: `${formatCents(refund.amountCents)} refunded by ${refund.method === "card" ? "card" : "bank transfer"}${refund.pending ? " (pending at Stripe)" : ""}` })),
    ...(booking.failedRefunds ?? []).map((refund) => ({ at: refund.at, what: `card refund of ${formatCents(refund.amountCents)} FAILED at Stripe` })),
    ...(booking.proofs ?? []).flatMap((proof) => [
      { at: proof.uploadedAt, what: `proof version ${proof.version} uploaded` },
      ...(proof.answer ? [{ at: proof.answer.at, what: `proof version ${proof.version} ${proof.answer.kind === "approved" ? "approved" : "sent back for changes"}` }] : []),
    ]),
    ...(booking.acceptance ? [{ at: booking.acceptance.at, what: `terms accepted by ${booking.acceptance.name}` }] : []),
    ...(booking.addressProof?.provedAt ? [{ at: booking.addressProof.provedAt, what: `date kept (${booking.addressProof.by === "owner" ? "by your Confirm" : "the client pressed Keep my date"})` }] : []),
    ...(booking.photos ? [{ at: booking.photos.postedAt, what: `photos posted: ${booking.photos.url}` }] : []),
    ...(booking.dayNote?.text ? [{ at: booking.dayNote.at, what: `note for the day: ${booking.dayNote.text}` }] : []),
  ];
  return items.sort((a, b) => a.at.localeCompare(b.at)).map((item) => ({ ...item, when: formatInstant(item.at) }));
}

/** Where the booking stands and what the owner may want to do next, in a sentence. */
function standing(booking: BookingRecord, today: string): string {
  const due = amountsDue(billableOf(booking));
  const owed = due.owingCents ? ` ${formatCents(due.owingCents)} is still owing.` : " Paid in full.";
  const back = due.refundOwedCents ? ` ${formatCents(due.refundOwedCents)} is owed back to the client: refund it below.` : "";
  switch (booking.status) {
    case "requested":
      return `Waiting for your answer: confirm or decline it.${owed}${back}`;
    case "confirmed":
      return `Confirmed for ${formatDateInWords(booking.eventDate)}.${owed}${back}`;
    case "completed":
      return `The event took place on ${formatDateInWords(booking.eventDate)}.${booking.photos ? "" : " Post the photos' gallery link below."}${owed}${back}`;
    default:
      return `This booking is ${booking.status}.${due.owingCents && booking.status === "cancelled" ? ` ${formatCents(due.owingCents)} of the cancellation charge is unpaid.` : ""}${back}${booking.eventDate < today ? "" : " Its date is free again."}`;
  }
}

export interface OwnerPageView {
  invoiceNumber: string;
  fullName: string;
  status: BookingRecord["status"];
  standing: string;
  client: [string, string][];
  email: string;
  phone: string;
  event: [string, string][];
  statement: Statement;
  owedBackCents: number;
  mails: MailLine[];
  history: { at: string; when: string; what: string }[];
  actions: {
    confirm: string | null;
    decline: string | null;
    /** What cancelling by the owner means in dollars; null when it cannot be cancelled. */
    cancel: string | null;
    refund: (ReturnType<typeof refundView> & { attempt: string }) | null;
    bank: BankPaymentView;
    gallery: { open: boolean; why: string | null; current: string | null };
    dayNote: string;
    /** The signed upload page and the client's logo, each its own kind of link. */
    proofUpload: string | null;
    logo: string | null;
  };
}

/** What the owner's Confirm, Decline or Cancel would do now; null when the booking's state does not allow it. */
function statusAction(booking: BookingRecord, to: "confirmed" | "declined" | "cancelled", now: Date): boolean {
  return statusChanged(booking, { invoiceNumber: booking.invoiceNumber, to, by: "owner", at: now.toISOString() }).kind === "changed";
}

export async function ownerPageView(services: PageDeps, booking: BookingRecord): Promise<OwnerPageView> {
  const now = services.now();
  const today = melbourneToday(now);
  const due = amountsDue(billableOf(booking));
  const details = booking.eventDetails;
  const [proofUpload, logo] = await Promise.all([
    holdsBooth(booking.status) ? ownerLinkPath(services, booking.invoiceNumber, "proof") : null,
    details?.logo ? ownerLinkPath(services, booking.invoiceNumber, "logo") : null,
  ]);
  const cancel = statusAction(booking, "cancelled", now) ? cancellationOf(booking, today, "owner", now) : null;
  const galleryWhy = galleryRefusal(booking, today);
  return {
    invoiceNumber: booking.invoiceNumber,
    fullName: booking.fullName,
    status: booking.status,
    standing: standing(booking, today),
    client: [
      ["Name", booking.fullName],
      ["Received", formatInstant(booking.receivedAt)],
    ],
    email: booking.email,
    phone: booking.phoneNumber,
    event: [
      ["Date", formatDateInWords(booking.eventDate)],
      ["Booth", `${booking.boothType}, ${booking.packageDuration} (${booking.service})`],
      ["Add-ons and backdrop", booking.extras ? describeExtras(booking.extras) : "none"],
      ["Promo code", booking.promoCode ?? "none"],
      ...(booking.fromQuote ? [["Booked from", `quote ${booking.fromQuote}, at its prices`] as [string, string]] : []),
      ["Location", booking.eventLocation],
      ["Start time", details?.startTime ? formatTime(details.startTime) : "not given yet"],
      ["Venue", details?.venueAddress ?? "not given yet"],
      ["Contact on the day", details ? `${details.contactName}, ${details.contactMobile}` : "not given yet"],
      ["Access and parking", details?.accessNotes || "none given"],
      ["Print text", details?.printLines.length ? details.printLines.join(" / ") : "none given"],
      ["Print design", booking.proofs?.length ? booking.proofs.map((proof) => `version ${proof.version}: ${proof.answer ? (proof.answer.kind === "approved" ? "approved" : `changes asked ("${proof.answer.comment}")`) : "waiting for the client"}`).join("; ") : "no proof sent yet"],
      ["Photos", booking.photos?.url ?? "not posted yet"],
    ],
    statement: invoiceStatement(booking),
    owedBackCents: due.refundOwedCents,
    mails: await mailLines(services.kv, booking),
    history: history(booking),
    actions: {
      confirm: statusAction(booking, "confirmed", now) ? `Confirm: the client is e-mailed, and the date is kept for them${due.owingNow ? ` (${formatCents(due.owingNow.amountCents)} is owing now)` : ""}.` : null,
      decline: statusAction(booking, "declined", now) ? `Decline: the date is freed and the client is e-mailed${due.paidCents ? `; the ${formatCents(due.paidCents - due.refundedCents)} paid is then owed back` : ", nothing is owed"}.` : null,
      cancel: cancel ? `Cancel: the date is freed and everything paid, ${formatCents(cancel.refundCents)}, is owed back to the client (you cancel, so no fee is kept).` : null,
      refund: due.refundOwedCents ? { ...refundView(services, booking), attempt: crypto.randomUUID() } : null,
      bank: bankPaymentView(booking, now),
      gallery: { open: galleryWhy === null, why: galleryWhy, current: booking.photos?.url ?? null },
      dayNote: booking.dayNote?.text ?? "",
      proofUpload,
      logo,
    },
  };
}

type ActionDeps = PageDeps & Pick<Services, "deliveries" | "mailQueue">;

/** What one press on the page came to: a sentence, and whether it was done (a 303 back to the page) or refused (the page again, 4xx). */
export type PageOutcome = { ok: true; said: string } | { ok: false; status: number; said: string };

const statusWords = { confirmed: "confirmed", declined: "declined", cancelled: "cancelled" } as const;

/** The owner's Confirm, Decline or Cancel from the page, through the booking's ledger. */
export async function changeStatusFromPage(services: ActionDeps, booking: BookingRecord, to: keyof typeof statusWords): Promise<PageOutcome> {
  const result = await services.ledger.changeStatus({ invoiceNumber: booking.invoiceNumber, to, by: "owner", at: services.now().toISOString() });
  if (result?.kind === "changed") return { ok: true, said: `Booking ${booking.invoiceNumber} is now ${statusWords[to]}. The client has been e-mailed.` };
  if (result?.kind === "already") return { ok: true, said: `Booking ${booking.invoiceNumber} was already ${statusWords[to]}: nothing changed.` };
  return { ok: false, status: 409, said: `Booking ${booking.invoiceNumber} is ${result?.record.status ?? "gone"}, so it cannot become ${statusWords[to]}.` };
}

/** The note for the event's day, shown on the day sheet; an empty note takes it off. */
export async function noteForDay(services: ActionDeps, booking: BookingRecord, text: string): Promise<PageOutcome> {
  const stored = await services.ledger.noteForDay(booking.invoiceNumber, text, services.now().toISOString());
  if (!stored) return { ok: false, status: 404, said: `Booking ${booking.invoiceNumber} no longer exists.` };
  return { ok: true, said: text ? "The note is on the day sheet." : "The note was taken off the day sheet." };
}

/** Sends again an e-mail that failed for good, under its own name, once its letter is still kept. */
export async function resendMail(services: ActionDeps, booking: BookingRecord, name: string): Promise<PageOutcome> {
  const delivery = booking.emailDelivery?.[name];
  const mail = delivery?.status === "failed" ? await undeliveredMail(services.kv, delivery) : null;
  if (!mail) return { ok: false, status: 409, said: "That e-mail did not fail, or its letter is no longer kept: nothing was sent." };
  const queued = await queueMails(services, { recordKey: bookingKey(booking.eventDate, booking.invoiceNumber), mails: { [name]: mail } });
  return queued ? { ok: true, said: `The e-mail to ${delivery!.to} is on its way again.` } : { ok: false, status: 503, said: "The e-mail could not be queued just now: try again in a minute." };
}
