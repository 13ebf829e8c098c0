import type { MiniflareOptions } from "miniflare";
import { createLocalWorker } from "../../scripts/lib/local-worker.mjs";

export const testOrigin = "https://photobooths.test";

export const testVars = {
  SITE_ORIGIN: testOrigin,
  OWNER_EMAIL: "owner@example.com",
  MAIL_FROM: "bookings@example.com",
};

export interface WorkerOptions {
  /** Answers the Worker's outgoing fetches (the e-mail API) instead of the network. */
  outboundService?: MiniflareOptions["outboundService"];
  vars?: Record<string, string>;
}

/** The bundled Worker in workerd with in-memory KV and R2 and the static assets in front, as Cloudflare serves it. */
export async function startWorker(options: WorkerOptions = {}) {
  const mf = createLocalWorker({ vars: { ...testVars, ...options.vars }, outboundService: options.outboundService });
  await mf.ready;
  return {
    fetch: (pathname: string, init: RequestInit = {}) => {
      // dispatchFetch cannot set Host, which Remix compares with Origin on form posts; a proxy's
      // X-Forwarded-Host carries the public host instead, as it would behind a load balancer.
      const headers = new Headers(init.headers);
      if (!headers.has("X-Forwarded-Host")) headers.set("X-Forwarded-Host", new URL(testOrigin).host);
      return mf.dispatchFetch(new URL(pathname, testOrigin), { ...init, headers } as never) as unknown as Promise<Response>;
    },
    kv: () => mf.getKVNamespace("BOOKINGS") as unknown as Promise<KVNamespace>,
    r2: () => mf.getR2Bucket("INVOICES") as unknown as Promise<R2Bucket>,
    dispose: () => mf.dispose(),
  };
}

export type TestWorker = Awaited<ReturnType<typeof startWorker>>;
