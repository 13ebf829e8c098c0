import type { MetaDescriptor } from "@remix-run/cloudflare";
import { pageMeta, rootData } from "~/utils/seo";
import type { Booth } from "./booths";
import { serviceJsonLd } from "./structured-data";

type Matches = Parameters<typeof pageMeta>[0];

/** Meta for a booth page: the shared tags plus a Service with this booth's list prices. */
export function boothMeta(matches: Matches, booth: Booth): MetaDescriptor[] {
  return pageMeta(matches, {
    title: booth.name,
    description: `${booth.name} hire in Melbourne's west. ${booth.summary}`,
    path: booth.path,
    breadcrumb: booth.name,
    keywords: [`${booth.name.toLowerCase()} hire`, "photo booth hire Melbourne"],
    jsonLd: [
      serviceJsonLd({
        origin: rootData(matches).origin,
        path: booth.path,
        name: `${booth.name} hire`,
        description: booth.summary,
        lines: [booth.line],
      }),
    ],
  });
}
