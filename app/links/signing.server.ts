/**
 * Signing and checking every signed kind of link (app/links/kinds.ts): a link's token is the
 * HMAC-SHA-256, with its kind's secret, of its kind, its subject (a booking's number, a date, or
 * nothing) and its kind's current generation. Whoever lacks the secret cannot make or alter one,
 * and moving a kind's generation on (`npm run owner:links -- --revoke {kind}`) makes every link of
 * that kind answer 404, exactly as a forged one does, while every other kind keeps working.
 *
 * The generations live in one Durable Object (app/links/generations.server.ts), absent means 0: a
 * revocation holds from the next request on, everywhere.
 *
 * A subject may have a generation of its own too (the owner's links of one booking, one
 * attendant's link and feed), moved on to take back that subject's links alone: it is signed into
 * the subject (`generationSubject`), so the links made before any subject had one keep working.
 * Checking a link reads its kind's generation and its subject's in one call.
 */
import type { GenerationName, LinkGenerations } from "~/links/generations.server";
import { hasGeneration, signedKinds, type SignedLinkKind, type LinkSecretName } from "~/links/kinds";
import { constantTimeEqual } from "~/utils/constant-time";

/** What signing or checking a link needs: the secrets, and the generations. */
export interface LinkKeys {
  config: Partial<Record<LinkSecretName, string>>;
  generations: LinkGenerations;
}

/** Signing keys and the site's address, to make full addresses. */
export interface AddressKeys extends LinkKeys {
  config: LinkKeys["config"] & { SITE_ORIGIN: string };
}

/** The kind's generation as stored (or, given a subject, that subject's own); 0 until it is first moved on. */
export async function linkGeneration(generations: LinkGenerations, kind: SignedLinkKind, subject?: string): Promise<number> {
  const [generation = 0] = await generations.read([{ kind, subject }]);
  return generation;
}

/** Takes back every link of `kind` made so far for one subject alone, moving its own generation on; returns the new one. */
export async function moveSubjectGeneration(generations: LinkGenerations, kind: SignedLinkKind, subject: string): Promise<number> {
  return (await generations.move({ kind, subject })).generation;
}

/** A subject as signed at its own generation: itself at 0, so links made before it had one keep working. */
export function generationSubject(subject: string, generation: number): string {
  return generation ? `${subject}#${generation}` : subject;
}

/** Each subject's own generation of `kind`, for signing many subjects' links: every one moved on so far is read in one call, the first time one is asked for; the rest are 0. */
export function subjectGenerations(generations: LinkGenerations, kind: SignedLinkKind): (subject: string) => Promise<number> {
  let listed: Promise<Record<string, number>> | null = null;
  return async (subject) => {
    listed ??= generations.subjects(kind);
    return (await listed)[subject] ?? 0;
  };
}

type Signer = (subject: string) => Promise<string>;

/** Signs subjects as links of `kind` at `generation`, with `secret`. */
async function signerAt(secret: string, kind: SignedLinkKind, generation: number): Promise<Signer> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async (subject) => {
    const signature = await crypto.subtle.sign("HMAC", key, encoder.encode(`${kind}\n${subject}\n${generation}`));
    return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  };
}

/** The kind's generation, read with `names` in the same call, and theirs; a kind without a generation is signed as at 0, as its links were before it lost one, so those keep working. */
async function generationsWith(generations: LinkGenerations, kind: SignedLinkKind, names: readonly GenerationName[]): Promise<[number, number[]]> {
  if (!hasGeneration(kind)) return [0, names.length ? await generations.read(names) : []];
  const [generation = 0, ...rest] = await generations.read([{ kind }, ...names]);
  return [generation, rest];
}

/** Signs subjects as links of `kind` at its current generation (the key is imported and the generation read once); null without the kind's secret. */
export async function linkSigner(keys: LinkKeys, kind: SignedLinkKind): Promise<Signer | null> {
  const secret = keys.config[signedKinds[kind]];
  if (!secret) return null;
  const [generation] = await generationsWith(keys.generations, kind, []);
  return signerAt(secret, kind, generation);
}

/** What a link is signed over as it stands now: made from the subject generations it names, read with its kind's in one call. */
export interface SubjectNow {
  names: readonly GenerationName[];
  subject: (generations: readonly number[]) => string;
}

/** True when `token` is the current one for `subject` as a link of `kind`; false for anything else, or without the kind's secret. */
export async function isLinkToken(keys: LinkKeys, kind: SignedLinkKind, subject: string | SubjectNow, token: string | null): Promise<boolean> {
  const secret = keys.config[signedKinds[kind]];
  if (!secret || !token) return false;
  const now = typeof subject === "string" ? { names: [], subject: () => subject } : subject;
  const [generation, subjects] = await generationsWith(keys.generations, kind, now.names);
  const sign = await signerAt(secret, kind, generation);
  return constantTimeEqual(token, await sign(now.subject(subjects)));
}
