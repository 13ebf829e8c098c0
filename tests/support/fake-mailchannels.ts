/**
 * A local stand-in for the MailChannels Email API, for the end-to-end tests: the Worker's queue
 * consumer sends to it (MAILCHANNELS_API_URL), it accepts every e-mail, and a test reads the
 * e-mails it got with `GET /sent`, the way the owner reads their inbox. Reading the Worker's own
 * storage from the test process instead would open the server's KV files from a second process,
 * which makes reads on either side fail now and then ("KV GET failed: 500").
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { bodyOf } from "./request-body";

export const fakeMailChannelsKey = "e2e-mailchannels-key";

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

interface ProviderBody {
  personalizations: { to: { email: string }[] }[];
  subject: string;
  content: { type: string; value: string }[];
}

export async function startFakeMailChannels({ port = 0 }: { port?: number } = {}) {
  const sent: SentMail[] = [];
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    if (request.method === "GET" && request.url === "/sent") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(sent));
      return;
    }
    if (request.method !== "POST" || request.url !== "/tx/v1/send" || request.headers["x-api-key"] !== fakeMailChannelsKey) {
      response.writeHead(404).end();
      return;
    }
    const mail = JSON.parse(body) as ProviderBody;
    sent.push({
      to: mail.personalizations[0]!.to[0]!.email,
      subject: mail.subject,
      text: mail.content.find((part) => part.type === "text/plain")?.value ?? "",
    });
    response.writeHead(202).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The e-mails a fake started by another process (the e2e global setup) has got so far. */
export async function sentMails(fakeUrl: string): Promise<SentMail[]> {
  const response = await fetch(`${fakeUrl}/sent`);
  if (!response.ok) throw new Error(`The fake MailChannels answered ${response.status}`);
  return (await response.json()) as SentMail[];
}
