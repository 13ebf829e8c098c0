import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { timing } from "~/business";
import type { NoScriptRefreshHandle } from "~/components/NoScriptRefresh";
import type { HydrationHandle } from "~/hydration";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Redirecting",
    description: "Taking you to our homepage.",
    path: "/pbseopage",
    breadcrumb: "Redirecting",
  });

// Without JavaScript the root's <head> refreshes to the homepage after the same delay; with it,
// the page hydrates as soon as it has loaded, since nobody has to touch it to be moved on.
export const handle: NoScriptRefreshHandle & HydrationHandle = {
  hydrate: "load",
  noScriptRefresh: { seconds: timing.seoRedirectMs / 1000, to: "/" },
};

export default function PbSeoPage() {
  const navigate = useNavigate();
  useEffect(() => {
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
