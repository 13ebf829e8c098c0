import { describe, expect, it } from "vitest";
import { maxReadBytes } from "~/request-body.server";
import { readSubmission } from "~/actions/upload.server";

const limit = 64 * 1024;
const fields = { startTime: "18:30", contactName: "Ελένη Γεωργίου", accessNotes: "Loading dock\r\nat the rear" };

/** A form as a browser encodes it: the fields, the file, then the pressed button. */
async function encoded(fileBytes: number) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const file = new Uint8Array(fileBytes).map((_, index) => index % 251);
  form.set("logo", new Blob([file], { type: "image/png" }), "photo.png");
  form.set("intent", "details");
  const request = new Request("https://encode.test/", { method: "POST", body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get("Content-Type")!, file };
}

/** A request whose body arrives in chunks of `size` bytes, and how much of it was read. */
function chunked(bytes: Uint8Array, size: number, headers: Record<string, string>) {
  const read = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read.bytes >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(read.bytes, read.bytes + size));
        read.bytes += size;
      },
    },
    { highWaterMark: 0 },
  );
  return { request: new Request("https://site.test/", { method: "POST", body, headers, duplex: "half" } as RequestInit), read };
}

describe("a form with a file", () => {
  it.each([1, 7, 70, 65_536])("comes through whole when it fits, in chunks of %i bytes", async (size) => {
    const { bytes, contentType, file } = await encoded(limit / 2);
    const { request, read } = chunked(bytes, size, { "Content-Type": contentType });
    const body = await readSubmission(request, limit, "logo");
    expect(body).toEqual({ ok: true, value: { fields: { ...fields, intent: "details" }, file: { bytes: file, name: "photo.png" }, truncated: false } });
    expect(read.bytes).toBeGreaterThanOrEqual(bytes.length);
  });

  it.each([7, 70, 65_536])("is read to its end when its file is too large, leaving the file out and keeping the fields before and after it, in chunks of %i bytes", async (size) => {
    const { bytes, contentType } = await encoded(3 * limit);
    const { request, read } = chunked(bytes, size, { "Content-Type": contentType, "Content-Length": String(bytes.length) });
    const body = await readSubmission(request, limit, "logo");
    expect(body).toEqual({ ok: true, value: { fields: { ...fields, intent: "details" }, file: null, truncated: true } });
    expect(read.bytes).toBeGreaterThanOrEqual(bytes.length);
  });

  it("is answered unread when it declares more than can be read", async () => {
    const { contentType } = await encoded(0);
    const { request, read } = chunked(new Uint8Array(1024), 1024, { "Content-Type": contentType, "Content-Length": String(maxReadBytes + 1) });
    expect(await readSubmission(request, limit, "logo")).toEqual({ ok: true, value: { fields: {}, file: null, truncated: true } });
    expect(read.bytes).toBe(0);
  });

  it("stops being read past what can be read when it comes without its length", async () => {
    const { bytes, contentType } = await encoded(maxReadBytes + 4 * 1024 * 1024);
    const { request, read } = chunked(bytes, 1024 * 1024, { "Content-Type": contentType });
    expect(await readSubmission(request, limit, "logo")).toEqual({ ok: true, value: { fields: {}, file: null, truncated: true } });
    expect(read.bytes).toBeLessThanOrEqual(maxReadBytes + 1024 * 1024);
    expect(read.bytes).toBeLessThan(bytes.length);
  });
});
