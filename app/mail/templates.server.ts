/**
 * The owner's notifications and the visitor's acknowledgements, in plain text and HTML.
 * Everything a visitor typed goes through `escapeHtml` before it reaches the HTML body.
 */
import { business, policy } from "~/business";
import type { Address, Mail } from "~/mail/send.server";
import type { BookingRecord } from "~/bookings/bookings.server";
import type { ContactInput, QuoteInput } from "~/forms/schemas";
import { formatAud } from "~/pricing";
import { escapeHtml } from "~/utils/escape-html";

type Row = readonly [label: string, value: string];

interface Letter {
  to: Address;
  replyTo: Address;
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  rows: readonly Row[];
  link?: { label: string; url: string };
}

function render(letter: Letter): Mail {
  const text = [
    letter.greeting,
    "",
    ...letter.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...letter.rows.map(([label, value]) => `${label}: ${value}`),
    ...(letter.link ? ["", `${letter.link.label}: ${letter.link.url}`] : []),
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
    letter.link ? `<p><a href="${escapeHtml(letter.link.url)}">${escapeHtml(letter.link.label)}</a></p>` : "",
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

export function quoteMails(quote: QuoteInput, { ownerEmail }: Parties): MailPair {
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
      rows,
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

export function bookingMails(booking: BookingRecord, invoiceUrl: string, { ownerEmail }: Parties): MailPair {
  const visitor = { email: booking.email, name: booking.fullName };
  const owner = { email: ownerEmail, name: business.name };
  const rows: Row[] = [
    ["Invoice", booking.invoiceNumber],
    ["Name", booking.fullName],
    ["Email", booking.email],
    ["Phone", booking.phoneNumber],
    ["Event date", booking.eventDate],
    ["Event location", booking.eventLocation],
    ["Booth", `${booking.boothType}, ${booking.packageDuration}`],
    ["Price", `${formatAud(booking.price)} ${policy.currency}`],
    ["Notes", booking.message || "—"],
  ];
  const link = { label: `Invoice ${booking.invoiceNumber}`, url: invoiceUrl };
  return {
    owner: render({
      to: owner,
      replyTo: visitor,
      subject: `Booking ${booking.invoiceNumber}: ${booking.fullName}, ${booking.eventDate}, ${booking.boothType}`,
      greeting: "New booking from the website.",
      paragraphs: ["Reply to this e-mail to answer the client directly."],
      rows,
      link,
    }),
    visitor: render({
      to: visitor,
      replyTo: owner,
      subject: `Your booking ${booking.invoiceNumber} – ${business.name}`,
      greeting: `Hi ${booking.fullName},`,
      paragraphs: [
        "Thank you for your booking. To confirm it, simply reply to this e-mail.",
        "Your invoice (link below) shows the amount and the ways to pay, by deposit or in full.",
      ],
      rows,
      link,
    }),
  };
}
