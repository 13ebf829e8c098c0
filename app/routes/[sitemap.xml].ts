import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapXml } from "~/content/sitemap.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(sitemapXml(context.services.config.SITE_ORIGIN), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
