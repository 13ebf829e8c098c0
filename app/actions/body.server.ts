/** Reads request bodies with a hard size cap, refusing the wrong content type before reading. */
import type { Outcome } from "~/input/result";
import { refusals } from "~/input/messages";
import { declaredOver, readThrough } from "~/request-body.server";

export const maxBodyBytes = 32 * 1024;

const tooLarge = { ok: false, status: 413, error: refusals.tooLarge } as const;

export function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
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
