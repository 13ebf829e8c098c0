import { Link } from "@remix-run/react";
import type { PackageCard as Card } from "~/content/packages";

/** One price card; it is named by its own heading and its package line's heading. */
export function PackageCard({ card, lineTitle, lineHeadingId }: { card: Card; lineTitle: string; lineHeadingId: string }) {
  const headingId = `${card.id}-heading`;
  return (
    <article className="card package-card" id={card.id} aria-labelledby={`${headingId} ${lineHeadingId}`}>
      <div className="card-body">
        <h3 id={headingId} className="card-title">
          {card.hours} hours
        </h3>
        <p className="price">{card.priceLabel}</p>
        <ul className="feature-list">
          {card.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <Link to="/quickquote" className="button button-primary card-action" aria-label={`Inquire about ${card.hours} hours, ${lineTitle}`}>
          Inquire
        </Link>
      </div>
    </article>
  );
}
