/**
 * A booking's e-mails: the new booking (the owner's notification with its Confirm and Decline
 * links, the client's copy), each change of status, and each card payment's receipt and note.
 */
import { clientGreeting } from "./greeting";
import { business, lifecycle, policy } from "~/business";
import { addressProved, unprovedHoldEnds } from "~/bookings/record/address-proof";
import { formatCents, type AmountsDue, type Payment, type VoidedPayment } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import { bookingDetails } from "~/bookings/record/details";
import { invoiceStatement } from "~/bookings/invoice/invoice-statement";
import { paymentKindWords, paymentMethodWords } from "~/bookings/record/payment-words";
import type { BookingStatus } from "~/bookings/record/lifecycle";
import { letterPair, toClient, toOwner, type Correspondents, type Link, type MailPair, type Row } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords, formatMelbourneTime } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

interface Parties {
  ownerEmail: string;
}

/** A booking mail's extras: the invoice and calendar addresses, the client's with the one-time proof of their address, and, when links can be signed, the owner's actions. */
interface BookingLinks {
  invoice: string;
  calendar: string;
  proving?: string;
  ownerActions: readonly Link[];
}

function correspondents(booking: BookingRecord, { ownerEmail }: Parties): Correspondents {
  return { client: { email: booking.email, name: booking.fullName }, ownerEmail };
}

function bookingRows(booking: BookingRecord): Row[] {
  return [["Invoice", booking.invoiceNumber], ...bookingDetails(booking), ...moneyRows(booking), ["Notes", booking.message || "—"]];
}

/**
 * A booking's rows for the client: all of them once the address is proved; before that (the
 * booking e-mail, and a status sent within the first 48 hours) whoever typed the address may not
 * own it, so nothing typed into the form goes to it (no name, location or notes;
 * docs/product-decisions.md, "Links and what each may do"), only what the site made of it.
 */
function clientRows(booking: BookingRecord): Row[] {
  if (addressProved(booking)) return bookingRows(booking);
  return [
    ["Invoice", booking.invoiceNumber],
    ["Event date", formatDateInWords(booking.eventDate)],
    ["Booth", `${booking.boothType}, ${booking.packageDuration}`],
    ...(booking.travel ? [["Venue in", `${booking.travel.locality} ${booking.travel.postcode}`] as const] : []),
    ...moneyRows(booking),
  ];
}

function moneyRows(booking: BookingRecord): Row[] {
  const statement = invoiceStatement(booking);
  return [
    ...statement.charges.map(({ label, amount }): Row => [label, amount]),
    [statement.total.label, `${statement.total.amount} (${statement.gstNote})`],
    ...[...statement.later, ...(statement.billed ? [statement.billed] : [])].map(({ label, amount }): Row => [label, amount]),
    ...statement.schedule.map(({ label, amount }): Row => [label, amount]),
    [statement.paid.label, statement.paid.amount],
    ...(statement.refunded ? [[statement.refunded.label, statement.refunded.amount] as const] : []),
    [statement.owingNow.label, statement.owingNow.amount],
  ];
}

function invoiceLinks(booking: BookingRecord, urls: Pick<BookingLinks, "invoice" | "calendar">): Link[] {
  return [
    { label: `${invoiceStatement(booking).title} ${booking.invoiceNumber}`, url: urls.invoice },
    { label: "Add the event to your calendar", url: urls.calendar },
  ];
}

export function bookingMails(booking: BookingRecord, { ownerActions, proving, ...urls }: BookingLinks, parties: Parties): MailPair {
  const links = invoiceLinks(booking, urls);
  // The client's own link carries the proof that they read this e-mail; the owner's copy does not.
  const keep = proving ? [{ label: "Keep my date", url: proving }] : [];
  const holdEnds = formatMelbourneTime(unprovedHoldEnds(booking));
  return letterPair(correspondents(booking, parties), {
    owner: {
      subject: `Booking ${booking.invoiceNumber}: ${booking.fullName}, ${formatDateInWords(booking.eventDate)}, ${booking.boothType}`,
      greeting: "New booking from the website.",
      paragraphs: [
        ownerActions.length
          ? "Once the client has replied, confirm the booking on your page of it (link below), or decline it to free the date."
          : "Reply to this e-mail to answer the client directly.",
      ],
      rows: bookingRows(booking),
      links,
      actions: ownerActions,
    },
    visitor: {
      subject: `Your booking ${booking.invoiceNumber} – ${business.name}`,
      greeting: "Hello,",
      paragraphs: [
        "Thank you for your booking. To confirm it, simply reply to this e-mail.",
        ...(proving
          ? [`We hold your date until ${holdEnds} (Melbourne time). To keep it, open "Keep my date" below and press the button on the page it opens (or pay the deposit).`]
          : []),
        "Your invoice (link below) shows the ways to pay. A deposit secures the date; the amounts and due dates are below.",
      ],
      rows: clientRows(booking),
      links: [...keep, ...links],
    },
  });
}

