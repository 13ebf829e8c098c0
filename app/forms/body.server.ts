/** Reads request bodies with a hard size cap, refusing the wrong content type before reading. */
import type { Outcome } from "./result";
import { refusals } from "./messages";

export const maxBodyBytes = 32 * 1024;

const tooLarge = { ok: false, status: 413, error: refusals.tooLarge } as const;

export function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Up to `limit` bytes of the body, and whether that was all of it: past the cap reading stops and
 * the rest is never read.
 */
export async function readPrefix(request: Request, limit: number): Promise<{ bytes: Uint8Array; complete: boolean }> {
  if (!request.body) return { bytes: new Uint8Array(), complete: true };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let complete = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - total;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      total = limit;
      complete = false;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, complete };
}

/** The body as text, or null once it passes the cap (by Content-Length or by the bytes actually read). */
export async function readCapped(request: Request, limit = maxBodyBytes): Promise<string | null> {
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > limit) return null;
  const { bytes, complete } = await readPrefix(request, limit);
  return complete ? new TextDecoder().decode(bytes) : null;
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
  const value: Record<string, string> = {};
  for (const [key, field] of new URLSearchParams(text)) value[key] = field;
  return { ok: true, value };
}
