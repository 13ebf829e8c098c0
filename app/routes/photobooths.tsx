import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Photo Booths",
    description: "Our photo booths.",
    path: "/photobooths",
    breadcrumb: "Photo Booths",
  });

export default function PhotoboothsPage() {
  return (
    <section className="container page-section">
      <h1>Our photo booths</h1>
    </section>
  );
}
