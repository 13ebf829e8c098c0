/**
 * How hard the site tries to deliver an e-mail. The queue's own settings in `wrangler.toml`
 * (`max_retries`, the dead-letter queue) and `scripts/lib/local-worker.mjs` must agree with
 * these numbers; tests/unit/email-queue-config.test.ts checks that they do.
 */
import { emailRetryDelaysSeconds } from "~/config.server";

/** Queue names, as in wrangler.toml. */
export const emailQueueName = "photobooth-email";
export const emailDeadLetterQueueName = "photobooth-email-failed";

/** Tries after the first; equals `max_retries` in wrangler.toml. */
export const emailMaxRetries = emailRetryDelaysSeconds.length;

/** A provider that has not answered by then is treated as down and tried again later. */
export const emailSendTimeoutMs = 5000;

/** The wait before try number `attempt + 1`, after `attempt` tries failed. */
export function retryDelaySeconds(delays: readonly number[], attempt: number): number {
  return delays[Math.min(Math.max(attempt, 1), delays.length) - 1] ?? 0;
}
