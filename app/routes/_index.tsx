import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Photo Booth Hire Melbourne's West",
    description: "Photo booth hire in Melbourne's western suburbs.",
    path: "/",
    breadcrumb: "Home",
  });

export default function HomePage() {
  return (
    <section className="container page-section">
      <h1>Photo booth hire in Melbourne's western suburbs</h1>
    </section>
  );
}
