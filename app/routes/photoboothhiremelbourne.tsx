import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Photo Booth Hire Melbourne",
    description: "Photo booth hire in Melbourne.",
    path: "/photoboothhiremelbourne",
    breadcrumb: "Photo Booth Hire Melbourne",
  });

export default function PhotoboothhiremelbournePage() {
  return (
    <section className="container page-section">
      <h1>Photo booth hire in Melbourne</h1>
    </section>
  );
}
