/**
 * React 18 writes `</body></html>` with the page's shell, and whatever it streams later (Remix's
 * single-fetch data scripts, resolved Suspense boundaries) lands after `</html>`, where HTML allows
 * nothing: validators stop at the first such "stray" tag. This moves the closing tags to the very
 * end of the stream, so everything streamed stays inside <body>, while the shell (with the page's
 * SEO meta) still goes out at once.
 */
const closingTags = "</body></html>";

export function closingTagsLast(): TransformStream<Uint8Array, Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let moved = false;
  // The tail of the text seen so far that could still be the start of the closing tags.
  let held = "";
  return new TransformStream({
    transform(chunk, controller) {
      let text = held + decoder.decode(chunk, { stream: true });
      held = "";
      if (!moved) {
        const at = text.indexOf(closingTags);
        if (at >= 0) {
          moved = true;
          text = text.slice(0, at) + text.slice(at + closingTags.length);
        } else {
          const keep = partialTagLength(text);
          held = text.slice(text.length - keep);
          text = text.slice(0, text.length - keep);
        }
      }
      if (text) controller.enqueue(encoder.encode(text));
    },
    flush(controller) {
      const rest = held + decoder.decode() + (moved ? closingTags : "");
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

/** How many characters at the end of `text` begin `</body></html>` (so a split tag is not missed). */
function partialTagLength(text: string): number {
  for (let length = Math.min(closingTags.length - 1, text.length); length > 0; length--) {
    if (closingTags.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
