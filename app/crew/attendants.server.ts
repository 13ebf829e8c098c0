/**
 * The attendants the owner keeps (docs/product-decisions.md, "Attendants"), each a KV record
 * (`attendant:{id}`, with how the e-mails to them went), added, changed and removed from the
 * owner's home; and each one's own link (kind `attendant`, signed over their id at a generation of
 * their own), which the owner takes back or sends afresh for one attendant without touching anyone
 * else's.
 */
import { queueMails } from "~/mail/queue.server";
import type { AttendantInput } from "~/input/owner-forms";
import { generationSubject, isLinkToken, linkGeneration, linkSigner, moveSubjectGeneration, subjectGenerations, type AddressKeys, type LinkKeys, type SubjectNow } from "~/links/signing.server";
import { attendantKey, keyPrefix } from "~/storage-keys";
import type { Services } from "~/types/services";
import { newSecret } from "~/utils/random-secret";
import { melbourneToday } from "~/utils/melbourne-time";
import type { Attendant } from "./crew";
import { freshLinkMail } from "./mails.server";

type StoredAttendant = Attendant & { emailDelivery: Record<string, unknown> };

export async function readAttendant(kv: KVNamespace, id: string): Promise<StoredAttendant | null> {
  return kv.get<StoredAttendant>(attendantKey(id), "json");
}

/** Every attendant kept, removed ones last, each group by name. */
export async function listAttendants(kv: KVNamespace): Promise<StoredAttendant[]> {
  const { keys } = await kv.list({ prefix: keyPrefix.attendant });
  const all = (await Promise.all(keys.map(({ name }) => kv.get<StoredAttendant>(name, "json")))).filter((attendant): attendant is StoredAttendant => attendant !== null);
  return all.sort((a, b) => Number(!!a.removedAt) - Number(!!b.removedAt) || a.name.localeCompare(b.name));
}

/** Their page, `/crew/{id}?sig=…`, site-relative, for any number of attendants; null without the secret. */
export function attendantPathSigner(keys: LinkKeys): (id: string) => Promise<string | null> {
  const signer = linkSigner(keys, "attendant");
  const generationOf = subjectGenerations(keys.generations, "attendant");
  return async (id) => {
    const [sign, generation] = await Promise.all([signer, generationOf(id)]);
    return sign ? `/crew/${id}?sig=${await sign(generationSubject(id, generation))}` : null;
  };
}

export async function attendantPageUrl(keys: AddressKeys, id: string): Promise<string | null> {
  const path = await attendantPathSigner(keys)(id);
  return path && `${keys.config.SITE_ORIGIN}${path}`;
}

/** The attendant whose link of `kind` `sig` is, signed over their subject as it stands now (their generations in it, read with the kind's in one call); null for anything else, or one no longer on the crew. */
async function signedForAttendant(services: Pick<Services, "config" | "kv" | "generations">, id: string | undefined, kind: "attendant" | "attendant-proof" | "attendant-feed", subject: (id: string) => SubjectNow, sig: string | null): Promise<StoredAttendant | null> {
  if (!id || !/^A-[A-Za-z0-9_-]{8,40}$/.test(id)) return null;
  const [current, attendant] = await Promise.all([isLinkToken(services, kind, subject(id), sig), readAttendant(services.kv, id)]);
  return current && attendant && !attendant.removedAt ? attendant : null;
}

/** `subject` at the attendant's own generation, for the kinds that go with their link. */
const atAttendantGeneration =
  (subject: (id: string) => string) =>
  (id: string): SubjectNow => ({ names: [{ kind: "attendant", subject: id }], subject: ([own = 0]) => generationSubject(subject(id), own) });

/** The attendant a link names, while the link is current and they are on the crew; null for anything else. */
export function attendantOfLink(services: Pick<Services, "config" | "kv" | "generations">, id: string | undefined, query: URLSearchParams): Promise<StoredAttendant | null> {
  return signedForAttendant(services, id, "attendant", atAttendantGeneration((own) => own), query.get("sig"));
}

/** What an attendant's feed is signed over: their id at their own generation and at the feed's own. */
const feedSubjectNow = (id: string): SubjectNow => ({
  names: [
    { kind: "attendant", subject: id },
    { kind: "attendant-feed", subject: id },
  ],
  subject: ([attendantGeneration = 0, feedGeneration = 0]) => `${id}/feed@${attendantGeneration}.${feedGeneration}`,
});

/** Their calendar feed, `/crew/{id}/calendar.ics?sig=…` (kind `attendant-feed`), site-relative; null without the secret. */
export async function attendantFeedPath(keys: LinkKeys, id: string): Promise<string | null> {
  const { names, subject } = feedSubjectNow(id);
  const [sign, generations] = await Promise.all([linkSigner(keys, "attendant-feed"), keys.generations.read(names)]);
  return sign && `/crew/${id}/calendar.ics?sig=${await sign(subject(generations))}`;
}

/** The attendant a feed's address names, while it is current and they are on the crew; null for anything else (their page's signature among them). */
export function attendantOfFeed(services: Pick<Services, "config" | "kv" | "generations">, id: string | undefined, query: URLSearchParams): Promise<StoredAttendant | null> {
  return signedForAttendant(services, id, "attendant-feed", feedSubjectNow, query.get("sig"));
}

/** Takes back the attendant's calendar address alone: their page keeps working, and shows the new one. */
export async function takeBackFeed(services: Pick<Services, "kv" | "generations">, id: string): Promise<CrewOutcome> {
  const attendant = await readAttendant(services.kv, id);
  if (!attendant || attendant.removedAt) return { ok: false, said: "That attendant is no longer on your crew." };
  await moveSubjectGeneration(services.generations, "attendant-feed", id);
  return { ok: true, said: `Took back ${attendant.name}'s calendar address: their page shows the new one, to subscribe to again.` };
}

