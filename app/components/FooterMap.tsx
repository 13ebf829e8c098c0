import { useEffect, useState } from "react";
import { business, timing } from "~/business";

const mapSrc = `https://maps.google.com/maps?q=${encodeURIComponent(business.mapQuery)}&z=11&output=embed`;

/**
 * The footer's Google map, shown once the page has hydrated (which is after first paint). On a
 * short page the footer is within Chrome's lazy-loading distance, so even with `loading="lazy"`
 * a phone opened a connection to Google and fetched the map alongside the page's own first
 * paint: Lighthouse put /contact's largest paint at 1.4 s against 0.8 s for pages without it.
 * Without JavaScript the `<noscript>` copy loads as before. The box keeps the map's height
 * throughout, so nothing moves when it arrives.
 */
export function FooterMap() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const map = (
    <iframe
      className="footer-map"
      title={`Map of ${business.address.display}`}
      src={mapSrc}
      height={timing.mapHeightPx}
      loading="lazy"
      referrerPolicy="no-referrer"
    />
  );
  return (
    <div className="footer-map-box" style={{ minHeight: timing.mapHeightPx }}>
      {hydrated ? map : <noscript>{map}</noscript>}
    </div>
  );
}