/** What the client reads when the owner or the schedule changes their booking's status. */
/** A status the owner or the schedule gives; a cancellation has e-mails of its own (change-mails.server.ts), and a completed booking is thanked by its reminder the day after the event. */
export type NewsStatus = Exclude<BookingStatus, "requested" | "cancelled" | "completed">;

const statusNews: Record<NewsStatus, { subject: string; paragraphs: (booking: BookingRecord) => string[] }> = {
  confirmed: {
    subject: "is confirmed",
    paragraphs: (booking) => [
      `Your booking for ${formatDateInWords(booking.eventDate)} is confirmed: the ${booking.boothType} is yours that day.`,
      "Your invoice (link below) shows what is due and when.",
    ],
  },
  declined: {
    subject: "could not be accepted",
    paragraphs: (booking) => [
      `We are sorry: we cannot take your booking for ${formatDateInWords(booking.eventDate)}. Nothing is owed.`,
      `Call us on ${business.phone.display} and we will gladly help you find another date or booth.`,
    ],
  },
  expired: {
    subject: "has expired",
    paragraphs: (booking) => [
      !addressProved(booking)
        ? `We held ${formatDateInWords(booking.eventDate)} for your booking for ${lifecycle.unprovedHoldHours} hours, and "Keep my date" in our first e-mail was not pressed, so the booking has expired and the date is free again.`
        : `Your booking request for ${formatDateInWords(booking.eventDate)} was not confirmed within ${policy.quoteValidDays} days, so it has expired and the date is free again.`,
      "You are welcome to book again on the website if the date is still free.",
    ],
  },
};

/**
 * The e-mails for a status change: always the client's; when the owner confirms, also the
 * owner's copy carrying the signed Cancel link.
 */
export function statusMails(
  booking: BookingRecord,
  status: NewsStatus,
  { ownerActions, ...urls }: BookingLinks,
  parties: Parties,
): Record<string, Mail> {
  const to = correspondents(booking, parties);
  const news = statusNews[status];
  // Named by status, so each change's e-mails are queued once for the record (see `queueMails`).
  const mails: Record<string, Mail> = {
    [status]: toClient(to, {
      subject: `Your booking ${booking.invoiceNumber} ${news.subject} – ${business.name}`,
      greeting: clientGreeting(booking),
      paragraphs: news.paragraphs(booking),
      rows: clientRows(booking),
      links: status === "confirmed" ? invoiceLinks(booking, urls) : [],
    }),
  };
  if (status === "confirmed" && ownerActions.length) {
    mails[`${status}-owner`] = toOwner(to, {
      subject: `Confirmed ${booking.invoiceNumber}: ${booking.fullName}, ${formatDateInWords(booking.eventDate)}, ${booking.boothType}`,
      greeting: "You confirmed this booking; the client has been told.",
      paragraphs: ["Should it need cancelling later, do it from your page of the booking (link below): it frees the date and tells the client."],
      rows: bookingRows(booking),
      actions: ownerActions,
    });
  }
  return mails;
}

/**
 * The client's receipt for a card payment and the owner's note of it (flagged when it was not what
 * was owing). When the booking now owes money back (a payment for a date given up), the owner's note
 * carries the signed Refund link.
 */