/** What an attendant's view of one event's proof is signed over: their id and the booking's number. */
const proofSubject = (id: string, invoiceNumber: string) => `${id}/${invoiceNumber}`;

/**
 * Signs an attendant's views of their events' proofs (kind `attendant-proof`), one per booking, at
 * the attendant's own generation: taking back their link takes these too. Null without the secret.
 */
export async function attendantProofSigner(keys: LinkKeys, id: string): Promise<((invoiceNumber: string) => Promise<string>) | null> {
  const [sign, generation] = await Promise.all([linkSigner(keys, "attendant-proof"), linkGeneration(keys.generations, "attendant", id)]);
  return sign && ((invoiceNumber) => sign(generationSubject(proofSubject(id, invoiceNumber), generation)));
}

/** The attendant an `attendant-proof` link of booking `invoiceNumber` names, while it is current and they are on the crew; null for anything else. */
export function attendantOfProofLink(services: Pick<Services, "config" | "kv" | "generations">, id: string | undefined, invoiceNumber: string | undefined, query: URLSearchParams): Promise<StoredAttendant | null> {
  return invoiceNumber ? signedForAttendant(services, id, "attendant-proof", atAttendantGeneration((own) => proofSubject(own, invoiceNumber)), query.get("sig")) : Promise.resolve(null);
}

export interface CrewOutcome {
  ok: boolean;
  said: string;
}

/**
 * Adds an attendant, or changes one (its id given): what they were e-mailed and when they were
 * added stay. A new e-mail address takes back their link (the old mailbox may be someone else's
 * now) and sends the fresh one to the new address only.
 */
export async function saveAttendant(services: Pick<Services, "kv" | "generations" | "config" | "now" | "deliveries" | "mailQueue">, input: AttendantInput): Promise<CrewOutcome> {
  const before = input.id ? await readAttendant(services.kv, input.id) : null;
  if (input.id && (!before || before.removedAt)) return { ok: false, said: "That attendant is no longer on your crew." };
  const id = before?.id ?? `A-${newSecret().slice(0, 12)}`;
  const { id: _id, ...fields } = input;
  const attendant: StoredAttendant = { kind: "attendant", id, addedAt: before?.addedAt ?? services.now().toISOString(), emailDelivery: before?.emailDelivery ?? {}, ...fields };
  await services.kv.put(attendantKey(id), JSON.stringify(attendant, null, 2), { metadata: { summary: `Attendant ${attendant.name}` } });
  if (!before) return { ok: true, said: `Added ${attendant.name} to your crew. Send them their link below.` };
  if (before.email.trim().toLowerCase() === attendant.email.trim().toLowerCase()) return { ok: true, said: `Saved ${attendant.name}'s details.` };
  // The record as just saved: a read of KV may still find the old address.
  return { ok: true, said: `Saved ${attendant.name}'s details with a new address. ${await freshLink(services, attendant)}` };
}

/**
 * Removes an attendant: kept for the records of past events, taken off every coming one (which the
 * answer names, for the owner to staff again), and their link stops working.
 */
export async function removeAttendant(services: Pick<Services, "kv" | "generations" | "now" | "crew">, id: string): Promise<CrewOutcome> {
  const attendant = await readAttendant(services.kv, id);
  if (!attendant || attendant.removedAt) return { ok: false, said: "That attendant is no longer on your crew." };
  const now = services.now();
  const coming = await services.crew.ofAttendant(id, melbourneToday(now));
  await Promise.all(coming.map((assignment) => services.crew.unassign(id, assignment.invoiceNumber)));
  await services.kv.put(attendantKey(id), JSON.stringify({ ...attendant, removedAt: now.toISOString() }, null, 2), { metadata: { summary: `Attendant ${attendant.name} (removed)` } });
  await moveSubjectGeneration(services.generations, "attendant", id);
  const unstaffed = coming.map((assignment) => `${assignment.invoiceNumber} on ${assignment.eventDate}`);
  return { ok: true, said: `Removed ${attendant.name}.${unstaffed.length ? ` They are off ${unstaffed.join(", ")}: assign someone else.` : ""}` };
}

/** Takes back the attendant's link and e-mails them a fresh one; no other attendant's changes. */
export async function sendFreshLink(services: Pick<Services, "kv" | "generations" | "config" | "now" | "deliveries" | "mailQueue">, id: string): Promise<CrewOutcome> {
  const attendant = await readAttendant(services.kv, id);
  if (!attendant || attendant.removedAt) return { ok: false, said: "That attendant is no longer on your crew." };
  return { ok: true, said: await freshLink(services, attendant) };
}

/** Moves the attendant's generation on and e-mails the new link to the address `attendant` has; what was done, in a sentence. */
async function freshLink(services: Pick<Services, "kv" | "generations" | "config" | "now" | "deliveries" | "mailQueue">, attendant: StoredAttendant): Promise<string> {
  const generation = await moveSubjectGeneration(services.generations, "attendant", attendant.id);
  const page = await attendantPageUrl(services, attendant.id);
  if (page) await queueMails(services, { recordKey: attendantKey(attendant.id), mails: { [`link-${generation}`]: freshLinkMail(attendant, page, services.config.OWNER_EMAIL) } });
  return `Took back ${attendant.name}'s old link${page ? ` and e-mailed a new one to ${attendant.email}` : ""}.`;
}
