/**
 * The inline scripts the site's own components write. A page's Content-Security-Policy allows an
 * inline script only when its text is one the site wrote (app/security.server.ts), so each is
 * kept here, where the policy can find it.
 */
import { timing } from "~/business";

// The sessionStorage entry Remix's own <ScrollRestoration> uses, so positions saved before this change still restore.
export const scrollPositionsKey = "positions";

/*
 * Runs before first paint. A history entry has a key only once React has handled the page (the
 * boot script gives it one when the page hydrates, see workers/deferred-hydration.ts), and only
 * React saves positions, so an entry without a key has nothing to restore (see ScrollRestoration).
 */
export const scrollRestoreScript = `(function (storageKey) {
  var state = history.state;
  if (!state || !state.key) return;
  try {
    var y = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[state.key];
    if (typeof y === "number") scrollTo(0, y);
  } catch (error) {
    sessionStorage.removeItem(storageKey);
  }
})(${JSON.stringify(scrollPositionsKey)})`;

/**
 * /pbseopage's redirect, with JavaScript. The page needs no React for it (it never hydrates unless
 * touched), and the homepage arrives as a page of its own rather than swapped in place, which
 * moved everything on screen (Lighthouse: CLS 0.59). `replace` keeps this stop out of history.
 */
export const seoRedirectScript = `setTimeout(function(){location.replace("/")},${timing.seoRedirectMs});`;

export const componentScripts: readonly string[] = [scrollRestoreScript, seoRedirectScript];
