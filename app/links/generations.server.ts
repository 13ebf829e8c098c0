/**
 * Where every generation of a link lives (app/links/signing.server.ts): one Durable Object
 * (workers/link-generations.ts), read and moved with strong consistency, so a link is never signed
 * at a generation taken back, and no stale copy anywhere can bring one back (docs/product-decisions.md,
 * "Links and what each may do"). KV, where they were kept before, is read once, when the object
 * first starts, and never again. This module only carries requests to it.
 *
 * Nothing is cached between requests: generations only move on, so a remembered one could only
 * accept a link taken back since; and checking a link is one call, whatever generations it names.
 */
import type { SignedLinkKind } from "~/links/kinds";
import { linkGenerationKey } from "~/storage-keys";

/** One generation: a kind's, or one subject's own of a kind (one booking's owner links, one attendant's link or feed). */
export interface GenerationName {
  kind: SignedLinkKind;
  subject?: string;
}

/** A move's outcome: where the generation is now, and whether this request moved it. */
export interface Moved {
  generation: number;
  moved: boolean;
}

export interface LinkGenerations {
  /** The generations named, in their order, read in one call; 0 for one never moved on. */
  read(names: readonly GenerationName[]): Promise<number[]>;
  /** Every subject's own generation of `kind` moved on so far, read in one call (the others are at 0). */
  subjects(kind: SignedLinkKind): Promise<Record<string, number>>;
  /** Moves one generation on, taking back every link made at it; given `from`, only while it is still there, so a request sent twice moves it once. */
  move(name: GenerationName, from?: number): Promise<Moved>;
}

const keyOf = ({ kind, subject }: GenerationName) => linkGenerationKey(kind, subject);

export function durableLinkGenerations(namespace: DurableObjectNamespace): LinkGenerations {
  // One object for the site: a read names a handful of keys, and they must all be read at one moment.
  const stub = () => namespace.get(namespace.idFromName("all"));
  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await stub().fetch(`https://link-generations${path}`, { method: "POST", body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`The link generations answered ${response.status} to ${path}: ${await response.text()}`);
    return response.json<T>();
  }
  return {
    read: (names) => (names.length ? call("/read", { keys: names.map(keyOf) }) : Promise.resolve([])),
    subjects: (kind) => call("/subjects", { prefix: `${linkGenerationKey(kind)}:` }),
    move: (name, from) => call("/move", { key: keyOf(name), from }),
  };
}

declare module "~/types/services" {
  interface Services {
    /** The generations that take links back, read and moved in one place. */
    generations: LinkGenerations;
  }
}
