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

/**
 * Marks a link or a submit button whose click React handles in the page (the backdrop's "View
 * larger", a calendar's free day and booth): a click before React is ready is held back and
 * replayed once it is, as a button's is. Without JavaScript it stays a plain link or button.
 */
export const holdClickAttribute = "data-hold-click";

/** Marks a form React leaves to the browser (the card checkout): its submission is never held back. */
export const plainFormAttribute = "data-plain-form";

/**
 * Marks the box around an image that shows the 'Image Not Found' placeholder if the image fails.
 * The boot script sets `imageMissingAttribute` on it from the first byte, before React, and the
 * stylesheet draws the placeholder; without JavaScript the stylesheet draws it over a broken image.
 */
export const imageFrameAttribute = "data-image-frame";
export const imageMissingAttribute = "data-image-missing";

/**
 * On a read-only field worked out from other fields of its form: their names, space-separated, and
 * in `lookupAttribute` a JSON table from their values joined by "|" to the value (0 when absent).
 * The boot script fills it in on every input and change and at load, before React and after.
 */
export const computedFromAttribute = "data-computed-from";
export const lookupAttribute = "data-lookup";

/**
 * On the booking form's price summary: a JSON `{ sheet, rules, due, travel }` (app/prices/price-sheet.ts:
 * the sheet, the date rules, the terms of what is due when booking and the travel lines the server
 * knew). The boot script prices the form's choice with the sheet's own functions on every input
 * and change until React takes over, filling each line's slot (`priceSlotAttribute`, the line's
 * kind: its first child the label, its second the amount), and every total (`priceTotalAttribute`)
 * and what is due now (`priceDueAttribute`) in the form, the compact summary's too.
 */
export const priceSummaryAttribute = "data-price-summary";
export const priceSlotAttribute = "data-price-slot";
export const priceTotalAttribute = "data-price-total";
export const priceDueAttribute = "data-price-due";
