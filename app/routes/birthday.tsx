import type { MetaFunction } from "@remix-run/cloudflare";
import { LandingPage } from "~/components/landing/LandingPage";
import { birthday } from "~/content/landing/birthday";
import { landingMeta } from "~/content/landing/seo";

export const meta: MetaFunction = ({ matches }) => landingMeta(matches, birthday);

export default function BirthdayPage() {
  return <LandingPage page={birthday} />;
}
