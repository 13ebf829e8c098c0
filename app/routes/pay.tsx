import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Pay Online",
    description: "Secure payment.",
    path: "/pay",
    breadcrumb: "Pay",
  });

export default function PayPage() {
  return (
    <section className="container page-section">
      <h1>Secure payment</h1>
    </section>
  );
}
