/**
 * The owner's notification and the visitor's acknowledgement of a contact message (a quote's are
 * app/quotes/mails.server.ts). The acknowledgement goes to whatever address was typed, which nobody
 * has confirmed, so it repeats nothing typed into the form, not even the name
 * (docs/product-decisions.md, "E-mail delivery"). The owner's copy keeps everything.
 */
import { business } from "~/business";
import type { ContactInput } from "~/input/public-forms";
import { letterPair, type MailPair, type Row } from "~/mail/letter.server";

export function contactMails(contact: ContactInput, { ownerEmail }: { ownerEmail: string }): MailPair {
  const rows: Row[] = [
    ["Name", contact.name],
    ["Email", contact.email],
    ["Message", contact.message],
  ];
  return letterPair({ client: { email: contact.email, name: contact.name }, ownerEmail }, {
    owner: {
      subject: `Website message from ${contact.name}`,
      greeting: "New message from the website's contact form.",
      paragraphs: ["Reply to this e-mail to answer directly."],
      rows,
    },
    visitor: {
      subject: `We received your message – ${business.name}`,
      greeting: "Hello,",
      paragraphs: ["Thank you for getting in touch: we received your message and will get back to you shortly. If you did not write to us, please ignore this e-mail."],
      rows: [],
    },
  });
}
