/**
 * A quote's follow-ups (docs/product-decisions.md, "Quotes"), each once, only to an address the
 * client proved from the quote e-mail, and none after booking, expiry, "No thanks" or an
 * unsubscribe (the quote book hands out only those, marking each as it does): three days after the
 * quote, the day before its last day (from the morning's scheduled run), and at once when its date
 * is taken by a booking that holds it for good (from that booking's ledger). One that cannot be
 * queued is handed back, to go with the next run.
 */
import { availabilityOn } from "~/bookings/holds/availability.server";
import { queueMails } from "~/mail/queue.server";
import type { BoothType } from "~/pricing";
import { quoteKey } from "~/storage-keys";
import type { Services } from "~/types/services";
import { melbourneToday } from "~/utils/melbourne-time";
import { quotePagePath, unsubscribeUrl } from "./addresses.server";
import { alternativesFor, type DayAlternatives } from "./alternatives.server";
import { followUpMail } from "./mails.server";
import type { FollowUpName, QuoteEntry } from "./quote-book";
import type { PricedOffer, QuoteRecord } from "./quote";

type FollowUpDeps = Pick<Services, "config" | "kv" | "generations" | "now" | "quotes" | "deliveries" | "mailQueue" | "holds">;

async function send(services: FollowUpDeps, entry: QuoteEntry, name: FollowUpName, alternatives: DayAlternatives | null): Promise<boolean> {
  const quote = entry.quote as QuoteRecord & { offer: PricedOffer };
  const unsubscribe = await unsubscribeUrl(services, quote.id);
  const page = `${services.config.SITE_ORIGIN}${quotePagePath(quote)}`;
  const sent =
    !!unsubscribe &&
    (await queueMails(services, {
      recordKey: quoteKey(quote.receivedAt, quote.id),
      mails: { [`follow-up-${name}`]: followUpMail(quote, name, { page, unsubscribe }, { ownerEmail: services.config.OWNER_EMAIL, alternatives }) },
    }));
  if (!sent) await services.quotes.unmark(quote.id, name);
  return sent;
}

/** The scheduled run's part: the follow-ups due today; the ids of the quotes followed up. */
export async function sendQuoteFollowUps(services: FollowUpDeps): Promise<string[]> {
  const now = services.now();
  const due = await services.quotes.due(melbourneToday(now), now.toISOString());
  const sent = await Promise.all(due.map(async ({ entry, name }) => ((await send(services, entry, name, null)) ? `${entry.quote.id} ${name}` : null)));
  return sent.filter((id): id is string => id !== null);
}

/**
 * A booking now holds `eventDate` for good: the open quotes for the same booth that day are told,
 * with what is free instead, once no booth of that type is left.
 */
export async function tellQuotesDateTaken(services: FollowUpDeps, eventDate: string, boothType: BoothType): Promise<void> {
  const now = services.now();
  const today = melbourneToday(now);
  if ((await availabilityOn(services, eventDate)).booths[boothType] > 0) return;
  const told = await services.quotes.taken(eventDate, boothType, today, now.toISOString());
  for (const entry of told) {
    const offer = entry.quote.offer as PricedOffer;
    await send(services, entry, "taken", await alternativesFor(services, { eventDate, boothType, extras: offer.extras }, today));
  }
}
