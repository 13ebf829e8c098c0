/**
 * The owner's notifications and the visitor's acknowledgements, in plain text and HTML.
 * Everything a visitor typed goes through `escapeHtml` before it reaches the HTML body.
 */
import { business, policy } from "~/business";
import type { Address, Mail } from "~/mail/send.server";
import type { BookingStatus } from "~/bookings/lifecycle";
import type { BookingRecord } from "~/bookings/record.server";
import { invoiceStatement } from "~/bookings/invoice-statement";
import { formatCents, type AmountsDue, type Payment } from "~/bookings/amounts";
import type { ContactInput, QuoteInput } from "~/forms/schemas";
import { describeTravel } from "~/travel/describe";
import type { Travel } from "~/travel/fees";
import { formatDateInWords } from "~/utils/date-words";
import { escapeHtml } from "~/utils/escape-html";

type Row = readonly [label: string, value: string];
interface Link {
  label: string;
  url: string;
}

interface Letter {
  to: Address;
  replyTo: Address;
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  rows: readonly Row[];
  links?: readonly Link[];
  /** The owner's signed action links (Confirm, Decline, Cancel), each on its own line. */
  actions?: readonly Link[];
}

function render(letter: Letter): Mail {
  const text = [
    letter.greeting,
    "",
    ...letter.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...letter.rows.map(([label, value]) => `${label}: ${value}`),
    ...[...(letter.links ?? []), ...(letter.actions ?? [])].flatMap((link) => ["", `${link.label}: ${link.url}`]),
    "",
    `${business.name} · ${business.phone.display} · ${business.email}`,
  ].join("\n");

  const rows = letter.rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = [
    `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(letter.subject)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;color:#1b1630;line-height:1.5">`,
    `<p>${escapeHtml(letter.greeting)}</p>`,
    ...letter.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<table role="presentation" cellspacing="0">${rows}</table>`,
    ...[...(letter.links ?? []), ...(letter.actions ?? [])].map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
    `<p style="color:#4a4560">${escapeHtml(business.name)} · ${escapeHtml(business.phone.display)} · ${escapeHtml(business.email)}</p>`,
    `</body></html>`,
  ].join("");

  return { to: letter.to, replyTo: letter.replyTo, subject: letter.subject, text, html };
}

export interface MailPair {
  owner: Mail;
  visitor: Mail;
}

interface Parties {
  ownerEmail: string;
}

/** A booking mail's extras: the invoice and calendar addresses and, when links can be signed, the owner's actions. */
interface BookingLinks {
  invoice: string;
  calendar: string;
  ownerActions: readonly Link[];
}

/** `travel` is for the owner only: quotes are always accepted, the distance helps price them. */
export function quoteMails(quote: QuoteInput, travel: Travel | null, { ownerEmail }: Parties): MailPair {
  const visitor = { email: quote.email, name: quote.fullName };
  const owner = { email: ownerEmail, name: business.name };
  const rows: Row[] = [
    ["Name", quote.fullName],
    ["Email", quote.email],
    ["Phone", quote.phoneNumber],
    ["Event date", quote.eventDate],
    ["Event location", quote.eventLocation],
    ["Package duration", quote.packageDuration],
    ["Booth", quote.service],
    ["Message", quote.message],
  ];
  return {
    owner: render({
      to: owner,
      replyTo: visitor,
      subject: `Quote request: ${quote.fullName}, ${quote.eventDate}, ${quote.service}`,
      greeting: "New quote request from the website.",
      paragraphs: ["Reply to this e-mail to answer the client directly."],
      rows: [...rows, ["Distance", describeTravel(travel)]],
    }),
    visitor: render({
      to: visitor,
      replyTo: owner,
      subject: `We received your quote request – ${business.name}`,
      greeting: `Hi ${quote.fullName},`,
      paragraphs: [
        "Thank you for your quote request. We will get back to you shortly.",
        `Quotes are valid for ${policy.quoteValidDays} days. Here is what you sent us:`,
      ],
      rows,
    }),
  };
}

export function contactMails(contact: ContactInput, { ownerEmail }: Parties): MailPair {
  const visitor = { email: contact.email, name: contact.name };
  const owner = { email: ownerEmail, name: business.name };
  const rows: Row[] = [
    ["Name", contact.name],
    ["Email", contact.email],
    ["Message", contact.message],
  ];
  return {
    owner: render({
      to: owner,
      replyTo: visitor,
      subject: `Website message from ${contact.name}`,
      greeting: "New message from the website's contact form.",
      paragraphs: ["Reply to this e-mail to answer directly."],
      rows,
    }),
    visitor: render({
      to: visitor,
      replyTo: owner,
      subject: `We received your message – ${business.name}`,
      greeting: `Hi ${contact.name},`,
      paragraphs: ["Thank you for getting in touch. We will get back to you shortly. Your message:"],
      rows,
    }),
  };
}

function bookingRows(booking: BookingRecord): Row[] {
  const statement = invoiceStatement(booking);
  return [
    ["Invoice", booking.invoiceNumber],
    ["Name", booking.fullName],
    ["Email", booking.email],
    ["Phone", booking.phoneNumber],
    ["Event date", booking.eventDate],
    ["Event location", booking.eventLocation],
    ["Booth", `${booking.boothType}, ${booking.packageDuration}`],
    ...statement.charges.map(({ label, amount }): Row => [label, amount]),
    [statement.total.label, `${statement.total.amount} (${statement.gstNote})`],
    ...statement.schedule.map(({ label, amount }): Row => [label, amount]),
    [statement.paid.label, statement.paid.amount],
    [statement.owingNow.label, statement.owingNow.amount],
    ["Notes", booking.message || "—"],
  ];
}

function invoiceLinks(booking: BookingRecord, urls: Pick<BookingLinks, "invoice" | "calendar">): Link[] {
  return [
    { label: `${invoiceStatement(booking).title} ${booking.invoiceNumber}`, url: urls.invoice },
    { label: "Add the event to your calendar", url: urls.calendar },
  ];
}

export function bookingMails(booking: BookingRecord, { ownerActions, ...urls }: BookingLinks, { ownerEmail }: Parties): MailPair {
  const visitor = { email: booking.email, name: booking.fullName };
  const owner = { email: ownerEmail, name: business.name };
  const rows = bookingRows(booking);
  const links = invoiceLinks(booking, urls);
  return {
    owner: render({
      to: owner,
      replyTo: visitor,
      subject: `Booking ${booking.invoiceNumber}: ${booking.fullName}, ${booking.eventDate}, ${booking.boothType}`,
      greeting: "New booking from the website.",
      paragraphs: [
        "Reply to this e-mail to answer the client directly.",
        ...(ownerActions.length ? ["Once the client has replied, confirm the booking with the link below, or decline it to free the date."] : []),
      ],
      rows,
      links,
      actions: ownerActions,
    }),
    visitor: render({
      to: visitor,
      replyTo: owner,
      subject: `Your booking ${booking.invoiceNumber} – ${business.name}`,
      greeting: `Hi ${booking.fullName},`,
      paragraphs: [
        "Thank you for your booking. To confirm it, simply reply to this e-mail.",
        "Your invoice (link below) shows the ways to pay. A deposit secures the date; the amounts and due dates are below.",
      ],
      rows,
      links,
    }),
  };
}

/** What the client reads when the owner or the schedule changes their booking's status. */
const statusNews: Record<Exclude<BookingStatus, "requested">, { subject: string; paragraphs: (booking: BookingRecord) => string[] }> = {
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
  cancelled: {
    subject: "is cancelled",
    paragraphs: (booking) => [
      `Your booking for ${formatDateInWords(booking.eventDate)} has been cancelled.`,
      `If you did not expect this, please call us on ${business.phone.display}.`,
    ],
  },
  expired: {
    subject: "has expired",
    paragraphs: (booking) => [
      `Your booking request for ${formatDateInWords(booking.eventDate)} was not confirmed within ${policy.quoteValidDays} days, so it has expired and the date is free again.`,
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
  status: Exclude<BookingStatus, "requested">,
  { ownerActions, ...urls }: BookingLinks,
  { ownerEmail }: Parties,
): Record<string, Mail> {
  const client = { email: booking.email, name: booking.fullName };
  const owner = { email: ownerEmail, name: business.name };
  const news = statusNews[status];
  const rows = bookingRows(booking);
  // Named by status, so each change's e-mails are queued once for the record (see `queueMails`).
  const mails: Record<string, Mail> = {
    [status]: render({
      to: client,
      replyTo: owner,
      subject: `Your booking ${booking.invoiceNumber} ${news.subject} – ${business.name}`,
      greeting: `Hi ${booking.fullName},`,
      paragraphs: news.paragraphs(booking),
      rows,
      links: status === "confirmed" ? invoiceLinks(booking, urls) : [],
    }),
  };
  if (status === "confirmed" && ownerActions.length) {
    mails[`${status}-owner`] = render({
      to: owner,
      replyTo: client,
      subject: `Confirmed ${booking.invoiceNumber}: ${booking.fullName}, ${booking.eventDate}, ${booking.boothType}`,
      greeting: "You confirmed this booking; the client has been told.",
      paragraphs: ["Should it need cancelling later, use the link below: it frees the date and tells the client."],
      rows,
      actions: ownerActions,
    });
  }
  return mails;
}

const paidFor: Record<Payment["kind"], string> = { deposit: "the deposit", balance: "the balance", full: "the full amount" };

/** The client's receipt for a card payment and the owner's note of it (flagged when it was not what was owing). */
export function paymentMails(booking: BookingRecord, payment: Payment, amounts: AmountsDue, invoiceUrl: string, { ownerEmail }: Parties): MailPair {
  const visitor = { email: booking.email, name: booking.fullName };
  const owner = { email: ownerEmail, name: business.name };
  const received = `${formatCents(payment.amountCents)} ${payment.currency}`;
  const rows: Row[] = [
    ["Invoice", booking.invoiceNumber],
    ["Name", booking.fullName],
    ["Paid", `${received} by card, for ${paidFor[payment.kind]}`],
    ["Paid at", payment.paidAt],
    ["Event date", booking.eventDate],
    ["Booth", `${booking.boothType}, ${booking.packageDuration}`],
    ["Total", formatCents(amounts.totalCents)],
    ["Paid so far", formatCents(amounts.paidCents)],
    ["Still owing", amounts.owingCents ? `${formatCents(amounts.owingCents)}, due by ${amounts.balanceDueOn}` : "nothing"],
    ["Card payment reference", payment.sessionId],
  ];
  const links = [{ label: `Invoice ${booking.invoiceNumber}`, url: invoiceUrl }];
  return {
    owner: render({
      to: owner,
      replyTo: visitor,
      subject: `${payment.mismatch ? "PAYMENT MISMATCH" : "Payment received"} ${booking.invoiceNumber}: ${received} from ${booking.fullName}`,
      greeting: `A card payment for ${paidFor[payment.kind]} of invoice ${booking.invoiceNumber} came in through Stripe.`,
      paragraphs: payment.mismatch
        ? [`PAYMENT MISMATCH: ${payment.mismatch}. Check it in Stripe's dashboard before you rely on it.`]
        : ["Nothing to do: it is recorded on the booking and the client has their receipt."],
      rows,
      links,
    }),
    visitor: render({
      to: visitor,
      replyTo: owner,
      subject: `Receipt: ${received} for invoice ${booking.invoiceNumber} – ${business.name}`,
      greeting: `Hi ${booking.fullName},`,
      paragraphs: [`Thank you: we received your card payment of ${received} for ${paidFor[payment.kind]}.`],
      rows,
      links,
    }),
  };
}
