import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { SiteStylesProvider } from "~/components/SiteStyles";
import { readSiteStyles } from "~/utils/site-styles.server";
import { closingTagsLast } from "~/utils/document-stream.server";

const ABORT_DELAY = 5000;

// The Content-Security-Policy is set by the Worker once the page is complete (workers/edge-cache.ts):
// it allows the site's own inline scripts on the page by their hashes, so a page can be cached for every visitor.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);
  const siteStyles = await readSiteStyles(loadContext.assets);

  const body = await renderToReadableStream(
    <SiteStylesProvider value={siteStyles}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
    </SiteStylesProvider>,
    {
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  // Nothing on the site streams in late (no deferred loader data), so waiting for the whole page
  // costs no time to first byte, and React then writes Remix's data scripts in place: without
  // that, it sends them in a hidden block with an inline script that moves them into the page
  // after first paint, a main-thread task of up to 24 ms in the audit's Lighthouse traces.
  await body.allReady;
  clearTimeout(timeoutId);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body.pipeThrough(closingTagsLast()), { headers: responseHeaders, status: responseStatusCode });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a visitor navigating away) are not failures worth logging.
  if (request.signal.aborted) return;
  console.error(`Unhandled error for ${request.method} ${new URL(request.url).pathname}:`, error);
};
