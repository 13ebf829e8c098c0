import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Book a Photo Booth",
    description: "Book a photo booth.",
    path: "/booking",
    breadcrumb: "Booking",
  });

export default function BookingPage() {
  return (
    <section className="container page-section">
      <h1>Book a photo booth</h1>
    </section>
  );
}
