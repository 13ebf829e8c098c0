import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms and Conditions",
    description: "Terms and Conditions.",
    path: "/terms",
    breadcrumb: "Terms and Conditions",
  });

export default function TermsPage() {
  return (
    <section className="container page-section">
      <h1>Terms and Conditions</h1>
    </section>
  );
}
