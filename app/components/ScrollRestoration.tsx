import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router-dom";

// The sessionStorage entry Remix's own <ScrollRestoration> uses, so positions saved before this change still restore.
export const scrollPositionsKey = "positions";

/*
 * Runs before first paint. A history entry has a key only once React has handled the page (the
 * boot script gives it one when the page hydrates, see workers/deferred-hydration.ts), and only
 * React saves positions, so an entry without a key has nothing to restore.
 */
const restoreScript = `(function (storageKey) {
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
 * Remix's <ScrollRestoration>, without its work on a first visit. Remix's inline script keys the
 * history entry and reads sessionStorage on every page load, before first paint: two synchronous
 * calls into the browser, which took 2 to 12 ms of the main thread in the audit's traces (times 4
 * on Lighthouse's phone), to restore positions that a page never hydrated cannot have saved.
 * React Router's hook still saves and restores positions for navigations React handles.
 */
export function ScrollRestoration() {
  useScrollRestoration({ storageKey: scrollPositionsKey });
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: restoreScript }} />;
}
