import { Link } from "@remix-run/react";
import { equipment, type Booth } from "~/content/booths";
import { packageCards } from "~/content/packages";
import { BoothVideo } from "./BoothVideo";
import { MediaImg } from "./MediaImg";
import { SectionHeading } from "./SectionHeading";

/** The shared layout of the three booth pages. */
export function BoothPage({ booth }: { booth: Booth }) {
  const prices = packageCards(booth.line);
  return (
    <>
      <section className="container page-section booth-intro">
        <div className="booth-copy">
          <p className="eyebrow">Our booths</p>
          <h1>{booth.name}</h1>
          <p className="lead">{booth.summary}</p>
          {booth.description.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <ul className="pill-list">
            {booth.highlights.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="button-row">
            <Link to="/quickquote" className="button button-primary">
              Quick Quote Now
            </Link>
            <Link to="/packages" className="button button-secondary">
              See all packages
            </Link>
          </p>
        </div>
        <div className="booth-media">
          {booth.video ? <BoothVideo video={booth.video} /> : <MediaImg image={booth.image} priority />}
        </div>
      </section>

      <section className="container page-section" aria-labelledby="equipment-heading">
        <SectionHeading id="equipment-heading" eyebrow="What we bring" title="The equipment">
          Professional kit, set up and run by our attendant.
        </SectionHeading>
        <ul className="card-grid equipment-list">
          {equipment.map((item) => (
            <li key={item.name} className="card">
              <div className="card-body">
                <h3 className="card-title">{item.name}</h3>
                <p>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="container page-section" aria-labelledby="prices-heading">
        <SectionHeading id="prices-heading" eyebrow="Prices" title={`${booth.name} prices`} />
        <ul className="price-strip">
          {prices.map((card) => (
            <li key={card.id}>
              <strong>{card.priceLabel}</strong> for {card.hours} hours
            </li>
          ))}
        </ul>
        <p>
          <Link to="/packages">Compare what each package includes</Link>
        </p>
      </section>
    </>
  );
}
