/**
 * When a page loads its JavaScript (workers/deferred-hydration.ts does the loading). Pages hydrate
 * on the visitor's first sign of intent (a touch, a key, the pointer moving, a field focused), so a
 * phone that only reads a page never downloads or runs React. A route whose page must act on its
 * own, with nobody touching it, asks for "load" in its `handle`.
 */
export interface HydrationHandle {
  hydrate: "load";
}

/** Set on <html> by the root when the page must hydrate as soon as it has loaded. */
export const hydrateOnLoadAttribute = "data-hydrate-on-load";

/** Set on <html> by the boot script once React handles the page's events (the end-to-end tests wait for it). */
export const hydratedAttribute = "data-hydrated";

/** Marks a box whose `<noscript>` copy the boot script makes live once the page has loaded (see FooterMap). */
export const afterLoadAttribute = "data-after-load";

/** Dispatched on window once React has hydrated the page and handles its events. */
export const hydratedEvent = "site:hydrated";
