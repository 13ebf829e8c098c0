/**
 * A per-visitor, per-form submission limit in fixed windows, counted in KV. KV is eventually
 * consistent, so a burst across data centres may slip a few extra through; that is enough to
 * stop a script hammering the forms without bothering real visitors.
 */
import { rateLimitKey } from "~/storage-keys";

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** Counts one submission; false when the visitor has used up this window. */
export async function takeSubmission(
  kv: KVNamespace,
  { form, visitor, now }: { form: string; visitor: string; now: Date },
  limit: RateLimit,
): Promise<boolean> {
  const window = Math.floor(now.getTime() / 1000 / limit.windowSeconds);
  const key = rateLimitKey(form, visitor, window);
  const used = Number(await kv.get(key)) || 0;
  if (used >= limit.max) return false;
  await kv.put(key, String(used + 1), { expirationTtl: limit.windowSeconds * 2 });
  return true;
}

/** Cloudflare puts the visitor's address in this header; it cannot be set by the visitor. */
export function visitorOf(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
