import { business, timing } from "~/business";
import { showWhenNearAttribute } from "~/hydration";
import { escapeHtml } from "~/utils/escape-html";

const mapSrc = `https://maps.google.com/maps?q=${encodeURIComponent(business.mapQuery)}&z=11&output=embed`;

const map =
  `<iframe class="footer-map" title="${escapeHtml(`Map of ${business.address.display}`)}" src="${escapeHtml(mapSrc)}"` +
  ` height="${timing.mapHeightPx}" loading="lazy" referrerpolicy="no-referrer"></iframe>`;

/**
 * The footer's Google map, shown once the page has loaded. On a short page the footer is within
 * Chrome's lazy-loading distance, so even with `loading="lazy"` a phone opened a connection to
 * Google and fetched the map alongside the page's own first paint: Lighthouse put /contact's
 * largest paint at 1.4 s against 0.8 s for pages without it.
 *
 * The box holds a `<noscript>` copy, which loads as it is when scripts are off; with them on,
 * the page's boot script makes it live once the page has loaded and the visitor is within half a
 * screen of the footer, whether or not React has hydrated. Even lazy, an iframe added at load cost
 * the phone a long task for the frame itself and its first paint, for a map most readers of a
 * long page never scroll to.
 * React never looks inside markup it was given as HTML, so hydration leaves the map alone. The
 * box keeps the map's height throughout, so nothing moves when it arrives.
 */
export function FooterMap() {
  return (
    <div
      className="footer-map-box"
      style={{ minHeight: timing.mapHeightPx }}
      {...{ [showWhenNearAttribute]: "" }}
      dangerouslySetInnerHTML={{ __html: `<noscript>${map}</noscript>` }}
    />
  );
}
