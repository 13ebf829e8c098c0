import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Glam Booth",
    description: "Glam Booth.",
    path: "/glam-booth",
    breadcrumb: "Glam Booth",
  });

export default function GlamBoothPage() {
  return (
    <section className="container page-section">
      <h1>Glam Booth</h1>
    </section>
  );
}
