import type { MetaFunction } from "@remix-run/cloudflare";
import { LandingPage } from "~/components/landing/LandingPage";
import { weddings } from "~/content/landing/weddings";
import { landingMeta } from "~/content/landing/seo";

export const meta: MetaFunction = ({ matches }) => landingMeta(matches, weddings);

export default function WeddingsPage() {
  return <LandingPage page={weddings} />;
}
