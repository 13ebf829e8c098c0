import type { MetaFunction } from "@remix-run/cloudflare";
import { LandingPage } from "~/components/landing/LandingPage";
import { photoBoothHireMelbourne } from "~/content/landing/photoboothhiremelbourne";
import { landingMeta } from "~/content/landing/seo";

export const meta: MetaFunction = ({ matches }) => landingMeta(matches, photoBoothHireMelbourne);

export default function PhotoBoothHireMelbournePage() {
  return <LandingPage page={photoBoothHireMelbourne} />;
}
