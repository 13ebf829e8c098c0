import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Halloween Photo Booth Hire",
    description: "Halloween photo booths.",
    path: "/halloween",
    breadcrumb: "Halloween",
  });

export default function HalloweenPage() {
  return (
    <section className="container page-section">
      <h1>Halloween photo booths</h1>
    </section>
  );
}
