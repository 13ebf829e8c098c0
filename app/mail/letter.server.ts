/**
 * A letter, rendered once as plain text and once as HTML, and the pair most records send: the
 * owner's notification and the client's acknowledgement, each replying to the other. Everything
 * a visitor typed goes through `escapeHtml` before it reaches the HTML body.
 */
import { business } from "~/business";
import type { Address, Mail } from "~/mail/message";
import { escapeHtml } from "~/utils/escape-html";

export type Row = readonly [label: string, value: string];

export interface Link {
  label: string;
  url: string;
}

/** What a letter says; who it is to and who answers it are added by `toOwner` and `toClient`. */
export interface Letter {
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  rows: readonly Row[];
  links?: readonly Link[];
  /** The owner's signed action links (Confirm, Decline, Cancel), each on its own line. */
  actions?: readonly Link[];
}

function render(letter: Letter, to: Address, replyTo: Address): Mail {
  const links = [...(letter.links ?? []), ...(letter.actions ?? [])];
  const text = [
    letter.greeting,
    "",
    ...letter.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...letter.rows.map(([label, value]) => `${label}: ${value}`),
    ...links.flatMap((link) => ["", `${link.label}: ${link.url}`]),
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
    ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
    `<p style="color:#4a4560">${escapeHtml(business.name)} · ${escapeHtml(business.phone.display)} · ${escapeHtml(business.email)}</p>`,
    `</body></html>`,
  ].join("");

  return { to, replyTo, subject: letter.subject, text, html };
}

/** The two ends of a record's letters: the visitor who wrote in and the business's owner. */
export interface Correspondents {
  client: Address;
  ownerEmail: string;
}

function ownerAddress(ownerEmail: string): Address {
  return { email: ownerEmail, name: business.name };
}

/** A letter to the owner; replying to it answers the client. */
export function toOwner({ client, ownerEmail }: Correspondents, letter: Letter): Mail {
  return render(letter, ownerAddress(ownerEmail), client);
}

/** A letter to the client; replying to it reaches the owner. */
export function toClient({ client, ownerEmail }: Correspondents, letter: Letter): Mail {
  return render(letter, client, ownerAddress(ownerEmail));
}

export interface MailPair {
  owner: Mail;
  visitor: Mail;
}

export function letterPair(correspondents: Correspondents, letters: { owner: Letter; visitor: Letter }): MailPair {
  return { owner: toOwner(correspondents, letters.owner), visitor: toClient(correspondents, letters.visitor) };
}
