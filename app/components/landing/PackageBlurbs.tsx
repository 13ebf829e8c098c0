import { Link } from "@remix-run/react";
import type { LandingPageData } from "~/content/landing/types";
import { formatAud } from "~/pricing";

export function PackageBlurbs({ packages }: { packages: LandingPageData["packages"] }) {
  return (
    <section className="container page-section" aria-labelledby="landing-packages">
      <h2 id="landing-packages">{packages.heading}</h2>
      <p className="landing-lead">{packages.intro}</p>
      <ul className="landing-cards landing-packages">
        {packages.items.map((item) => (
          <li key={item.name} className="landing-card landing-package">
            <h3>{item.name}</h3>
            <p className="landing-package-meta">
              <span>{item.duration}</span>
              <span className="landing-package-price">
                {item.pricing ? `from ${formatAud(item.pricing.from)}` : "quoted to your event"}
              </span>
            </p>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/packages" className="landing-text-link">
          Compare every package and price
        </Link>
      </p>
    </section>
  );
}
