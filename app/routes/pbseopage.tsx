import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
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
  const navigate = useNavigate();
  useEffect(() => {
    // With JavaScript the move is a client-side navigation, replacing this page in the history.
    const timer = window.setTimeout(() => navigate("/", { replace: true }), timing.seoRedirectMs);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <section className="container page-section">
      <h1>Taking you to our homepage…</h1>
      <Link to="/" className="button button-primary">
        Go to Homepage
      </Link>
    </section>
  );
}
