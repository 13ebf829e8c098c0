import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: "Privacy Policy.",
    path: "/privacy",
    breadcrumb: "Privacy Policy",
  });

export default function PrivacyPage() {
  return (
    <section className="container page-section">
      <h1>Privacy Policy</h1>
    </section>
  );
}
