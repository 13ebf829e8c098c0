import { Response as MiniflareResponse, type Request as MiniflareRequest } from "miniflare";
import { afterEach, describe, expect, it } from "vitest";
import { bookingIn, validQuote } from "../support/form-data";
import { getJson, newKeys, postJson } from "./forms-support";
import { startWorker, type TestWorker } from "./worker";

interface Sent {
  apiKey: string | null;
  body: {
    personalizations: { to: { email: string }[] }[];
    from: { email: string };
    reply_to: { email: string };
    subject: string;
    content: { type: string; value: string }[];
  };
}

interface Stored {
  emailDelivery: Record<"owner" | "visitor", { status: string; error?: string }>;
}

let worker: TestWorker | undefined;
afterEach(async () => {
  await worker?.dispose();
  worker = undefined;
});

/** A Worker whose MailChannels calls are answered by `answer` (the provider) and recorded. */
async function withProvider(answer: () => Promise<MiniflareResponse> | MiniflareResponse) {
  const sent: Sent[] = [];
  worker = await startWorker({
    vars: { MAILCHANNELS_API_KEY: "test", RATE_LIMIT_MAX: "1000" },
    outboundService: async (request: MiniflareRequest) => {
      expect(request.url).toBe("https://api.mailchannels.net/tx/v1/send");
      sent.push({ apiKey: request.headers.get("X-Api-Key"), body: (await request.json()) as Sent["body"] });
      return answer();
    },
  });
  return { worker, sent };
}

describe("e-mail through MailChannels", () => {
  it("sends the owner's notification (reply-to the visitor) and the visitor's acknowledgement in text and HTML", async () => {
    const { worker, sent } = await withProvider(() => new MiniflareResponse(null, { status: 202 }));
    const added = await newKeys(worker, () => postJson(worker, "/.netlify/functions/sendQuote", validQuote));
    expect(added).toHaveLength(1);
    const record = await getJson<Stored>(worker, added[0]!);
    expect(record.emailDelivery.owner.status).toBe("sent");
    expect(record.emailDelivery.visitor.status).toBe("sent");

    expect(sent).toHaveLength(2);
    const owner = sent.find((mail) => mail.body.personalizations[0]!.to[0]!.email === "owner@example.com")!;
    const visitor = sent.find((mail) => mail.body.personalizations[0]!.to[0]!.email === validQuote.email)!;
    expect(owner.apiKey).toBe("test");
    expect(owner.body.from.email).toBe("bookings@example.com");
    expect(owner.body.reply_to.email).toBe(validQuote.email);
    expect(visitor.body.reply_to.email).toBe("owner@example.com");
    expect(owner.body.content.map((part) => part.type)).toEqual(["text/plain", "text/html"]);
  });

  it.each([
    ["fails", 500, "provider down", 0],
    ["refuses the key", 401, '{"errors":["Unauthorized"]}', 1],
  ])("still stores a booking and its PDF when the provider %s, records the failure on it and logs it", async (_, status, body, slot) => {
    const { worker } = await withProvider(() => new MiniflareResponse(body, { status }));
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/booking", bookingIn("forms", 10 + slot));
    });
    expect(response.status).toBe(200);
    const { invoiceNumber } = (await response.json()) as { invoiceNumber: string };
    const key = added.find((name) => name.startsWith("booking:"))!;
    const record = await getJson<Stored>(worker, key);
    expect(record.emailDelivery.owner).toMatchObject({ status: "failed", error: `MailChannels answered ${status}: ${body}` });
    expect(record.emailDelivery.visitor.status).toBe("failed");
    expect(added).toContain(`r2:${invoiceNumber}.pdf`);
    expect(added.filter((name) => name.startsWith("outbox:"))).toEqual([]);
    const listed = await (await worker.kv()).list({ prefix: key });
    expect((listed.keys[0]?.metadata as { summary: string }).summary).toMatch(/E-MAIL FAILED$/);
    await expect.poll(() => worker.logs.join("\n")).toContain(`E-mail to the owner failed: MailChannels answered ${status}`);
  });

  it("gives up on a provider that does not answer within the time limit and still stores the request", async () => {
    const { worker } = await withProvider(() => new Promise<MiniflareResponse>(() => undefined));
    const started = Date.now();
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/sendQuote", validQuote);
    });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
    const record = await getJson<Stored>(worker, added[0]!);
    expect(record.emailDelivery.owner).toMatchObject({ status: "failed", error: "No answer from MailChannels within 5000 ms" });
  });
});
