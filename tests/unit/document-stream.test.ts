import { describe, expect, it } from "vitest";
import { closingTagsLast } from "~/utils/document-stream.server";

const encoder = new TextEncoder();

async function through(chunks: readonly Uint8Array[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(source.pipeThrough(closingTagsLast())).text();
}

const shell = "<!DOCTYPE html><html><head><title>Ünïcode ✓</title></head><body><main>Hi</main></body></html>";
const streamed = '<script>window.__data = "王小明";</script>';
const expected = "<!DOCTYPE html><html><head><title>Ünïcode ✓</title></head><body><main>Hi</main>" + streamed + "</body></html>";

describe("closing the document after everything streamed", () => {
  it("moves the closing tags after scripts streamed later", async () => {
    expect(await through([encoder.encode(shell), encoder.encode(streamed)])).toBe(expected);
  });

  it("finds the closing tags wherever the chunks split the bytes, even inside a tag or a character", async () => {
    const bytes = encoder.encode(shell + streamed);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.slice(0, cut), bytes.slice(cut)]), `cut at byte ${cut}`).toBe(expected);
    }
  });

  it("passes a document without closing tags through unchanged", async () => {
    expect(await through([encoder.encode("<p>partial"), encoder.encode(" </body")])).toBe("<p>partial </body");
  });
});
