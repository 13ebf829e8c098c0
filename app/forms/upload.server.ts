/**
 * Reads a form that may carry a file (`multipart/form-data`), as well as the plain and JSON forms
 * the same action takes. The body is read up to a cap and no further: past it, the fields that
 * arrived whole before the file are still read, so a refused upload loses nothing else typed.
 */
import { mediaType, readJsonBody, readPrefix } from "./body.server";
import { refusals } from "./messages";
import type { Outcome } from "./result";

export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
}

export interface Submission {
  fields: Record<string, unknown>;
  file: UploadedFile | null;
  /** The body was larger than the cap: `fields` holds those that came before it, `file` is null. */
  truncated: boolean;
}

const encoder = new TextEncoder();

function lastIndexOf(bytes: Uint8Array, pattern: Uint8Array): number {
  outer: for (let start = bytes.length - pattern.length; start >= 0; start--) {
    for (let index = 0; index < pattern.length; index++) if (bytes[start + index] !== pattern[index]) continue outer;
    return start;
  }
  return -1;
}

/** The parts that arrived whole, closed off as a complete body so the platform's own parser reads it. */
function wholeParts(bytes: Uint8Array, boundary: string): Uint8Array {
  const cut = lastIndexOf(bytes, encoder.encode(`\r\n--${boundary}`));
  if (cut < 0) return encoder.encode(`--${boundary}--\r\n`);
  const closing = encoder.encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(cut + closing.length);
  body.set(bytes.subarray(0, cut));
  body.set(closing, cut);
  return body;
}

async function parseForm(bytes: Uint8Array, contentType: string): Promise<FormData | null> {
  return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": contentType } }).formData().catch(() => null);
}

export async function readSubmission(request: Request, limit: number, fileField: string): Promise<Outcome<Submission>> {
  const type = mediaType(request);
  if (type === "application/json") {
    const body = await readJsonBody(request);
    return body.ok ? { ok: true, value: { fields: body.value, file: null, truncated: false } } : body;
  }
  if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded") return { ok: false, status: 415, error: refusals.wrongUploadContentType };
  const contentType = request.headers.get("Content-Type")!;
  const { bytes, complete } = await readPrefix(request, limit);
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const readable = complete || !boundary ? bytes : wholeParts(bytes, boundary);
  const form = await parseForm(readable, contentType);
  if (!form) return complete ? { ok: false, status: 400, error: refusals.malformedForm } : { ok: false, status: 413, error: refusals.tooLarge };
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | null = null;
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] = value;
    else if (name === fileField && value.size > 0) file = { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name };
  }
  return { ok: true, value: { fields, file: complete ? file : null, truncated: !complete } };
}
