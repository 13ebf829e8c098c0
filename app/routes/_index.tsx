import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { business, policy } from "~/business";
import { CallToAction } from "~/components/marketing/CallToAction";
import { FaqList } from "~/components/marketing/FaqList";
import { HeroRotator } from "~/components/marketing/HeroRotator";
import { LinkCard } from "~/components/marketing/LinkCard";
import { SeasonalBanner } from "~/components/marketing/SeasonalBanner";
import { SectionHeading } from "~/components/marketing/SectionHeading";
import { Steps } from "~/components/marketing/Steps";
import { Testimonials } from "~/components/marketing/Testimonials";
import { faqs, heroCopy, highlights, homeCards, howItWorks, seoText, serviceAreas, testimonials } from "~/content/home";
import { seasonalBanner } from "~/content/seasonal";
import { faqJsonLd } from "~/content/structured-data";
import { checkDate } from "~/bookings/holds/availability.server";
import { CheckYourDate } from "~/components/availability/CheckYourDate";
import { melbourneDate, melbourneToday } from "~/utils/melbourne-time";
import { pageMeta } from "~/utils/seo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const today = melbourneToday(services.now());
  const asked = new URL(request.url).searchParams.get("date");
  const check = asked === null ? null : await checkDate(services, asked, today);
  // Chosen on the server from Melbourne's date, so the page hydrates with the same banner.
  const page = { banner: seasonalBanner(melbourneDate(services.now())), today, check };
  // An answer about availability is never cached.
  return json(page, check ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `${business.name} | Photo Booth Hire in Melbourne's West`,
    description: `Photo booth hire in ${business.address.suburb}, Werribee, Point Cook and across Melbourne's west: unlimited prints, props, custom backdrops and free delivery within ${policy.freeDeliveryKm} km.`,
    path: "/",
    breadcrumb: "Home",
    keywords: ["photo booth hire Melbourne", "photo booth hire Werribee", "photo booth Point Cook", "wedding photo booth", "Geelong photo booth"],
    jsonLd: [faqJsonLd(faqs)],
  });

export default function HomePage() {
  const { banner, today, check } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">{business.location}</p>
            <h1>{heroCopy.heading}</h1>
            <p className="lead">{heroCopy.lead}</p>
            <p className="button-row">
              <Link to="/packages" className="button button-primary">
                View Packages
              </Link>
              <Link to="/quickquote" className="button button-secondary">
                Quick Quote
              </Link>
            </p>
          </div>
          <HeroRotator images={["heroBooth", "heroPrints"]} />
        </div>
      </section>

      <CheckYourDate check={check} today={today} />

      <SeasonalBanner banner={banner} />

      <section className="container page-section" aria-labelledby="explore-heading">
        <SectionHeading id="explore-heading" eyebrow="Start here" title="Everything you need for a night to remember" />
        <div className="card-grid card-grid-2">
          {homeCards.map((card) => (
            <LinkCard key={card.to} to={card.to} title={card.title} image={card.image}>
              <p>{card.text}</p>
            </LinkCard>
          ))}
        </div>
        <ul className="check-list">
          {highlights.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section className="band" aria-labelledby="how-heading">
        <div className="container page-section">
          <SectionHeading id="how-heading" eyebrow="How it works" title="Four easy steps" />
          <Steps steps={howItWorks} />
        </div>
      </section>

      <section className="container page-section prose-block" aria-labelledby="about-heading">
        <SectionHeading id="about-heading" eyebrow="About us" title="Photo booth hire, made in Melbourne's west" />
        {seoText.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p>
          <Link to="/blog">Read our blog</Link> for planning tips, prop ideas and the latest photo booth trends.
        </p>
      </section>

      <section className="container page-section" aria-labelledby="reviews-heading">
        <SectionHeading id="reviews-heading" eyebrow="Kind words" title="What our clients say" />
        <Testimonials items={testimonials} />
      </section>

      <section className="container page-section" aria-labelledby="areas-heading">
        <SectionHeading id="areas-heading" eyebrow="Where we go" title="Service areas">
          {`Based in ${business.address.suburb}, we cover about ${policy.serviceRadiusKm} km, with free delivery within ${policy.freeDeliveryKm} km.`}
        </SectionHeading>
        <ul className="area-list">
          {serviceAreas.map((area) => (
            <li key={area}>{area}</li>
          ))}
        </ul>
      </section>

      <section className="container page-section" aria-labelledby="faq-heading">
        <SectionHeading id="faq-heading" eyebrow="Questions" title="Frequently asked questions" />
        <FaqList faqs={faqs} />
      </section>

      <CallToAction title="Ready to lock in your date?">
        Tell us about your event and we will send a quote within a day. Quotes are valid for {policy.quoteValidDays} days.
      </CallToAction>
    </>
  );
}
