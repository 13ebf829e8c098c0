import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { timing } from "~/business";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Redirecting",
    description: "Taking you to our homepage.",
    path: "/pbseopage",
    breadcrumb: "Redirecting",
  }),
  // A meta refresh redirects without JavaScript too.
  { httpEquiv: "refresh", content: `${timing.seoRedirectMs / 1000};url=/` },
];

export default function PbSeoPage() {
  return (
    <section className="container page-section">
      <h1>Taking you to our homepage…</h1>
      <Link to="/" className="button button-primary">
        Go to Homepage
      </Link>
    </section>
  );
}
