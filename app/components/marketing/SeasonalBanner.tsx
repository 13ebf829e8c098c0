import { Link } from "@remix-run/react";
import type { SeasonalBanner as Banner } from "~/content/seasonal";

export function SeasonalBanner({ banner }: { banner: Banner }) {
  return (
    <section className={`seasonal-banner season-${banner.id}`} aria-labelledby="seasonal-heading">
      <div className="container seasonal-inner">
        <div>
          <h2 id="seasonal-heading">{banner.heading}</h2>
          <p>{banner.text}</p>
        </div>
        <Link to={banner.to} className="button button-secondary">
          {banner.linkLabel}
        </Link>
      </div>
    </section>
  );
}
