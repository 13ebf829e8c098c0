import { Link } from "@remix-run/react";
import type { LandingPageData } from "~/content/landing/types";
import { headlineAreas } from "~/business";
import { LandingActions } from "./LandingActions";
import { LandingIllustration } from "./LandingIllustration";
import { PackageBlurbs } from "./PackageBlurbs";

const isHeadlineArea = (name: string) => (headlineAreas as readonly string[]).includes(name);

/** One landing page, rendered entirely from its data module. */
export function LandingPage({ page }: { page: LandingPageData }) {
  const [hero, ...gallery] = page.illustrations;
  return (
    <div className="landing">
      <section className="landing-hero">
        <div className="container landing-hero-grid">
          <div>
            <p className="landing-eyebrow">{page.eyebrow}</p>
            <h1>{page.headline}</h1>
            {page.intro.map((paragraph) => (
              <p key={paragraph} className="landing-intro">
                {paragraph}
              </p>
            ))}
            <LandingActions actions={page.actions} />
          </div>
          {hero ? <LandingIllustration image={hero} hero /> : null}
        </div>
      </section>

      <section className="container page-section" aria-labelledby="landing-features">
        <h2 id="landing-features">{page.features.heading}</h2>
        <ul className="landing-cards landing-features">
          {page.features.items.map((feature) => (
            <li key={feature.title} className="landing-card landing-feature">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-band page-section" aria-labelledby="landing-gallery">
        <div className="container">
          <h2 id="landing-gallery">{page.galleryHeading}</h2>
          <ul className="landing-gallery">
            {gallery.map((image) => (
              <li key={image.src}>
                <LandingIllustration image={image} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <PackageBlurbs packages={page.packages} />

      {page.related ? (
        <section className="container page-section" aria-labelledby="landing-related">
          <h2 id="landing-related">{page.related.heading}</h2>
          <p className="landing-lead">{page.related.intro}</p>
          <ul className="landing-cards landing-related">
            {page.related.pages.map((related) => (
              <li key={related.to} className="landing-card">
                <h3>
                  <Link to={related.to}>{related.title}</Link>
                </h3>
                <p>{related.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {page.faqs.length > 0 ? (
        <section className="container page-section" aria-labelledby="landing-faqs">
          <h2 id="landing-faqs">Questions we&apos;re often asked</h2>
          <div className="landing-faqs">
            {page.faqs.map((faq) => (
              <div key={faq.question} className="landing-faq">
                <h3>{faq.question}</h3>
                <p>{faq.answer}</p>
              </div>
            ))}
          </div>
        </section>
      ) : null}

      <section className="container page-section" aria-labelledby="landing-areas">
        <h2 id="landing-areas">{page.areas.heading}</h2>
        <p className="landing-lead">{page.areas.intro}</p>
        <ul className="landing-areas">
          {page.areas.names.map((name) => (
            <li key={name} className={isHeadlineArea(name) ? "landing-area landing-area-main" : "landing-area"}>
              {name}
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-closing" aria-labelledby="landing-closing">
        <div className="container">
          <h2 id="landing-closing">{page.closing.heading}</h2>
          <p>{page.closing.text}</p>
          <LandingActions actions={page.actions} />
        </div>
      </section>
    </div>
  );
}
