import type { MetaFunction } from "@remix-run/cloudflare";
import { LandingPage } from "~/components/landing/LandingPage";
import { halloween } from "~/content/landing/halloween";
import { landingMeta } from "~/content/landing/seo";

export const meta: MetaFunction = ({ matches }) => landingMeta(matches, halloween);

export default function HalloweenPage() {
  return <LandingPage page={halloween} />;
}
