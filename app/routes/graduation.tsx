import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Graduation Photo Booth Hire",
    description: "Graduation, formal and uni ball photo booths.",
    path: "/graduation",
    breadcrumb: "Graduation",
  });

export default function GraduationPage() {
  return (
    <section className="container page-section">
      <h1>Graduation, formal and uni ball photo booths</h1>
    </section>
  );
}
