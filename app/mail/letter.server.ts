/**
 * A letter, rendered once as plain text and once as HTML, and the pair most records send: the
 * owner's notification and the client's acknowledgement, each replying to the other, except that
 * a letter carrying an owner link never lets a reply quote it to the client (docs/product-decisions.md,
 * "E-mail delivery"). Everything a visitor typed goes through `escapeHtml` before it reaches the
 * HTML body.
 */
import { business } from "~/business";
import type { Address, Mail } from "~/mail/message";
import { escapeHtml } from "~/utils/escape-html";
import { isOwnerPath } from "~/utils/owner-path";

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

function linksOf(letter: Letter): Link[] {
  return [...(letter.links ?? []), ...(letter.actions ?? [])];
}

/**
 * Every address of the owner's is `/owner` or under it (app/routes/owner.*): the signed action links, the
 * logo, proof and refund links, the day sheets, the calendar feed and the export. Each is a power,
 * so a letter carrying one is the owner's alone.
 */
function carriesOwnerLink(letter: Letter): boolean {
  return linksOf(letter).some((link) => isOwnerPath(new URL(link.url, "https://site.invalid").pathname));
}

function render(letter: Letter, to: Address, replyTo: Address): Mail {
  const links = linksOf(letter);
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

/**
 * A letter to the owner; replying to it answers the client, unless it carries an owner link: a
 * reply quotes the letter, links and all, so that one answers the owner and offers "Write to
 * {client}" instead, a new message that quotes nothing.
 */
export function toOwner({ client, ownerEmail }: Correspondents, letter: Letter): Mail {
  const owner = ownerAddress(ownerEmail);
  if (!carriesOwnerLink(letter)) return render(letter, owner, client);
  const name = client.name || client.email;
  const writeTo: Link = { label: `Write to ${name}`, url: `mailto:${encodeURI(client.email)}` };
  const note = `A reply to this e-mail comes back to you, as its links are yours alone: to answer ${name}, use "Write to ${name}" below.`;
  return render({ ...letter, paragraphs: [...letter.paragraphs, note], links: [writeTo, ...(letter.links ?? [])] }, owner, owner);
}

/** A letter to the owner about no one client (the morning e-mail); replying to it reaches the owner. */
export function toOwnerAlone(ownerEmail: string, letter: Letter): Mail {
  const owner = ownerAddress(ownerEmail);
  return render(letter, owner, owner);
}

/**
 * A letter to the client; replying to it reaches the owner. It never carries an owner link, and it
 * is addressed to the bare address: the name was typed into a form by whoever sent it, and a mail
 * app shows the To display name first, so "WIN $500 NOW visit spam.example" would head a letter
 * from the business to a stranger's mailbox (docs/product-decisions.md, "Links and what each may do").
 */
export function toClient({ client, ownerEmail }: Correspondents, letter: Letter): Mail {
  if (carriesOwnerLink(letter)) throw new Error(`The client's letter "${letter.subject}" carries an owner link`);
  return render(letter, { email: client.email }, ownerAddress(ownerEmail));
}

export interface MailPair {
  owner: Mail;
  visitor: Mail;
}

export function letterPair(correspondents: Correspondents, letters: { owner: Letter; visitor: Letter }): MailPair {
  return { owner: toOwner(correspondents, letters.owner), visitor: toClient(correspondents, letters.visitor) };
}
