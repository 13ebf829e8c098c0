import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Thank You",
    description: "Thank You!.",
    path: "/thankyou",
    breadcrumb: "Thank You",
  });

export default function ThankyouPage() {
  return (
    <section className="container page-section">
      <h1>Thank You!</h1>
    </section>
  );
}
