import { describe, expect, it } from "vitest";
import { blogPosts } from "~/content/blog-posts.server";
import { robotsTxt, sitemapEntries, sitemapXml } from "~/content/sitemap.server";
import { publicPaths } from "~/navigation";

describe("sitemap", () => {
  it("lists every public page except the noindex thank-you page, and every post with its date", () => {
    const entries = sitemapEntries();
    const paths = entries.map((entry) => entry.path);
    for (const path of publicPaths.filter((path) => path !== "/thankyou")) expect(paths).toContain(path);
    expect(paths).not.toContain("/thankyou");
    for (const post of blogPosts) expect(entries).toContainEqual({ path: `/blog/${post.slug}/`, lastmod: post.date });
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("writes absolute addresses on the given origin", () => {
    const xml = sitemapXml("https://example.org", [{ path: "/a&b" }, { path: "/blog/x/", lastmod: "2025-10-10" }]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain("<url><loc>https://example.org/a&amp;b</loc></url>");
    expect(xml).toContain("<url><loc>https://example.org/blog/x/</loc><lastmod>2025-10-10</lastmod></url>");
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });
});

describe("robots.txt", () => {
  it("allows everything and points to the sitemap", () => {
    expect(robotsTxt("https://example.org")).toBe("User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap.xml\n");
  });
});
