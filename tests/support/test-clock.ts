/**
 * The time a test's Worker and its fake Stripe see (workers/clock.ts): the wall clock moved by an
 * offset the test sets. The Worker reads the offset from its TEST_CLOCK binding at each request,
 * ledger turn and batch of e-mails, so the test and the site agree on the moment, and time still
 * flows between two settings as it does on the wall.
 */
import { clockOffsetKey } from "../../workers/clock";

export interface TestClock {
  now(): Date;
  /** From now on the site's time is `at`, and flows on from there. */
  set(at: Date): Promise<void>;
  /** The Worker's TEST_CLOCK, once it has started (worker.ts); the offset set before is written into it. */
  attach(store: Pick<KVNamespace, "put">): Promise<void>;
}

export function testClock(): TestClock {
  let offsetMs = 0;
  let store: Pick<KVNamespace, "put"> | undefined;
  const write = async () => {
    await store?.put(clockOffsetKey, String(offsetMs));
  };
  return {
    now: () => new Date(Date.now() + offsetMs),
    async set(at) {
      offsetMs = at.getTime() - Date.now();
      await write();
    },
    async attach(kv) {
      store = kv;
      await write();
    },
  };
}
