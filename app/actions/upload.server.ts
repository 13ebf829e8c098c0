/**
 * Reads a form that may carry a file (`multipart/form-data`), as well as the plain and JSON forms
 * the same action takes. The body is always read to its end (see `readThrough`), but only what
 * fits under a cap is kept: a part that does not fit (a too-large file) is left out whole, and the
 * fields before and after it are still read, so a refused upload loses nothing else typed, not
 * even the pressed button, which a browser sends last.
 */
import { declaredOver, maxReadBytes, readThrough } from "~/request-body.server";
import { fieldsOf, mediaType, readCapped, readJsonBody } from "./body.server";
import { refusals } from "~/input/messages";
import type { Outcome } from "~/input/result";

export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
}

export interface Submission {
  fields: Record<string, unknown>;
  file: UploadedFile | null;
  /** The body was larger than the cap: `fields` holds those that fitted (none when the body was not read), `file` is null. */
  truncated: boolean;
}

const encoder = new TextEncoder();

/** Nothing recovered from a body too large to read. */
const unread: Submission = { fields: {}, file: null, truncated: true };

function indexOf(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  for (let start = bytes.indexOf(pattern[0]!, from); start >= 0 && start <= bytes.length - pattern.length; start = bytes.indexOf(pattern[0]!, start + 1)) {
    let index = 1;
    while (index < pattern.length && bytes[start + index] === pattern[index]) index++;
    if (index === pattern.length) return start;
  }
  return -1;
}

function joined(first: Uint8Array, second: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(first.byteLength + second.byteLength);
  bytes.set(first);
  bytes.set(second, first.byteLength);
  return bytes;
}

/**
 * The parts of a multipart body that fit in `limit` bytes, as a multipart body of their own; the
 * rest of the body is read and dropped. A part is its delimiter, headers and content, so leaving
 * one out whole leaves a well-formed body.
 */
async function partsThatFit(request: Request, boundary: string, limit: number) {
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const kept = new Uint8Array(limit);
  let length = 0;
  let partStart = 0;
  let dropping = false;
  let leftOut = false;
  const keep = (bytes: Uint8Array) => {
    if (dropping) return;
    if (length + bytes.byteLength > limit) {
      length = partStart;
      dropping = true;
      leftOut = true;
      return;
    }
    kept.set(bytes, length);
    length += bytes.byteLength;
  };
  // The body's first delimiter comes without the line break before it: one is added (an empty preamble).
  let carry = encoder.encode("\r\n");
  const whole = await readThrough(request, (chunk) => {
    const window = joined(carry, chunk);
    let from = 0;
    for (let at = indexOf(window, delimiter, 0); at >= 0; at = indexOf(window, delimiter, at + delimiter.length)) {
      keep(window.subarray(from, at));
      partStart = length;
      dropping = false;
      from = at;
    }
    // A delimiter may straddle two chunks: what could be its start waits for the next one.
    const settled = Math.max(from, window.length - delimiter.length + 1);
    keep(window.subarray(from, settled));
    carry = window.slice(settled);
  });
  keep(carry);
  return { bytes: kept.subarray(0, length), leftOut, whole };
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
  if (type === "application/x-www-form-urlencoded") {
    const text = await readCapped(request, limit);
    return text === null ? { ok: false, status: 413, error: refusals.tooLarge } : { ok: true, value: { fields: fieldsOf(text), file: null, truncated: false } };
  }
  if (type !== "multipart/form-data") return { ok: false, status: 415, error: refusals.wrongUploadContentType };
  const contentType = request.headers.get("Content-Type")!;
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return { ok: false, status: 400, error: refusals.malformedForm };
  if (declaredOver(request, maxReadBytes)) return { ok: true, value: unread };
  const { bytes, leftOut, whole } = await partsThatFit(request, boundary, limit);
  if (!whole) return { ok: true, value: unread };
  const form = await parseForm(bytes, contentType);
  if (!form) return { ok: false, status: 400, error: refusals.malformedForm };
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | null = null;
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] = value;
    else if (name === fileField && value.size > 0) file = { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name };
  }
  return { ok: true, value: { fields, file: leftOut ? null : file, truncated: leftOut } };
}
