/**
 * The links the tests make, as the site makes them (app/links/): on a site where no kind of link
 * was ever taken back, every kind is at generation 0. A test that takes one back moves it on in the
 * Worker and signs with the new one (`atGenerations`, or the Worker's own generations).
 */
import { daySheetUrls, ownerToken, type OwnerFeed } from "~/agenda/tokens.server";
import { ownerLinkPath, type SignedAction } from "~/bookings/record/owner-links.server";
import type { SignedLinkKind } from "~/links/kinds";
import type { LinkGenerations } from "~/links/generations.server";

/** Kinds' generations as given, the others (and every subject's own) at 0; read-only. */
export function atGenerations(generations: Partial<Record<SignedLinkKind, number>>): LinkGenerations {
  return {
    read: (names) => Promise.resolve(names.map(({ kind, subject }) => (subject === undefined ? (generations[kind] ?? 0) : 0))),
    subjects: () => Promise.resolve({}),
    move: () => Promise.reject(new Error("The tests' generations are read-only: move one on in the Worker")),
  };
}

/** Every kind at generation 0. */
export const firstGenerations: LinkGenerations = atGenerations({});

function made<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`No secret to sign ${what} with`);
  return value;
}

/** The owner's signed link for one action on one booking, site-relative. */
export async function ownerLink(secret: string, invoiceNumber: string, action: SignedAction, generations: LinkGenerations = firstGenerations): Promise<string> {
  return made(await ownerLinkPath({ config: { OWNER_LINK_SECRET: secret }, generations }, invoiceNumber, action), `the ${action} link`);
}

/** The current token of one of the owner's feeds (the calendar, the export, reindex, promos). */
export async function feedToken(secret: string, feed: OwnerFeed, generations: LinkGenerations = firstGenerations): Promise<string> {
  return made(await ownerToken({ config: { OWNER_FEED_SECRET: secret }, generations }, feed), `the ${feed} token`);
}

/** The owner's home's token, signed with OWNER_LINK_SECRET. */
export async function homeToken(secret: string, generations: LinkGenerations = firstGenerations): Promise<string> {
  return made(await ownerToken({ config: { OWNER_LINK_SECRET: secret }, generations }, "home"), "the home token");
}

/** The owner's numbers' token, signed with OWNER_LINK_SECRET. */
export async function numbersToken(secret: string, generations: LinkGenerations = firstGenerations): Promise<string> {
  return made(await ownerToken({ config: { OWNER_LINK_SECRET: secret }, generations }, "numbers"), "the numbers token");
}

/** Each date's day sheet address. */
export function daySheetAddresses(config: { SITE_ORIGIN: string; OWNER_DAY_SECRET: string }, dates: Iterable<string>, generations: LinkGenerations = firstGenerations): Promise<Map<string, string>> {
  return daySheetUrls({ config, generations }, dates);
}
