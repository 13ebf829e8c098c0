import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router-dom";
import { scrollPositionsKey, scrollRestoreScript } from "~/inline-scripts";

/**
 * Remix's <ScrollRestoration>, without its work on a first visit. Remix's inline script keys the
 * history entry and reads sessionStorage on every page load, before first paint: two synchronous
 * calls into the browser, which took 2 to 12 ms of the main thread in the audit's traces (times 4
 * on Lighthouse's phone), to restore positions that a page never hydrated cannot have saved.
 * React Router's hook still saves and restores positions for navigations React handles.
 */
export function ScrollRestoration() {
  useScrollRestoration({ storageKey: scrollPositionsKey });
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scrollRestoreScript }} />;
}
