import siteStylesHref from "~/styles/site.css";

// The stylesheet's address carries its content hash, so its text can be kept for the isolate's life.
let cached: Promise<string | undefined> | undefined;

/** The bundled stylesheet's text, read once per isolate from the static assets; undefined if unreadable. */
export function readSiteStyles(assets: Fetcher | undefined): Promise<string | undefined> {
  if (!assets) return Promise.resolve(undefined);
  cached ??= assets
    .fetch(new Request(new URL(siteStylesHref, "https://assets.invalid")))
    .then((response) => (response.ok ? response.text() : undefined))
    .catch(() => undefined);
  return cached.then((css) => {
    if (css === undefined) cached = undefined;
    return css;
  });
}
