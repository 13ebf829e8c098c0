import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Christmas Party Photo Booth Hire",
    description: "Christmas and end-of-year party photo booths.",
    path: "/christmas",
    breadcrumb: "Christmas",
  });

export default function ChristmasPage() {
  return (
    <section className="container page-section">
      <h1>Christmas and end-of-year party photo booths</h1>
    </section>
  );
}
