import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Birthday Party Photo Booth Hire",
    description: "Birthday party photo booths.",
    path: "/birthday",
    breadcrumb: "Birthdays",
  });

export default function BirthdayPage() {
  return (
    <section className="container page-section">
      <h1>Birthday party photo booths</h1>
    </section>
  );
}
