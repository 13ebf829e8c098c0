import type { MetaFunction } from "@remix-run/cloudflare";
import { BoothPage } from "~/components/marketing/BoothPage";
import { boothMeta } from "~/content/booth-seo";
import { boothAt } from "~/content/booths";

const booth = boothAt("/glam-booth");

export const meta: MetaFunction = ({ matches }) => boothMeta(matches, booth);

export default function GlamBoothPage() {
  return <BoothPage booth={booth} />;
}
