/**
 * The owner's standing addresses carry a token instead of a login (app/links/signing.server.ts):
 * the calendar feed and the export, and the tokens of `npm run reindex` and `npm run promo -- list`,
 * made with `OWNER_FEED_SECRET`; the day sheets (`/owner/day/YYYY-MM-DD`), made with
 * `OWNER_DAY_SECRET` over the date. Each is its own kind of link, taken back on its own
 * (docs/operations.md, "Every link and token"). `scripts/owner-links.mjs` prints them with this
 * module's own functions.
 *
 * A day sheet has one address per date, the same in every feed and e-mail, so a phone's calendar
 * event keeps its link however often the feed is read. It works until `agenda.daySheetDaysAfter`
 * days after the date: long enough to settle up after an event, and no longer, as a sheet carries
 * the clients' numbers and addresses (docs/operations.md, "The day sheet").
 */
import { agenda } from "~/business";
import { isLinkToken, linkSigner, type AddressKeys, type LinkKeys } from "~/links/signing.server";
import { addDays } from "~/utils/melbourne-time";

/** The owner's feeds, rebuilding the index of bookings (`npm run reindex`), the promo codes' uses (`npm run promo -- list`), the owner's home and their numbers. */
export type OwnerFeed = "feed" | "export" | "reindex" | "promos" | "home" | "numbers" | "crew-hours";

/** The feed's current token; null without `OWNER_FEED_SECRET`. */
export async function ownerToken(keys: LinkKeys, feed: OwnerFeed): Promise<string | null> {
  const sign = await linkSigner(keys, feed);
  return sign ? sign("") : null;
}

/** True when `token` is the feed's current one; false without a secret configured. */
export function isOwnerToken(keys: LinkKeys, feed: OwnerFeed, token: string | null): Promise<boolean> {
  return isLinkToken(keys, feed, "", token);
}

export interface OwnerFeedUrls {
  calendar: string;
  export: (from: string, to: string) => string;
  /** A month (YYYY-MM) of the books in Xero's import templates: its sales invoices and its credit notes. */
  xero: (month: string) => { salesInvoices: string; creditNotes: string };
}

/** The owner's calendar feed, and the export of a range of dates; null without a secret. */
export async function ownerFeedUrls(keys: AddressKeys): Promise<OwnerFeedUrls | null> {
  const [calendar, exportToken] = await Promise.all([ownerToken(keys, "feed"), ownerToken(keys, "export")]);
  if (!calendar || !exportToken) return null;
  const origin = keys.config.SITE_ORIGIN;
  return {
    calendar: `${origin}/owner/calendar.ics?token=${calendar}`,
    export: (from: string, to: string) => `${origin}/owner/export.csv?from=${from}&to=${to}&token=${exportToken}`,
    xero: (month: string) => ({
      salesInvoices: `${origin}/owner/xero/${month}/sales-invoices.csv?token=${exportToken}`,
      creditNotes: `${origin}/owner/xero/${month}/credit-notes.csv?token=${exportToken}`,
    }),
  };
}

/** The owner's home (`/owner?token=…`, signed with `OWNER_LINK_SECRET`); null without the secret. */
export async function ownerHomeUrl(keys: AddressKeys): Promise<string | null> {
  const token = await ownerToken(keys, "home");
  return token ? `${keys.config.SITE_ORIGIN}/owner?token=${token}` : null;
}

/** The owner's numbers (`/owner/numbers?token=…`, signed with `OWNER_LINK_SECRET`, read-only); null without the secret. */
export async function ownerNumbersUrl(keys: AddressKeys): Promise<string | null> {
  const token = await ownerToken(keys, "numbers");
  return token ? `${keys.config.SITE_ORIGIN}/owner/numbers?token=${token}` : null;
}

/** The address of the day sheet of each date, signed with `OWNER_DAY_SECRET`; empty without the secret. */
export async function daySheetUrls(keys: AddressKeys, dates: Iterable<string>): Promise<Map<string, string>> {
  const sign = await linkSigner(keys, "day-sheet");
  if (!sign) return new Map();
  const unique = [...new Set(dates)];
  const tokens = await Promise.all(unique.map((date) => sign(date)));
  return new Map(unique.map((date, index) => [date, `${keys.config.SITE_ORIGIN}/owner/day/${date}?token=${tokens[index]}`]));
}

/** True when `token` is `date`'s current one and the sheet has not expired on `today` (Melbourne); false without a secret configured. */
export async function isDaySheetToken(keys: LinkKeys, date: string, token: string | null, today: string): Promise<boolean> {
  if (today > addDays(date, agenda.daySheetDaysAfter)) return false;
  return isLinkToken(keys, "day-sheet", date, token);
}
