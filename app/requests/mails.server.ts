/**
 * The owner's notification and the visitor's acknowledgement of a quote request or a contact
 * message. The acknowledgement goes to whatever address was typed, which nobody has confirmed, so
 * it repeats nothing typed into the form, not even the name: only what was chosen from the form's
 * lists (docs/product-decisions.md, "E-mail delivery"). The owner's copy keeps everything.
 */
import { business, policy } from "~/business";
import type { ContactInput, QuoteInput } from "~/forms/schemas";
import { letterPair, type MailPair, type Row } from "~/mail/letter.server";
import { addOns, formatAud } from "~/pricing";
import { describeTravel } from "~/travel/describe";
import type { Travel } from "~/travel/fees";
import { formatDateInWords } from "~/utils/date-words";

/** What the quote form offers as choices: the only rows the visitor's acknowledgement repeats. */
const chosenRows = new Set(["Event date", "Package duration", "Booth", "Add-ons"]);

/** `travel` is for the owner only: quotes are always accepted, the distance helps price them. */
export function quoteMails(quote: QuoteInput, travel: Travel | null, { ownerEmail }: { ownerEmail: string }): MailPair {
  const rows: Row[] = [
    ["Name", quote.fullName],
    ["Email", quote.email],
    ["Phone", quote.phoneNumber],
    ["Event date", formatDateInWords(quote.eventDate)],
    ["Event location", quote.eventLocation],
    ["Package duration", quote.packageDuration],
    ["Booth", quote.service],
    ["Add-ons", quote.addOns.map((id) => `${addOns[id].name} (${formatAud(addOns[id].price)})`).join(", ") || "None asked about"],
    ["Message", quote.message],
  ];
  return letterPair({ client: { email: quote.email, name: quote.fullName }, ownerEmail }, {
    owner: {
      subject: `Quote request: ${quote.fullName}, ${formatDateInWords(quote.eventDate)}, ${quote.service}`,
      greeting: "New quote request from the website.",
      paragraphs: ["Reply to this e-mail to answer the client directly."],
      rows: [...rows, ["Distance", describeTravel(travel)]],
    },
    visitor: {
      subject: `We received your quote request – ${business.name}`,
      greeting: "Hello,",
      paragraphs: [
        "Thank you for your quote request. We will get back to you shortly; if you did not send one, please ignore this e-mail.",
        `Quotes are valid for ${policy.quoteValidDays} days. You asked about:`,
      ],
      rows: rows.filter(([label]) => chosenRows.has(label)),
    },
  });
}

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
