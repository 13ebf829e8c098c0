/**
 * The owner's feed and export addresses carry a token instead of a login: the HMAC-SHA-256 of the
 * feed's name with `OWNER_FEED_SECRET`, so only whoever has the secret (or the address) reads them.
 * The secret is the feeds' own: changing it changes these two addresses and no signed link in an
 * e-mail, and changing `OWNER_LINK_SECRET` leaves them be (docs/operations.md, "Your addresses").
 * `scripts/owner-links.mjs` prints them with this module's own functions.
 */
import type { AppConfig } from "~/config.server";
import { constantTimeEqual } from "~/utils/constant-time";

/** The owner's feeds, rebuilding the index of bookings (`npm run reindex`) and the promo codes' uses (`npm run promo -- list`). */
export type OwnerFeed = "calendar" | "export" | "reindex" | "promos";

export async function ownerToken(secret: string, feed: OwnerFeed): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(feed));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
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
