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
 *
 * A subject may have a generation of its own too (`link-generation:{kind}:{subject}`, absent means
 * 0; the owner's links of one booking), moved on to take back that subject's links alone: it is
 * signed into the subject (`generationSubject`), so the links made before any subject had one keep
 * working. It is kept in the key's metadata as well, so one listing reads every subject's at once
 * when many links are signed together (the owner's home, the morning e-mail).
 */
import { hasGeneration, signedKinds, type SignedLinkKind, type LinkSecretName } from "~/links/kinds";
import { linkGenerationKey } from "~/storage-keys";
import { constantTimeEqual } from "~/utils/constant-time";

/** Where the generations are read: the Worker's KV, or the wrangler CLI in the owner's scripts. */
export interface GenerationStore {
  get(key: string): Promise<string | null>;
  /** The Worker's KV lists keys with their metadata, to read every subject's own generation of a kind in one call; without it each subject's is read on its own. */
  list?(options: { prefix: string; cursor?: string }): Promise<{ keys: { name: string; metadata?: unknown }[]; list_complete: boolean; cursor?: string }>;
}

/** What a subject's own generation key holds beside its value, so a listing reads it. */
export interface SubjectGenerationMetadata {
  generation: number;
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

function generationOf(stored: string | null): number {
  const text = stored?.trim() ?? "";
  return /^\d+$/.test(text) ? Number(text) : 0;
}

/** The kind's generation as stored (or, given a subject, that subject's own); 0 until it is first moved on. */
export async function linkGeneration(kv: GenerationStore, kind: SignedLinkKind, subject?: string): Promise<number> {
  return generationOf(await kv.get(linkGenerationKey(kind, subject)));
}

/** Takes back every link of `kind` made so far for one subject alone, moving its own generation on (kept in the key's metadata too, for listings); returns the new one. */
export async function moveSubjectGeneration(kv: Pick<KVNamespace, "get" | "put">, kind: SignedLinkKind, subject: string): Promise<number> {
  const generation = (await linkGeneration(kv, kind, subject)) + 1;
  await kv.put(linkGenerationKey(kind, subject), String(generation), { metadata: { generation } satisfies SubjectGenerationMetadata });
  return generation;
}

/** A subject as signed at its own generation: itself at 0, so links made before it had one keep working. */
export function generationSubject(subject: string, generation: number): string {
  return generation ? `${subject}#${generation}` : subject;
}

/**
 * Each subject's own generation of `kind`, for signing many subjects' links: with a store that
 * lists, every one moved on so far is read in one listing (a page per thousand) and the rest are 0;
 * without, each is read when asked for.
 */
export function subjectGenerations(kv: GenerationStore, kind: SignedLinkKind): (subject: string) => Promise<number> {
  const { list } = kv;
  if (!list) return (subject) => linkGeneration(kv, kind, subject);
  const prefix = `${linkGenerationKey(kind)}:`;
  const readAll = async () => {
    const generations = new Map<string, number>();
    let cursor: string | undefined;
    do {
      const page = await list.call(kv, { prefix, ...(cursor ? { cursor } : {}) });
      for (const { name, metadata } of page.keys) generations.set(name.slice(prefix.length), (metadata as Partial<SubjectGenerationMetadata> | undefined)?.generation ?? 0);
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return generations;
  };
  let listed: ReturnType<typeof readAll> | null = null;
  return async (subject) => {
    listed ??= readAll();
    return (await listed).get(subject) ?? 0;
  };
}

/** Signs subjects as links of `kind` at its current generation (the key is imported and the generation read once); null without the kind's secret. */
export async function linkSigner(keys: LinkKeys, kind: SignedLinkKind): Promise<((subject: string) => Promise<string>) | null> {
  const secret = keys.config[signedKinds[kind]];
  if (!secret) return null;
  const encoder = new TextEncoder();
  const [key, generation] = await Promise.all([
    crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
    // A kind without a generation is signed as at 0, as its links were before it lost one, so those keep working.
    hasGeneration(kind) ? linkGeneration(keys.kv, kind) : 0,
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
