/**
 * A quote's e-mails (docs/product-decisions.md, "Quotes"). The client's acknowledgement is the
 * quote itself, from the lines the quote page shows; it goes to an address nobody has confirmed, so
 * it repeats nothing typed into the form (the venue is named by the locality found, not as typed).
 * The owner's copy keeps everything, says the price quoted or why there is none, and links the
 * owner's read-only view. Follow-ups go only to a proved address, and each carries a one-click
 * unsubscribe (RFC 8058) and says who sends it, as Australia's Spam Act 2003 asks of commercial
 * messages.
 */
import { business, tax } from "~/business";
import { formatCents } from "~/bookings/record/amounts";
import type { QuoteInput } from "~/input/quote-forms";
import { letterPair, toClient, type Correspondents, type MailPair, type Row } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatLineCents } from "~/prices/price-sheet";
import { addOns, formatAud } from "~/pricing";
import { describeTravel } from "~/travel/describe";
import { formatDateInWords } from "~/utils/date-words";
import type { DayAlternatives } from "./alternatives.server";
import type { FollowUpName } from "./quote-book";
import type { PricedOffer, QuoteRecord } from "./quote";

/** The quote's priced lines, then its total and deposit, as rows. */
export function offerRows(offer: PricedOffer): Row[] {
  return [
    ...offer.lines.map((line): Row => [line.label, formatLineCents(line.cents)]),
    [`Total (AUD${tax.gstRegistered ? ", GST included" : ""})`, formatCents(offer.totalCents)],
    [offer.depositCents === offer.totalCents ? "Due in full to book (the event is close)" : "Deposit to book", formatCents(offer.depositCents)],
  ];
}

function correspondents(quote: QuoteRecord, ownerEmail: string): Correspondents {
  return { client: { email: quote.email, name: quote.fullName }, ownerEmail };
}

function askedRows(request: QuoteInput): Row[] {
  return [
    ["Event date", formatDateInWords(request.eventDate)],
    ["Booth", request.service],
    ["Hours", request.packageDuration],
    ["Add-ons", request.addOns.map((id) => `${addOns[id].name} (${formatAud(addOns[id].price)})`).join(", ") || "None asked about"],
  ];
}

export interface QuoteLinks {
  /** The client's quote page with the one-time proof of their address. */
  page: string;
  /** The owner's read-only view; null without the link secret. */
  ownerView: string | null;
}

export function quoteMails(quote: QuoteRecord, links: QuoteLinks, { ownerEmail }: { ownerEmail: string }): MailPair {
  const { offer } = quote;
  const request = quote;
  const validUntil = formatDateInWords(quote.validUntil);
  const typed: Row[] = [
    ["Name", request.fullName],
    ["Email", request.email],
    ["Phone", request.phoneNumber],
    ["Event location", request.eventLocation],
    ["Promo code", request.promoCode ?? "None"],
    ["Message", request.message],
  ];
  return letterPair(correspondents(quote, ownerEmail), {
    owner: {
      subject: `Quote ${offer.priced ? formatCents(offer.totalCents) : "to price"}: ${request.fullName}, ${formatDateInWords(request.eventDate)}, ${request.service}`,
      greeting: "New quote request from the website.",
      paragraphs: [offer.priced ? `The site quoted ${formatCents(offer.totalCents)}, valid until ${validUntil}.` : `The site could not price it: ${offer.reason} The client was told you will confirm the price.`],
      rows: [...askedRows(request), ...typed, ["Distance", describeTravel(offer.travel)], ...(offer.priced ? offerRows(offer) : [])],
      links: links.ownerView ? [{ label: `Your view of quote ${quote.id}`, url: links.ownerView }] : [],
    },
    visitor: {
      subject: offer.priced ? `Your photo booth quote: ${formatCents(offer.totalCents)} – ${business.name}` : `We received your quote request – ${business.name}`,
      greeting: "Hello,",
      paragraphs: offer.priced
        ? [
            `Thank you for your quote request. Here is your quote, valid until ${validUntil}${offer.travel ? ` for a venue in ${offer.travel.locality}` : ""}. If you did not ask for one, please ignore this e-mail.`,
            ...(offer.promoNote ? [offer.promoNote] : []),
            "Your quote's page shows whether your date is still free, and books it at this price with one button.",
          ]
        : [
            "Thank you for your quote request. We will confirm the price ourselves and get back to you shortly; if you did not send one, please ignore this e-mail.",
            "You asked about:",
          ],
      rows: offer.priced ? [["Event date", formatDateInWords(request.eventDate)], ...offerRows(offer), ["Valid until", validUntil]] : askedRows(request),
      links: [{ label: "Your quote's page", url: links.page }],
    },
  });
}

/** Who sends a follow-up and how to stop them, as the Spam Act asks; and the headers that let a mail client unsubscribe in one click (RFC 8058). */
function commercial(unsubscribe: string) {
  return {
    footer: `Sent by ${business.name} (ABN ${tax.abn}), ${business.address.display}, because you asked us for this quote. To get no more e-mails about it, unsubscribe: ${unsubscribe}`,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const subjects: Record<FollowUpName, string> = {
  questions: "Any questions about your photo booth quote?",
  expiring: "Your photo booth quote ends tomorrow",
  taken: "The date of your photo booth quote has just been booked",
};

export interface FollowUpLinks {
  page: string;
  unsubscribe: string;
}

export function followUpMail(quote: QuoteRecord & { offer: PricedOffer }, name: FollowUpName, links: FollowUpLinks, { ownerEmail, alternatives }: { ownerEmail: string; alternatives: DayAlternatives | null }): Mail {
  const { offer } = quote;
  const request = quote;
  const date = formatDateInWords(request.eventDate);
  const said: Record<FollowUpName, string[]> = {
    questions: [`A few days ago you asked us for a quote for ${date}: ${formatCents(offer.totalCents)}, valid until ${formatDateInWords(quote.validUntil)}. If anything is unclear, or you would like something changed, reply to this e-mail or call us on ${business.phone.display}.`],
    expiring: [`Your quote for ${date} (${formatCents(offer.totalCents)}) holds until ${formatDateInWords(quote.validUntil)}. Book it from its page before then to keep its price.`],
    taken: [`The ${request.service} you asked about for ${date} has just been booked by someone else, so your quote can no longer be booked for that date.`, ...(alternatives ? [alternatives.sentence] : [])],
  };
  const { footer, headers } = commercial(links.unsubscribe);
  const mail = toClient(correspondents(quote, ownerEmail), {
    subject: `${subjects[name]} – ${business.name}`,
    greeting: "Hello,",
    paragraphs: [...said[name], footer],
    rows: [],
    links: [{ label: "Your quote's page", url: links.page }],
  });
  return { ...mail, headers };
}
