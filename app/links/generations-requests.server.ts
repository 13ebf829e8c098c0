/**
 * The owner's scripts reach the generations of links through the site (`POST
 * /owner/link-generations`), as only the Worker reaches its Durable Objects: `npm run owner:links`
 * reads them to sign the addresses it prints, and moves one on to take a kind back (docs/operations.md,
 * "Every link and token"). A request is signed with `OWNER_LINK_SECRET` over the moment it was
 * made and its body, and is refused once `requestLifetimeMs` away from the site's clock: one read
 * from a log later is no use, and a move sent twice within it moves once, as it names the
 * generation it moves from.
 */
import { isLinkToken, linkSigner, type LinkKeys } from "~/links/signing.server";

/** Either side of the site's clock, for a script on a machine whose clock is a little out. */
const requestLifetimeMs = 5 * 60_000;

const signedOver = (at: number, body: string) => `${at}\n${body}`;

/** The address of a request with `body` made at `at` (milliseconds since the epoch), site-relative; null without the secret. */
export async function generationsRequestPath(keys: LinkKeys, body: string, at: number): Promise<string | null> {
  const sign = await linkSigner(keys, "link-generations");
  return sign && `/owner/link-generations?at=${at}&sig=${await sign(signedOver(at, body))}`;
}

/** Whether the request is the owner's, made within the lifetime of `now`. */
export async function isGenerationsRequest(keys: LinkKeys, query: URLSearchParams, body: string, now: Date): Promise<boolean> {
  const at = Number(query.get("at"));
  if (!Number.isSafeInteger(at) || Math.abs(now.getTime() - at) > requestLifetimeMs) return false;
  return isLinkToken(keys, "link-generations", signedOver(at, body), query.get("sig"));
}
