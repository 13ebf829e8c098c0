import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { timing } from "~/business";
import type { NoScriptRefreshHandle } from "~/components/NoScriptRefresh";
import { seoRedirectScript } from "~/inline-scripts";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Redirecting",
    description: "Taking you to our homepage.",
    path: "/pbseopage",
    breadcrumb: "Redirecting",
  });

// Without JavaScript the root's <head> refreshes to the homepage after the same delay.
export const handle: NoScriptRefreshHandle = {
  noScriptRefresh: { seconds: timing.seoRedirectMs / 1000, to: "/" },
};

// With JavaScript, a plain redirect after the same delay (app/inline-scripts.ts says why).
export default function PbSeoPage() {
  return (
    <section className="container page-section">
      <h1>Taking you to our homepage…</h1>
      <Link to="/" className="button button-primary">
        Go to Homepage
      </Link>
      <script dangerouslySetInnerHTML={{ __html: seoRedirectScript }} />
    </section>
  );
}
