import type { MetaFunction } from "@remix-run/cloudflare";
import { LandingPage } from "~/components/landing/LandingPage";
import { graduation } from "~/content/landing/graduation";
import { landingMeta } from "~/content/landing/seo";

export const meta: MetaFunction = ({ matches }) => landingMeta(matches, graduation);

export default function GraduationPage() {
  return <LandingPage page={graduation} />;
}
