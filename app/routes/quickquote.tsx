import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Quick Quote",
    description: "Request a quick quote.",
    path: "/quickquote",
    breadcrumb: "Quick Quote",
  });

export default function QuickquotePage() {
  return (
    <section className="container page-section">
      <h1>Request a quick quote</h1>
    </section>
  );
}
