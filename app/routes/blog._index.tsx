import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Blog",
    description: "Blog.",
    path: "/blog",
    breadcrumb: "Blog",
  });

export default function BlogHomePage() {
  return (
    <section className="container page-section">
      <h1>Blog</h1>
    </section>
  );
}
