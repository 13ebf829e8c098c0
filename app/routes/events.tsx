import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Events",
    description: "Photo booths for every event.",
    path: "/events",
    breadcrumb: "Events",
  });

export default function EventsPage() {
  return (
    <section className="container page-section">
      <h1>Photo booths for every event</h1>
    </section>
  );
}