export function paymentMails(booking: BookingRecord, payment: Payment, amounts: AmountsDue, invoiceUrl: string, parties: Parties, refundLink: Link | null = null): MailPair {
  const received = `${formatCents(payment.amountCents)} ${payment.currency}`;
  const byBank = payment.method === "bank";
  const how = byBank ? "bank transfer or PayID payment" : "card payment";
  const rows: Row[] = [
    ["Invoice", booking.invoiceNumber],
    ["Name", booking.fullName],
    ["Paid", `${received} ${paymentMethodWords(payment.method)}, for ${paymentKindWords[payment.kind].the}`],
    ["Paid on", formatDateInWords(melbourneToday(new Date(payment.paidAt)))],
    ["Event date", formatDateInWords(booking.eventDate)],
    ["Booth", `${booking.boothType}, ${booking.packageDuration}`],
    ["Total", formatCents(amounts.totalCents)],
    ["Paid so far", formatCents(amounts.paidCents)],
    ["Still owing", amounts.owingCents ? `${formatCents(amounts.owingCents)}, due by ${formatDateInWords(amounts.balanceDueOn)}` : "nothing"],
    byBank ? ["Bank reference", payment.reference ?? ""] : ["Card payment reference", payment.sessionId],
  ];
  const links = [{ label: `Invoice ${booking.invoiceNumber}`, url: invoiceUrl }];
  return letterPair(correspondents(booking, parties), {
    owner: {
      subject: `${payment.mismatch ? "PAYMENT MISMATCH" : "Payment received"} ${booking.invoiceNumber}: ${received} from ${booking.fullName}`,
      greeting: byBank
        ? `A bank transfer or PayID payment for ${paymentKindWords[payment.kind].the} of invoice ${booking.invoiceNumber} was recorded from your page of the booking.`
        : `A card payment for ${paymentKindWords[payment.kind].the} of invoice ${booking.invoiceNumber} came in through Stripe.`,
      paragraphs: payment.mismatch
        ? [
            `PAYMENT MISMATCH: ${payment.mismatch}. ${byBank ? "Check it against your bank statement: a mistyped payment can be voided from the booking's page." : "Check it in Stripe's dashboard before you rely on it."}`,
            ...(refundLink ? [`${formatCents(amounts.refundOwedCents)} is owed back: use the link below to refund it.`] : []),
          ]
        : ["Nothing to do: it is recorded on the booking and the client has their receipt."],
      rows,
      links,
      actions: refundLink ? [refundLink] : [],
    },
    visitor: {
      subject: `Receipt: ${received} for invoice ${booking.invoiceNumber} – ${business.name}`,
      greeting: clientGreeting(booking),
      paragraphs: [`Thank you: we received your ${how} of ${received} for ${paymentKindWords[payment.kind].the}.`],
      rows,
      links,
    },
  });
}

/**
 * The client's word that a receipt sent for a bank payment is withdrawn: the owner recorded it by
 * mistake and voided it, so it is in none of the booking's figures. What is owing now follows.
 */
export function receiptWithdrawnMail(booking: BookingRecord, voided: VoidedPayment, amounts: AmountsDue, invoiceUrl: string, parties: Parties): Mail {
  const amount = `${formatCents(voided.amountCents)} ${voided.currency}`;
  const receivedOn = formatDateInWords(melbourneToday(new Date(voided.paidAt)));
  return toClient(correspondents(booking, parties), {
    subject: `Receipt withdrawn: ${amount} for invoice ${booking.invoiceNumber} – ${business.name}`,
    greeting: clientGreeting(booking),
    paragraphs: [
      `We sent you a receipt for a bank transfer or PayID payment of ${amount} received ${receivedOn}. It was recorded in error, so that receipt is withdrawn and the payment is not counted on your booking.`,
      `If you did make this payment, reply to this e-mail with your bank's record of it and we will put it right.`,
    ],
    rows: [
      ["Invoice", booking.invoiceNumber],
      ["Withdrawn", `${amount}, received ${receivedOn} (reference ${voided.reference ?? "none"})`],
      ["Paid so far", formatCents(amounts.paidCents - amounts.refundedCents)],
      ["Owing now", amounts.owingCents ? formatCents(amounts.owingCents) : "nothing"],
    ],
    links: [{ label: `Invoice ${booking.invoiceNumber}`, url: invoiceUrl }],
  });
}

/** A booking that lapsed or gave its date up for want of a payment that had in fact arrived in time, and has its date back. */
export function restoredMail(booking: BookingRecord, payment: Payment, invoiceUrl: string, parties: Parties): Mail {
  const receivedOn = formatDateInWords(melbourneToday(new Date(payment.paidAt)));
  return toClient(correspondents(booking, parties), {
    subject: `Your booking ${booking.invoiceNumber} is back – ${business.name}`,
    greeting: clientGreeting(booking),
    paragraphs: [
      `Your payment of ${formatCents(payment.amountCents)} ${payment.currency} reached us on ${receivedOn}, before your booking was let go for want of it. We have put the booking back as it was: ${formatDateInWords(booking.eventDate)} is yours again.`,
    ],
    rows: [
      ["Invoice", booking.invoiceNumber],
      ["Event date", formatDateInWords(booking.eventDate)],
      ["Status", booking.status],
    ],
    links: [{ label: `Invoice ${booking.invoiceNumber}`, url: invoiceUrl }],
  });
}
