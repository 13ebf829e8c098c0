import type { Services } from "./services";

/** What every loader and action gets as `context`, built once per request in `workers/load-context.ts`. */
export interface AppContext {
  services: Services;
  /** Work that may finish after the answer is sent (e-mails queued after a webhook's answer). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The static files, where the server reads the stylesheet it inlines into every page. */
  assets: Fetcher;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
