import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Enclosed Booth",
    description: "Enclosed Booth.",
    path: "/enclosed-booth",
    breadcrumb: "Enclosed Booth",
  });

export default function EnclosedBoothPage() {
  return (
    <section className="container page-section">
      <h1>Enclosed Booth</h1>
    </section>
  );
}
