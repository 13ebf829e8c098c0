import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Backdrops",
    description: "Backdrops.",
    path: "/backdrop",
    breadcrumb: "Backdrops",
  });

export default function BackdropPage() {
  return (
    <section className="container page-section">
      <h1>Backdrops</h1>
    </section>
  );
}
