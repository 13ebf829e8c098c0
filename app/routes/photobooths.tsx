import type { MetaFunction } from "@remix-run/cloudflare";
import { business } from "~/business";
import { CallToAction } from "~/components/marketing/CallToAction";
import { LinkCard } from "~/components/marketing/LinkCard";
import { booths } from "~/content/booths";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Photo Booths",
    description: `Compare ${business.name}'s open, glam and enclosed photo booths: group shots, black-and-white portraits or a cosy curtained booth.`,
    path: "/photobooths",
    breadcrumb: "Photo Booths",
    keywords: ["open photo booth", "glam booth", "enclosed photo booth", "photo booth types"],
  });

export default function PhotoboothsPage() {
  return (
    <>
      <section className="container page-section">
        <header className="page-heading">
          <p className="eyebrow">Photo booths</p>
          <h1>Our photo booths</h1>
          <p className="lead">Three booths, one promise: a friendly attendant, unlimited prints and guests who keep coming back for more.</p>
        </header>
        <div className="card-grid card-grid-3">
          {booths.map((booth, index) => (
            <LinkCard key={booth.path} to={booth.path} title={booth.name} image={booth.image} headingLevel={2} priority={index === 0}>
              <p>{booth.summary}</p>
            </LinkCard>
          ))}
        </div>
      </section>
      <CallToAction title="Which booth suits your crowd?">Ask us: we will match the booth to your venue and your guests.</CallToAction>
    </>
  );
}
