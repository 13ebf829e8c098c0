import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Packages and Prices",
    description: "Packages and prices.",
    path: "/packages",
    breadcrumb: "Packages",
  });

export default function PackagesPage() {
  return (
    <section className="container page-section">
      <h1>Packages and prices</h1>
    </section>
  );
}
