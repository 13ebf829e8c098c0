/**
 * fontkit for pdf-lib, made safe for a Worker serving many requests at once. fontkit writes a font
 * subset through a browser shim of Node's `process.nextTick` whose one queue is shared by the whole
 * isolate and drained by a timer of whichever request queued first; a second request's subset could
 * then wait on the first request's timer, and the Workers runtime cancels it as hung (seen with
 * two simultaneous bookings). Here every subset is encoded synchronously, within its own request.
 */
import fontkit, { type Font, type Subset, type SubsetStream } from "@pdf-lib/fontkit";

interface EncodeStream {
  push(chunk: Uint8Array | null): boolean;
  end(): void;
}

type SubsetInternals = Subset & { encode(stream: EncodeStream): void };

let encodeStreamClass: (new () => EncodeStream) | undefined;

/** fontkit's own output stream class, taken once from a stream that encodes nothing. */
function newEncodeStream(subset: SubsetInternals): EncodeStream {
  if (!encodeStreamClass) {
    const base = Object.getPrototypeOf(Object.getPrototypeOf(subset)) as { encodeStream(this: unknown): EncodeStream };
    encodeStreamClass = base.encodeStream.call({ encode() {} }).constructor as new () => EncodeStream;
  }
  return new encodeStreamClass();
}

function encodeNow(subset: SubsetInternals): Uint8Array {
  const stream = newEncodeStream(subset);
  const chunks: Uint8Array[] = [];
  // Collect the bytes as they are written instead of letting the stream schedule their delivery.
  stream.push = (chunk) => {
    if (chunk) chunks.push(chunk);
    return true;
  };
  subset.encode(stream);
  stream.end();
  const bytes = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** pdf-lib listens for `data` then `end`; both are answered at once with the finished bytes. */
function finishedStream(bytes: Uint8Array): SubsetStream {
  const stream: SubsetStream = {
    on: (eventType, callback) => {
      if (eventType === "data") callback(bytes);
      else if (eventType === "end") callback(new Uint8Array());
      return stream;
    },
  };
  return stream;
}

export const requestSafeFontkit = {
  create(buffer: Uint8Array, postscriptName?: string): Font {
    const font = fontkit.create(buffer, postscriptName);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset() as SubsetInternals;
      subset.encodeStream = () => finishedStream(encodeNow(subset));
      return subset;
    };
    return font;
  },
};
