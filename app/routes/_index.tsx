import type { MetaFunction } from "@remix-run/cloudflare";
import { business } from "~/business";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `${business.name} | Photo Booth Hire in Melbourne's West`,
    description: "Photo booth hire in Melbourne's western suburbs.",
    path: "/",
    breadcrumb: "Home",
  });

export default function HomePage() {
  return (
    <section className="container page-section">
      <h1>Photo booth hire in Melbourne&rsquo;s western suburbs</h1>
    </section>
  );
}
