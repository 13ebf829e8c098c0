/**
 * Building the index of bookings (booking-index.ts) from the records in KV, for a site that had
 * bookings before the index existed: one page at a time, each well inside one invocation's 1,000
 * storage operations (docs/platform-notes.md). `npm run reindex` calls it page after page.
 */
import { bookingsPage } from "~/bookings/record/record.server";
import type { Services } from "~/types/services";

/** Bookings a page: a KV read each, one list and one call to the index. */
const reindexPageSize = 200;

export async function reindexPage(services: Pick<Services, "kv" | "index">, cursor: string | null): Promise<{ indexed: number; next: string | null }> {
  const { entries, next } = await bookingsPage(services.kv, cursor, reindexPageSize);
  if (entries.length) await services.index.put(entries);
  return { indexed: entries.length, next };
}
