/** Reads request bodies with a hard size cap, refusing the wrong content type before reading. */
import type { Outcome } from "~/input/result";
import { refusals } from "~/input/messages";

export const maxBodyBytes = 32 * 1024;

/**
 * The most of a body that is ever read. A body is read to its end even past what is kept of it,
 * because `wrangler dev` does not survive a request whose body the Worker stops reading part way
 * (docs/architecture.md, "Request bodies"); one that declares more than this is answered unread.
 */
export const maxReadBytes = 32 * 1024 * 1024;

const tooLarge = { ok: false, status: 413, error: refusals.tooLarge } as const;

export function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Whether the body's declared length is over `limit`: such a body is refused without reading it. */
export function declaredOver(request: Request, limit: number): boolean {
  return Number(request.headers.get("Content-Length")) > limit;
}

/**
 * Reads the body to its end, handing each chunk to `take`, and says whether it was all read: only a
 * body sent without its length can pass `maxReadBytes`, and reading stops there.
 */
export async function readThrough(request: Request, take: (chunk: Uint8Array) => void): Promise<boolean> {
  if (!request.body) return true;
  const reader = request.body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    total += value.byteLength;
    if (total > maxReadBytes) {
      await reader.cancel();
      return false;
    }
    take(value);
  }
}

/**
 * Reads what nobody read of a body to its end and keeps none of it, for a request answered without
 * it (a link that opens nothing, a post from another site): workerd drops the connection of a
 * request whose body is left unread, and a sender still writing it gets a reset, not the answer.
 * One declaring more than `maxReadBytes` is answered unread.
 */
export async function discardUnread(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked || declaredOver(request, maxReadBytes)) return;
  await readThrough(request, () => undefined);
}

/** The body as text, or null once it passes the cap (by Content-Length, unread, or by the bytes read). */
export async function readCapped(request: Request, limit = maxBodyBytes): Promise<string | null> {
  if (declaredOver(request, limit)) return null;
  const kept = new Uint8Array(limit);
  let length = 0;
  let over = false;
  const whole = await readThrough(request, (chunk) => {
    if (over || length + chunk.byteLength > limit) over = true;
    else {
      kept.set(chunk, length);
      length += chunk.byteLength;
    }
  });
  return whole && !over ? new TextDecoder().decode(kept.subarray(0, length)) : null;
}

export async function readJsonBody(request: Request): Promise<Outcome<Record<string, unknown>>> {
  if (mediaType(request) !== "application/json") return { ok: false, status: 415, error: refusals.wrongContentType };
  const text = await readCapped(request);
  if (text === null) return tooLarge;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, error: refusals.malformedJson };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, status: 400, error: refusals.notAnObject };
  return { ok: true, value: value as Record<string, unknown> };
}

export async function readFormBody(request: Request): Promise<Outcome<Record<string, string>>> {
  if (mediaType(request) !== "application/x-www-form-urlencoded") return { ok: false, status: 415, error: refusals.wrongFormContentType };
  const text = await readCapped(request);
  if (text === null) return tooLarge;
  return { ok: true, value: fieldsOf(text) };
}

/** The fields of an `application/x-www-form-urlencoded` body. */
export function fieldsOf(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}
