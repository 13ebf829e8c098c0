import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Open Booth",
    description: "Open Booth.",
    path: "/open-booth",
    breadcrumb: "Open Booth",
  });

export default function OpenBoothPage() {
  return (
    <section className="container page-section">
      <h1>Open Booth</h1>
    </section>
  );
}
