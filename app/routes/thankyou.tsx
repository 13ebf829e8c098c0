import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Thank You",
    description: "Your request has been received. We'll get back to you shortly.",
    path: "/thankyou",
    breadcrumb: "Thank You",
    noindex: true,
  });

export default function ThankyouPage() {
  return (
    <section className="container page-section thank-you">
      <img src="/images/blog/why-choose-us.svg" alt="" width={480} height={300} decoding="async" />
      <h1>Thank You!</h1>
      <p>{"Your request has been received. We'll get back to you shortly."}</p>
      <p className="button-row">
        <Link to="/" className="button button-primary">
          Back to Home
        </Link>
      </p>
    </section>
  );
}
