/**
 * The time the Worker's code sees. A deployed site has the wall clock. The integration tests bind
 * TEST_CLOCK (app/config.server.ts refuses it but on a `.test` origin) and write into it how far
 * ahead of the wall clock the site runs, so a test can let hours and days pass, across midnight
 * and a month's end in Melbourne. Read once per request, ledger turn or batch of e-mails: the time
 * still flows within it.
 */
import type { AppConfig } from "../app/config.server";

/** The key of TEST_CLOCK holding the offset from the wall clock, in milliseconds. */
export const clockOffsetKey = "offset-ms";

export async function clockOf(config: Pick<AppConfig, "TEST_CLOCK">): Promise<() => Date> {
  if (!config.TEST_CLOCK) return () => new Date();
  const offsetMs = Number((await config.TEST_CLOCK.get(clockOffsetKey)) ?? 0);
  return () => new Date(Date.now() + offsetMs);
}
