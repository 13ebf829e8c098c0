/**
 * The owner's feed and export addresses carry a token instead of a login: the HMAC-SHA-256 of the
 * feed's name with `OWNER_FEED_SECRET`, so only whoever has the secret (or the address) reads them.
 * The secret is the feeds' own: changing it changes these two addresses and no signed link in an
 * e-mail, and changing `OWNER_LINK_SECRET` leaves them be (docs/operations.md, "Your addresses").
 * `scripts/owner-links.mjs` prints them with this module's own functions.
 *
 * The day sheets (`/owner/day/YYYY-MM-DD`) are signed the same way with their own secret,
 * `OWNER_DAY_SECRET`, over the date: one address per date, the same in every feed and e-mail, so a
 * phone's calendar event keeps its link however often the feed is read. It works until
 * `agenda.daySheetDaysAfter` days after the date: long enough to settle up after an event, and no
 * longer, as a sheet carries the clients' numbers and addresses (docs/operations.md, "The day sheet").
 */
import { agenda } from "~/business";
import type { AppConfig } from "~/config.server";
import { constantTimeEqual } from "~/utils/constant-time";
import { addDays } from "~/utils/melbourne-time";

/** The owner's feeds, rebuilding the index of bookings (`npm run reindex`) and the promo codes' uses (`npm run promo -- list`). */
export type OwnerFeed = "calendar" | "export" | "reindex" | "promos";

/** Signs texts with `secret` (HMAC-SHA-256, as hex); the key is imported once for however many texts. */
async function signer(secret: string): Promise<(text: string) => Promise<string>> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async (text) => {
    const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text));
    return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  };
}

export async function ownerToken(secret: string, feed: OwnerFeed): Promise<string> {
  return (await signer(secret))(feed);
}

/** True when `token` is the feed's; false without a secret configured. */
export async function isOwnerToken(secret: string | undefined, feed: OwnerFeed, token: string | null): Promise<boolean> {
  if (!secret) return false;
  return constantTimeEqual(token ?? "", await ownerToken(secret, feed));
}

export interface OwnerFeedUrls {
  calendar: string;
  export: (from: string, to: string) => string;
}

/** The owner's calendar feed, and the export of a range of dates; null without a secret. */
export async function ownerFeedUrls(config: Pick<AppConfig, "SITE_ORIGIN" | "OWNER_FEED_SECRET">): Promise<OwnerFeedUrls | null> {
  const secret = config.OWNER_FEED_SECRET;
  if (!secret) return null;
  const [calendar, exportToken] = await Promise.all([ownerToken(secret, "calendar"), ownerToken(secret, "export")]);
  return {
    calendar: `${config.SITE_ORIGIN}/owner/calendar.ics?token=${calendar}`,
    export: (from: string, to: string) => `${config.SITE_ORIGIN}/owner/export.csv?from=${from}&to=${to}&token=${exportToken}`,
  };
}

const daySheetText = (date: string) => `day-sheet ${date}`;

/** The address of the day sheet of each date, signed with `OWNER_DAY_SECRET`; empty without the secret. */
export async function daySheetUrls(config: Pick<AppConfig, "SITE_ORIGIN" | "OWNER_DAY_SECRET">, dates: Iterable<string>): Promise<Map<string, string>> {
  const secret = config.OWNER_DAY_SECRET;
  if (!secret) return new Map();
  const sign = await signer(secret);
  const unique = [...new Set(dates)];
  const tokens = await Promise.all(unique.map((date) => sign(daySheetText(date))));
  return new Map(unique.map((date, index) => [date, `${config.SITE_ORIGIN}/owner/day/${date}?token=${tokens[index]}`]));
}

/** True when `token` is `date`'s and the sheet has not expired on `today` (Melbourne); false without a secret configured. */
export async function isDaySheetToken(secret: string | undefined, date: string, token: string | null, today: string): Promise<boolean> {
  if (!secret || today > addDays(date, agenda.daySheetDaysAfter)) return false;
  return constantTimeEqual(token ?? "", await (await signer(secret))(daySheetText(date)));
}
