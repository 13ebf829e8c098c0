import type { MetaFunction } from "@remix-run/cloudflare";
import { business } from "~/business";
import { CallToAction } from "~/components/marketing/CallToAction";
import { LinkCard } from "~/components/marketing/LinkCard";
import { eventCards, eventPath } from "~/content/events";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Events",
    description: `Photo booths for weddings, birthdays, corporate events, university open days and school graduations across Melbourne's west, from ${business.name}.`,
    path: "/events",
    breadcrumb: "Events",
    keywords: ["wedding photo booth", "birthday photo booth", "corporate photo booth Melbourne", "graduation photo booth"],
  });

export default function EventsPage() {
  return (
    <>
      <section className="container page-section">
        <header className="page-heading">
          <p className="eyebrow">Events</p>
          <h1>Photo booths for every event</h1>
          <p className="lead">Every celebration is different, so every booking comes with extras chosen for the occasion.</p>
        </header>
        <div className="card-grid card-grid-3">
          {eventCards.map((card, index) => (
            <LinkCard
              key={card.title}
              to={eventPath(card)}
              title={card.title}
              image={card.image}
              headingLevel={2}
              priority={index === 0}
            >
              <p>{card.description}</p>
              <ul className="feature-list">
                {card.offers.map((offer) => (
                  <li key={offer}>{offer}</li>
                ))}
              </ul>
            </LinkCard>
          ))}
        </div>
      </section>
      <CallToAction title="Planning something else?">
        Fundraisers, engagements, christenings and club nights: if there is a crowd, we can bring the booth.
      </CallToAction>
    </>
  );
}
