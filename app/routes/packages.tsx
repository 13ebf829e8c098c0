import type { MetaFunction } from "@remix-run/cloudflare";
import { business, policy, priceTaxNote } from "~/business";
import { CallToAction } from "~/components/marketing/CallToAction";
import { PackageCard } from "~/components/marketing/PackageCard";
import { SectionHeading } from "~/components/marketing/SectionHeading";
import { corporatePackages, packageCards, packageLines } from "~/content/packages";
import { serviceJsonLd } from "~/content/structured-data";
import { formatAud, listPackages } from "~/pricing";
import { pageMeta, rootData } from "~/utils/seo";

const description = `Photo booth packages from ${formatAud(Math.min(...listPackages.map((item) => item.price)))} for 2 hours: open, enclosed and glam booths with unlimited prints, props and an attendant.`;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Packages and Prices",
    description,
    path: "/packages",
    breadcrumb: "Packages",
    keywords: ["photo booth prices Melbourne", "photo booth packages", "glam booth price"],
    jsonLd: [
      serviceJsonLd({
        origin: rootData(matches).origin,
        path: "/packages",
        name: `${business.name} photo booth packages`,
        description,
        lines: ["open-enclosed", "glam"],
      }),
    ],
  });

export default function PackagesPage() {
  return (
    <>
      <section className="container page-section">
        <header className="page-heading">
          <p className="eyebrow">Packages</p>
          <h1>Packages and prices</h1>
          <p className="lead">
            Every package includes unlimited prints, props, a backdrop, an attendant and free delivery within {policy.freeDeliveryKm} km. Longer
            bookings add more. {priceTaxNote}
          </p>
        </header>
        {packageLines.map((line) => (
          <section key={line.line} className="package-line" aria-labelledby={`${line.line}-heading`}>
            <SectionHeading id={`${line.line}-heading`} title={line.title}>
              {line.intro}
            </SectionHeading>
            <div className="card-grid card-grid-4">
              {packageCards(line.line).map((card) => (
                <PackageCard key={card.id} card={card} lineTitle={line.title} lineHeadingId={`${line.line}-heading`} />
              ))}
            </div>
          </section>
        ))}
      </section>

      <section className="band" aria-labelledby="corporate-heading">
        <div className="container page-section">
          <SectionHeading id="corporate-heading" eyebrow="For business" title="Corporate packages">
            Priced to your program, with branding and data capture included.
          </SectionHeading>
          <ul className="card-grid card-grid-3">
            {corporatePackages.map((item) => (
              <li key={item.title} className="card">
                <div className="card-body">
                  <h3 className="card-title">
                    {item.title} <span className="badge">{item.length}</span>
                  </h3>
                  <p>{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CallToAction title="Not sure which package fits?">
        Tell us your date, venue and guest numbers and we will recommend the right booth and hours.
      </CallToAction>
    </>
  );
}
