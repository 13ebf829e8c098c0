import { Link } from "@remix-run/react";
import type { PackageCard as Card } from "~/content/packages";

export function PackageCard({ card, lineTitle }: { card: Card; lineTitle: string }) {
  const headingId = `${card.id}-heading`;
  return (
    <article className="card package-card" id={card.id} aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId} className="card-title">
          {card.hours} hours<span className="visually-hidden">, {lineTitle}</span>
        </h3>
        <p className="price">
          <span className="price-amount">{card.priceLabel}</span>
          <span className="price-note"> for {card.hours} hours</span>
        </p>
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
