/** Reads a request's body to its end, whatever is kept of it: what a form's reader and the Worker's entry share. */

/**
 * The most of a body that is ever read. A body is read to its end even past what is kept of it,
 * because `wrangler dev` does not survive a request whose body the Worker stops reading part way
 * (docs/architecture.md, "Request bodies"); one that declares more than this is answered unread.
 */
export const maxReadBytes = 32 * 1024 * 1024;

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
