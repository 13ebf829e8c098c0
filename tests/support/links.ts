/**
 * The links the tests make, as the site makes them (app/links/): on a site where no kind of link
 * was ever taken back, every kind is at generation 0. A test that takes one back writes the
 * generation into the Worker's KV and signs with it (`atGenerations`).
 */
import { daySheetUrls, ownerToken, type OwnerFeed } from "~/agenda/tokens.server";
import { ownerLinkPath, type SignedAction } from "~/bookings/record/owner-links.server";
import type { SignedLinkKind } from "~/links/kinds";
import type { GenerationStore } from "~/links/signing.server";
import { linkGenerationKey } from "~/storage-keys";

/** Every kind at generation 0. */
export const firstGenerations: GenerationStore = { get: () => Promise.resolve(null) };

/** Generations as given, the others at 0. */
export function atGenerations(generations: Partial<Record<SignedLinkKind, number>>): GenerationStore {
  const stored = new Map(Object.entries(generations).map(([kind, generation]) => [linkGenerationKey(kind), String(generation)]));
  return { get: (key) => Promise.resolve(stored.get(key) ?? null) };
}

function made<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`No secret to sign ${what} with`);
  return value;
}

/** The owner's signed link for one action on one booking, site-relative. */
export async function ownerLink(secret: string, invoiceNumber: string, action: SignedAction, kv: GenerationStore = firstGenerations): Promise<string> {
  return made(await ownerLinkPath({ config: { OWNER_LINK_SECRET: secret }, kv }, invoiceNumber, action), `the ${action} link`);
}

/** The current token of one of the owner's feeds (the calendar, the export, reindex, promos). */
export async function feedToken(secret: string, feed: OwnerFeed, kv: GenerationStore = firstGenerations): Promise<string> {
  return made(await ownerToken({ config: { OWNER_FEED_SECRET: secret }, kv }, feed), `the ${feed} token`);
}

/** The owner's home's token, signed with OWNER_LINK_SECRET. */
export async function homeToken(secret: string, kv: GenerationStore = firstGenerations): Promise<string> {
  return made(await ownerToken({ config: { OWNER_LINK_SECRET: secret }, kv }, "home"), "the home token");
}

/** The owner's numbers' token, signed with OWNER_LINK_SECRET. */
export async function numbersToken(secret: string, kv: GenerationStore = firstGenerations): Promise<string> {
  return made(await ownerToken({ config: { OWNER_LINK_SECRET: secret }, kv }, "numbers"), "the numbers token");
}

/** Each date's day sheet address. */
export function daySheetAddresses(config: { SITE_ORIGIN: string; OWNER_DAY_SECRET: string }, dates: Iterable<string>, kv: GenerationStore = firstGenerations): Promise<Map<string, string>> {
  return daySheetUrls({ config, kv }, dates);
}
