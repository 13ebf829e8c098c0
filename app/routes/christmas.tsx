import type { MetaFunction } from "@remix-run/cloudflare";
import { LandingPage } from "~/components/landing/LandingPage";
import { christmas } from "~/content/landing/christmas";
import { landingMeta } from "~/content/landing/seo";

export const meta: MetaFunction = ({ matches }) => landingMeta(matches, christmas);

export default function ChristmasPage() {
  return <LandingPage page={christmas} />;
}
