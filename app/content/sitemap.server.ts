import { publicPaths } from "~/navigation";
import { postPath } from "./blog-post";
import { blogPosts } from "./blog-posts.server";

/** Pages that ask search engines not to index them, so the sitemap leaves them out. */
const unindexedPaths: ReadonlySet<string> = new Set(["/thankyou"]);

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

export function sitemapEntries(): SitemapEntry[] {
  const pages = publicPaths.filter((path) => !unindexedPaths.has(path)).map((path) => ({ path }));
  const posts = blogPosts.map((post) => ({ path: postPath(post.slug), lastmod: post.date }));
  return [...pages, ...posts];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[] = sitemapEntries()): string {
  const urls = entries.map(({ path, lastmod }) => {
    const lastmodTag = lastmod ? `<lastmod>${lastmod}</lastmod>` : "";
    return `  <url><loc>${escapeXml(origin + path)}</loc>${lastmodTag}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
