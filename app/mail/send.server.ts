/**
 * Sends one e-mail through the MailChannels Email API, or, with no API key configured (local
 * development, tests), writes it to the KV outbox (`outbox:` keys) and the log instead.
 * Never throws: the result says what happened so the queue consumer can record it and decide
 * whether to try again. Only the queue consumer (`app/mail/queue-consumer.server.ts`) calls it.
 */
import { business } from "~/business";
import { emailSendTimeoutMs } from "~/mail/delivery-policy";
import type { Mail } from "~/mail/message";
import { outboxKey, summaryMetadata } from "~/storage-keys";
import type { AppConfig } from "~/config.server";

export type Delivery =
  | { status: "sent" | "outbox"; at: string }
  /** `permanent`: the provider refused this e-mail (4xx other than 429); trying again cannot help. */
  | { status: "failed"; at: string; error: string; permanent: boolean };

export interface MailDeps {
  config: Pick<AppConfig, "MAILCHANNELS_API_KEY" | "MAILCHANNELS_API_URL" | "MAIL_FROM">;
  kv: KVNamespace;
  now: () => Date;
}

/** Subjects are one line: whatever a visitor typed into a name cannot add header lines. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function providerBody(mail: Mail, from: string) {
  return {
    personalizations: [{ to: [mail.to] }],
    from: { email: from, name: business.name },
    reply_to: mail.replyTo,
    subject: oneLine(mail.subject),
    content: [
      { type: "text/plain", value: mail.text },
      { type: "text/html", value: mail.html },
    ],
    ...(mail.headers && { headers: mail.headers }),
  };
}

function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 429;
}

async function sendToProvider(deps: MailDeps, mail: Mail, apiKey: string): Promise<Delivery> {
  const at = deps.now().toISOString();
  try {
    const response = await fetch(deps.config.MAILCHANNELS_API_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Api-Key": apiKey },
      body: JSON.stringify(providerBody(mail, deps.config.MAIL_FROM)),
      signal: AbortSignal.timeout(emailSendTimeoutMs),
    });
    if (response.ok) return { status: "sent", at };
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    const error = `MailChannels answered ${response.status}${detail ? `: ${detail}` : ""}`;
    return { status: "failed", at, error, permanent: isPermanentRefusal(response.status) };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    const reason = timedOut ? `No answer from MailChannels within ${emailSendTimeoutMs} ms` : String(error);
    return { status: "failed", at, error: reason, permanent: false };
  }
}

/** `messageId` is kept with the stored e-mail so a duplicate send would show in the outbox. */
async function writeToOutbox(deps: MailDeps, mail: Mail, messageId: string): Promise<Delivery> {
  const at = deps.now().toISOString();
  const subject = oneLine(mail.subject);
  try {
    const key = outboxKey(at, crypto.randomUUID().slice(0, 8));
    await deps.kv.put(key, JSON.stringify({ messageId, ...mail, subject, from: deps.config.MAIL_FROM }, null, 2), {
      metadata: { ...summaryMetadata(`to ${mail.to.email} · ${subject}`), messageId },
    });
    console.log(`E-mail not sent (no MAILCHANNELS_API_KEY); stored as ${key}: to ${mail.to.email} · ${subject}`);
    return { status: "outbox", at };
  } catch (error) {
    return { status: "failed", at, error: `Could not write to the outbox: ${String(error)}`, permanent: false };
  }
}

export function sendMail(deps: MailDeps, mail: Mail, messageId: string): Promise<Delivery> {
  const apiKey = deps.config.MAILCHANNELS_API_KEY;
  return apiKey ? sendToProvider(deps, mail, apiKey) : writeToOutbox(deps, mail, messageId);
}
