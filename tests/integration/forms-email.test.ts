import { Response as MiniflareResponse, type Request as MiniflareRequest } from "miniflare";
import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "~/mail/message";
import { validBooking, validQuote } from "../support/form-data";
import { newKeys, postJson, settledRecord, summaryOf } from "./forms-support";
import { startWorker, type TestWorker } from "./worker";

interface Sent {
  apiKey: string | null;
  to: string;
  body: {
    personalizations: { to: { email: string }[] }[];
    from: { email: string };
    reply_to: { email: string };
    subject: string;
    content: { type: string; value: string }[];
  };
}

const owner = "owner@example.com";

let worker: TestWorker | undefined;
afterEach(async () => {
  await worker?.dispose();
  worker = undefined;
});

/**
 * A Worker whose MailChannels calls are recorded and answered by `answer`, which is told the
 * recipient and how many calls for that recipient came before (0 for the first).
 */
async function withProvider(answer: (to: string, earlierCalls: number) => Promise<MiniflareResponse> | MiniflareResponse) {
  const sent: Sent[] = [];
  worker = await startWorker({
    vars: { MAILCHANNELS_API_KEY: "test", RATE_LIMIT_MAX: "1000" },
    outboundService: async (request: MiniflareRequest) => {
      expect(request.url).toBe("https://api.mailchannels.net/tx/v1/send");
      const body = (await request.json()) as Sent["body"];
      const to = body.personalizations[0]!.to[0]!.email;
      const earlierCalls = sent.filter((mail) => mail.to === to).length;
      sent.push({ apiKey: request.headers.get("X-Api-Key"), to, body });
      return answer(to, earlierCalls);
    },
  });
  const callsTo = (to: string) => sent.filter((mail) => mail.to === to).length;
  return { worker, sent, callsTo };
}

const accepted = () => new MiniflareResponse(null, { status: 202 });
const hang = () => new Promise<MiniflareResponse>(() => undefined);

/** Posts a quote request and returns its KV key. */
async function postQuote(worker: TestWorker, quote = validQuote): Promise<string> {
  let response!: Response;
  const added = await newKeys(worker, async () => {
    response = await postJson(worker, "/.netlify/functions/sendQuote", quote);
  });
  expect(response.status).toBe(200);
  return added.find((key) => key.startsWith("quote:"))!;
}

