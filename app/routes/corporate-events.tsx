import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Corporate Event Photo Booth Hire",
    description: "Corporate event photo booths.",
    path: "/corporate-events",
    breadcrumb: "Corporate Events",
  });

export default function CorporateEventsPage() {
  return (
    <section className="container page-section">
      <h1>Corporate event photo booths</h1>
    </section>
  );
}
