import type { IncomingMessage } from "node:http";

/** The whole body of a request to one of the tests' fake APIs, as text. */
export async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
