import { describe, expect, it } from "vitest";
import { business, slugify } from "~/business";
import { postPath } from "~/content/blog-post";
import { blogPosts, findPost, postSummaries } from "~/content/blog-posts.server";
import { isIsoDate } from "~/content/dates";
import { formatAud, cheapestListPackage, threeHourPriceRanges } from "~/pricing";

const specSlugs = [
  "top-5-reasons-to-hire-photo-booth-melbourne",
  "blog-post-weddingphotobooth",
  "blog-post-corporate",
  "blog-post-photobooth-cost",
  `why-choose-photo-booth-with-${slugify(business.name)}`,
  "blog-post-photoboothtrends",
  "open-vs-enclosed-photo-booth",
  "blog-post-christmasprops",
];

function wordsOf(html: string): string[] {
  return html
    .replace(/<[^>]+>/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

describe("blog posts", () => {
  it("are the spec's eight posts with its slugs, each slug unique", () => {
    expect(blogPosts.map((post) => post.slug)).toEqual(specSlugs);
    expect(new Set(blogPosts.map((post) => post.slug)).size).toBe(8);
  });

  it("build the why-choose slug from the business name, lower-case and hyphenated", () => {
    expect(slugify("Bluestone Photo Booths")).toBe("bluestone-photo-booths");
    expect(findPost(`why-choose-photo-booth-with-${slugify(business.name)}`)?.title).toContain(business.name);
  });

  it("are dated with valid ISO dates from 2025-10-10 to 2025-10-29", () => {
    const dates = blogPosts.map((post) => post.date);
    for (const date of dates) {
      expect(isIsoDate(date), date).toBe(true);
      expect(date >= "2025-10-10" && date <= "2025-10-29", date).toBe(true);
    }
    expect([...dates].sort()[0]).toBe("2025-10-10");
    expect([...dates].sort().at(-1)).toBe("2025-10-29");
  });

  it.each(blogPosts.map((post) => [post.slug, post] as const))(
    "%s has an author, an excerpt, keywords and 350-600 words in several paragraphs under h2 headings",
    (_slug, post) => {
      expect(post.title.length).toBeGreaterThan(10);
      expect(post.author).toContain(business.name);
      expect(post.excerpt.length).toBeGreaterThan(60);
      expect(post.keywords.length).toBeGreaterThanOrEqual(3);
      for (const keyword of post.keywords) expect(keyword.trim()).not.toBe("");
      expect(post.content.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
      expect(post.content.match(/<h2>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
      expect(post.content).not.toMatch(/<h1|<script|\$\{|undefined/);
      const words = wordsOf(post.content).length;
      expect(words, `${words} words`).toBeGreaterThanOrEqual(350);
      expect(words, `${words} words`).toBeLessThanOrEqual(600);
      expect(post.cover).toMatch(/^\/images\/blog\/[\w-]+\.svg$/);
    },
  );

  it("only make the price claims of the spec's section 9, with the 'from' prices taken from the list prices", () => {
    const cost = findPost("blog-post-photobooth-cost")!.content;
    expect(cost).toContain("from $390 for 2 hours");
    expect(cost).toContain("from $490 for 2 hours");
    expect(cost).toContain("$400–$600 for 3 hours");
    expect(cost).toContain("$500–$600 for 3 hours");

    const allowed = new Set([
      formatAud(cheapestListPackage("open-enclosed").price),
      formatAud(cheapestListPackage("glam").price),
      ...Object.values(threeHourPriceRanges).flatMap(({ min, max }) => [formatAud(min), formatAud(max)]),
    ]);
    for (const post of blogPosts) {
      for (const figure of post.content.match(/\$\d[\d,]*/g) ?? []) expect(allowed, `${post.slug}: ${figure}`).toContain(figure);
    }
  });

  it("link only to pages that exist", () => {
    const internal = blogPosts.flatMap((post) => [...post.content.matchAll(/href="([^"]+)"/g)].map((match) => match[1]));
    const routes = ["/packages", "/quickquote", "/weddings", "/photobooths", "/backdrop", "/corporate-events", "/terms", "/privacy", "/open-booth", "/enclosed-booth", "/christmas"];
    for (const href of internal) expect(routes).toContain(href);
  });

  it("list newest first on /blog, without the post bodies", () => {
    const summaries = postSummaries();
    expect(summaries.map((post) => post.date)).toEqual(blogPosts.map((post) => post.date).sort().reverse());
    expect(summaries.every((post) => !("content" in post))).toBe(true);
  });

  it("have a canonical address with a trailing slash", () => {
    expect(postPath("blog-post-corporate")).toBe("/blog/blog-post-corporate/");
  });
});
