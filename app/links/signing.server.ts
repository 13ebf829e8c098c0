/**
 * Signing and checking every signed kind of link (app/links/kinds.ts): a link's token is the
 * HMAC-SHA-256, with its kind's secret, of its kind, its subject (a booking's number, a date, or
 * nothing) and its kind's current generation. Whoever lacks the secret cannot make or alter one,
 * and moving a kind's generation on (`npm run owner:links -- --revoke {kind}`) makes every link of
 * that kind answer 404, exactly as a forged one does, while every other kind keeps working.
 *
 * The generations are KV keys (`link-generation:{kind}`, absent means 0), read with KV's usual
 * cache: a revocation written with wrangler reaches every Cloudflare location within about a
 * minute (docs/operations.md, "Every link and token").
 */
import { signedKinds, type SignedLinkKind, type LinkSecretName } from "~/links/kinds";
import { linkGenerationKey } from "~/storage-keys";
import { constantTimeEqual } from "~/utils/constant-time";

/** Where the generations are read: the Worker's KV, or the wrangler CLI in the owner's scripts. */
export interface GenerationStore {
  get(key: string): Promise<string | null>;
}

/** What signing or checking a link needs: the secrets, and the generations. */
export interface LinkKeys {
  config: Partial<Record<LinkSecretName, string>>;
  kv: GenerationStore;
}

/** Signing keys and the site's address, to make full addresses. */
export interface AddressKeys extends LinkKeys {
  config: LinkKeys["config"] & { SITE_ORIGIN: string };
}

/** The kind's generation as stored; 0 until it is first moved on. */
export async function linkGeneration(kv: GenerationStore, kind: SignedLinkKind): Promise<number> {
  const stored = (await kv.get(linkGenerationKey(kind)))?.trim() ?? "";
  return /^\d+$/.test(stored) ? Number(stored) : 0;
}

/** Signs subjects as links of `kind` at its current generation (the key is imported and the generation read once); null without the kind's secret. */
export async function linkSigner(keys: LinkKeys, kind: SignedLinkKind): Promise<((subject: string) => Promise<string>) | null> {
  const secret = keys.config[signedKinds[kind]];
  if (!secret) return null;
  const encoder = new TextEncoder();
  const [key, generation] = await Promise.all([
    crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
    linkGeneration(keys.kv, kind),
  ]);
  return async (subject) => {
    const signature = await crypto.subtle.sign("HMAC", key, encoder.encode(`${kind}\n${subject}\n${generation}`));
    return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  };
}

/** True when `token` is the current one for `subject` as a link of `kind`; false for anything else, or without the kind's secret. */
export async function isLinkToken(keys: LinkKeys, kind: SignedLinkKind, subject: string, token: string | null): Promise<boolean> {
  const sign = await linkSigner(keys, kind);
  if (!sign || !token) return false;
  return constantTimeEqual(token, await sign(subject));
}
