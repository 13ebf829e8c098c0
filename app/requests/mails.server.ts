/** The owner's notification and the visitor's acknowledgement of a quote request or a contact message. */
import { business, policy } from "~/business";
import type { ContactInput, QuoteInput } from "~/forms/schemas";
import { letterPair, type MailPair, type Row } from "~/mail/letter.server";
import { addOns, formatAud } from "~/pricing";
import { describeTravel } from "~/travel/describe";
import type { Travel } from "~/travel/fees";
import { formatDateInWords } from "~/utils/date-words";

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
      greeting: `Hi ${quote.fullName},`,
      paragraphs: [
        "Thank you for your quote request. We will get back to you shortly.",
        `Quotes are valid for ${policy.quoteValidDays} days. Here is what you sent us:`,
      ],
      rows,
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
      greeting: `Hi ${contact.name},`,
      paragraphs: ["Thank you for getting in touch. We will get back to you shortly. Your message:"],
      rows,
    },
  });
}
