/**
 * Names shared by the page's boot script (workers/deferred-hydration.ts) and the app. Pages
 * hydrate at the visitor's first sign of intent (a touch, a key, the pointer moving, a field
 * focused), so a phone that only reads a page never downloads or runs React.
 */

/** Set on <html> by the boot script once React handles the page's events (the end-to-end tests wait for it). */
export const hydratedAttribute = "data-hydrated";

/**
 * Marks a box whose `<noscript>` copy the boot script makes live once the page has loaded and the
 * box is within half a screen of the viewport (see FooterMap).
 */
export const showWhenNearAttribute = "data-show-when-near";

/**
 * Marks a box whose `<noscript>` copy the boot script makes live when the visitor focuses a field
 * of the form it is in (see LocalitySuggestions).
 */
export const showOnFocusAttribute = "data-show-on-focus";

/** Names a third-party script (its address) that the boot script adds once the page has loaded (see StripeBuyButton). */
export const afterLoadScriptAttribute = "data-after-load-script";

/** Dispatched on window once React has hydrated the page and handles its events. */
export const hydratedEvent = "site:hydrated";
