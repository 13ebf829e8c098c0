import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Wedding Photo Booth Hire",
    description: "Wedding photo booths.",
    path: "/weddings",
    breadcrumb: "Weddings",
  });

export default function WeddingsPage() {
  return (
    <section className="container page-section">
      <h1>Wedding photo booths</h1>
    </section>
  );
}
