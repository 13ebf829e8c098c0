import type { MetaFunction } from "@remix-run/cloudflare";
import { LandingPage } from "~/components/landing/LandingPage";
import { corporateEvents } from "~/content/landing/corporate-events";
import { landingMeta } from "~/content/landing/seo";

export const meta: MetaFunction = ({ matches }) => landingMeta(matches, corporateEvents);

export default function CorporateEventsPage() {
  return <LandingPage page={corporateEvents} />;
}
