/**
 * The owner's read-only view of one quote (`/owner/quote/{id}?sig=…`, its own kind of link): all
 * the client typed, what the site quoted or why it could not, where the quote stands, its
 * follow-ups and how its e-mails went. It acts on nothing, so it may be forwarded to whoever prices
 * a quote by hand (docs/product-decisions.md, "Links and what each may do"); for the same reason it
 * names the booking made from it by number and status and links nothing of it: no page mints a
 * link of another kind, so a forwarded view never opens the owner's page of the booking.
 */
import type { DetailRow } from "~/bookings/record/details";
import { findBooking } from "~/bookings/record/record.server";
import { formatCents } from "~/bookings/record/amounts";
import { readMailDeliveries } from "~/mail/deliveries.server";
import { addOns } from "~/pricing";
import { quoteKey } from "~/storage-keys";
import { describeTravel } from "~/travel/describe";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { isQuoteLink } from "./addresses.server";
import { offerRows } from "./mails.server";
import type { QuoteEntry } from "./quote-book";

export async function quoteOfOwnerLink(services: Pick<Services, "config" | "kv" | "generations" | "quotes">, id: string | undefined, query: URLSearchParams): Promise<QuoteEntry | null> {
  if (!id || !(await isQuoteLink(services, "quote", id, query))) return null;
  return services.quotes.get(id);
}

export interface OwnerQuoteView {
  id: string;
  asked: DetailRow[];
  price: DetailRow[];
  standing: DetailRow[];
  mails: DetailRow[];
  /** The booking made from it, by number and where it stands: no link to it. */
  booked: { invoiceNumber: string; status: string } | null;
}

export async function ownerQuoteView(services: Pick<Services, "kv">, entry: QuoteEntry): Promise<OwnerQuoteView> {
  const { quote } = entry;
  const { offer } = quote;
  const request = quote;
  const deliveries = await readMailDeliveries(services.kv, quoteKey(quote.receivedAt, quote.id)).catch(() => ({}));
  const followUps = Object.entries(entry.followUps).map(([name, at]): DetailRow => [`Follow-up "${name}"`, `sent ${at}`]);
  return {
    id: quote.id,
    asked: [
      ["Name", request.fullName],
      ["Email", request.email],
      ["Phone", request.phoneNumber],
      ["Event date", formatDateInWords(request.eventDate)],
      ["Event location", request.eventLocation],
      ["Booth", request.service],
      ["Hours", request.packageDuration],
      ["Add-ons asked about", request.addOns.map((id) => addOns[id].name).join(", ") || "None"],
      ["Promo code", request.promoCode ?? "None"],
      ["Message", request.message],
      ["Received", quote.receivedAt],
    ],
    price: [...(offer.priced ? [...offerRows(offer), ...(offer.promoNote ? [["Code", offer.promoNote] as const] : [])] : [["Not priced", offer.reason] as const]), ["Travel", describeTravel(offer.travel)]],
    standing: [
      ["Status", entry.status],
      ["Valid until", formatDateInWords(quote.validUntil)],
      ["Address proved", entry.provedAt ?? "not yet"],
      ["Unsubscribed", entry.unsubscribed ? "yes" : "no"],
      ...followUps,
      ...(offer.priced ? [["Quoted", formatCents(offer.totalCents)] as const] : []),
    ],
    mails: Object.entries(deliveries).map(([name, delivery]): DetailRow => [name, `${delivery.status} to ${delivery.to}${delivery.lastError ? ` (${delivery.lastError})` : ""}`]),
    booked: entry.invoiceNumber ? { invoiceNumber: entry.invoiceNumber, status: (await findBooking(services.kv, entry.invoiceNumber))?.booking.status ?? "no longer stored" } : null,
  };
}