describe("e-mail through the queue and MailChannels", () => {
  it("sends the owner's copy (replying to the owner, as it links the owner's view of the quote) and the visitor's quote in text and HTML, once each", async () => {
    const { worker, sent } = await withProvider(accepted);
    const key = await postQuote(worker);
    const record = await settledRecord(worker, key);
    expect(record.emailDelivery.owner).toMatchObject({ status: "sent", attempts: 1, to: owner, messageId: `${key}#owner` });
    expect(record.emailDelivery.visitor).toMatchObject({ status: "sent", attempts: 1, to: validQuote.email });
    expect(record.emailDelivery.owner!.sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect(sent).toHaveLength(2);
    const toOwner = sent.find((mail) => mail.to === owner)!;
    const toVisitor = sent.find((mail) => mail.to === validQuote.email)!;
    expect(toOwner.apiKey).toBe("test");
    expect(toOwner.body.from.email).toBe("bookings@example.com");
    expect(toOwner.body.reply_to.email).toBe(owner);
    expect(toVisitor.body.reply_to.email).toBe(owner);
    expect(toOwner.body.content.map((part) => part.type)).toEqual(["text/plain", "text/html"]);
  });

  it("tries again when the provider fails twice, then sends once and records the two failed tries", async () => {
    const { worker, callsTo } = await withProvider((_, earlier) => (earlier < 2 ? new MiniflareResponse("busy", { status: 503 }) : accepted()));
    const key = await postQuote(worker);
    const record = await settledRecord(worker, key);
    for (const name of ["owner", "visitor"]) {
      expect(record.emailDelivery[name]).toMatchObject({ status: "sent", attempts: 3, lastError: "MailChannels answered 503: busy" });
    }
    expect(callsTo(owner)).toBe(3);
    expect(callsTo(validQuote.email)).toBe(3);
    expect(await summaryOf(worker, key)).not.toContain("E-MAIL FAILED");
  });

  it("dead-letters an e-mail the provider never accepts, flags the booking with the reason and keeps the booking and its PDF", async () => {
    const { worker, callsTo } = await withProvider(() => new MiniflareResponse("provider down", { status: 500 }));
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/booking", validBooking);
    });
    expect(response.status).toBe(200);
    const { invoiceNumber } = (await response.json()) as { invoiceNumber: string };
    const key = added.find((name) => name.startsWith("booking:"))!;
    const record = await settledRecord<{ fullName: string; price: number }>(worker, key);
    expect(record.emailDelivery.owner).toMatchObject({
      status: "failed",
      attempts: 6,
      lastError: "Gave up after 6 tries: MailChannels answered 500: provider down",
    });
    expect(record.emailDelivery.visitor!.status).toBe("failed");
    expect(record).toMatchObject({ fullName: validBooking.fullName, price: 580, invoiceNumber });
    expect(callsTo(owner)).toBe(6);
    expect(added).toContain(`r2:${invoiceNumber}.pdf`);
    expect(await summaryOf(worker, key)).toMatch(new RegExp(`· ${invoiceNumber} · requested · E-MAIL FAILED$`));
    await expect.poll(() => worker.logs.join("\n")).toContain(`E-mail ${key}#owner to ${owner} FAILED for good. Gave up after 6 tries`);
  });

  it("does not retry an e-mail the provider refuses (400) and flags it at once, while the client's e-mail still goes", async () => {
    const { worker, callsTo } = await withProvider((to) => (to === owner ? new MiniflareResponse('{"errors":["bad address"]}', { status: 400 }) : accepted()));
    const key = await postQuote(worker);
    const record = await settledRecord(worker, key);
    expect(record.emailDelivery.owner).toMatchObject({ status: "failed", attempts: 1, lastError: 'MailChannels answered 400: {"errors":["bad address"]}' });
    expect(record.emailDelivery.visitor).toMatchObject({ status: "sent", attempts: 1 });
    expect(await summaryOf(worker, key)).toMatch(/E-MAIL FAILED$/);

    // A later request's e-mails going through shows the queue has moved on: a retry would have come first.
    const later = await postQuote(worker, { ...validQuote, email: "later@example.com" });
    expect((await settledRecord(worker, later)).emailDelivery.visitor!.status).toBe("sent");
    expect(callsTo(owner)).toBe(2);
    expect((await settledRecord(worker, key)).emailDelivery.owner!.attempts).toBe(1);
  });

  it("gives up on a provider that does not answer within the time limit and sends on the next try", async () => {
    const { worker } = await withProvider((_, earlier) => (earlier === 0 ? hang() : accepted()));
    const started = Date.now();
    const key = await postQuote(worker);
    expect(Date.now() - started, "the visitor does not wait for the provider").toBeLessThan(4000);
    const record = await settledRecord(worker, key);
    expect(record.emailDelivery.owner).toMatchObject({ status: "sent", attempts: 2, lastError: "No answer from MailChannels within 5000 ms" });
  });

  it("sends a message the queue delivers twice only once", async () => {
    const { worker, sent } = await withProvider(accepted);
    const key = await postQuote(worker);
    await settledRecord(worker, key);
    const again: MailMessage = {
      id: `${key}#owner`,
      recordKey: key,
      name: "owner",
      mail: { to: { email: owner }, replyTo: { email: validQuote.email }, subject: "again", text: "again", html: "<p>again</p>" },
    };
    await (await worker.emailQueue()).sendBatch([{ body: again, contentType: "json" }, { body: again, contentType: "json" }]);
    await expect.poll(() => worker.logs.filter((line) => line.includes(`E-mail ${key}#owner was sent already`)).length).toBe(2);
    expect(sent).toHaveLength(2);
    expect((await settledRecord(worker, key)).emailDelivery.owner!.attempts).toBe(1);
  });

  it("keeps sending the client's e-mail while the owner's keeps failing", async () => {
    const { worker, callsTo } = await withProvider((to) => (to === owner ? new MiniflareResponse("down", { status: 502 }) : accepted()));
    const key = await postQuote(worker);
    const record = await settledRecord(worker, key);
    expect(record.emailDelivery.visitor).toMatchObject({ status: "sent", attempts: 1 });
    expect(record.emailDelivery.owner).toMatchObject({ status: "failed", attempts: 6 });
    expect(callsTo(validQuote.email)).toBe(1);
  });
});
