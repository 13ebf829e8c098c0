import { describe, expect, it } from "vitest";
import { blogPosts } from "~/content/blog-posts.server";
import { publicPaths } from "~/navigation";
import { workerForFile, testOrigin } from "./worker";

const worker = workerForFile();

function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function metaContent(html: string, name: string): string | undefined {
  const value = html.match(new RegExp(`<meta name="${name}" content="([^"]*)"`))?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe("sitemap.xml and robots.txt", () => {
  it("lists every public page and every post, posts with their date, as XML on the public origin", async () => {
    const response = await worker.fetch("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    for (const path of publicPaths.filter((path) => path !== "/thankyou")) {
      expect(xml).toContain(`<url><loc>${testOrigin}${path}</loc></url>`);
    }
    expect(xml).not.toContain("/thankyou");
    for (const post of blogPosts) {
      expect(xml).toContain(`<url><loc>${testOrigin}/blog/${post.slug}/</loc><lastmod>${post.date}</lastmod></url>`);
    }
    expect(xml.match(/<url>/g)).toHaveLength(publicPaths.length - 1 + blogPosts.length);
  });

  it("robots.txt allows crawling and points to the sitemap", async () => {
    const response = await worker.fetch("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("User-agent: *\nAllow: /");
    expect(text).toContain(`Sitemap: ${testOrigin}/sitemap.xml`);
  });
});

describe("blog", () => {
  it("/blog links every post, newest first, with its date", async () => {
    const html = await (await worker.fetch("/blog")).text();
    const linked = [...html.matchAll(/href="\/blog\/([^"/]+)\/"/g)].map((match) => match[1]);
    const newestFirst = [...blogPosts].sort((a, b) => b.date.localeCompare(a.date));
    expect(linked).toEqual(newestFirst.map((post) => post.slug));
    // HTML attribute names are case-insensitive; React writes dateTime.
    for (const post of blogPosts) expect(html).toMatch(new RegExp(`<time datetime="${post.date}">`, "i"));
  });

  it.each(blogPosts.map((post) => [post.slug, post] as const))(
    "/blog/%s/ renders the post with its title, description, keywords, canonical and structured data",
    async (slug, post) => {
      for (const path of [`/blog/${slug}/`, `/blog/${slug}`]) {
        const response = await worker.fetch(path);
        expect(response.status, path).toBe(200);
        const html = await response.text();
        expect(decodeEntities(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "")).toMatch(new RegExp(`^${post.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\|`));
        expect(metaContent(html, "description")).toBe(post.excerpt);
        expect(metaContent(html, "keywords")).toBe(post.keywords.join(", "));
        expect(html).toContain(`<link rel="canonical" href="${testOrigin}/blog/${slug}/"`);
        expect(html).toContain('<meta property="og:type" content="article"');

        const structured = jsonLdOf(html);
        const posting = structured.find((data) => data["@type"] === "BlogPosting");
        expect(posting).toMatchObject({
          headline: post.title,
          datePublished: post.date,
          author: { name: post.author },
          publisher: { "@id": `${testOrigin}/#business` },
          mainEntityOfPage: { "@id": `${testOrigin}/blog/${slug}/` },
        });
        const breadcrumb = structured.find((data) => data["@type"] === "BreadcrumbList");
        expect(breadcrumb?.itemListElement).toEqual([
          { "@type": "ListItem", position: 1, name: "Home", item: `${testOrigin}/` },
          { "@type": "ListItem", position: 2, name: "Blog", item: `${testOrigin}/blog` },
          { "@type": "ListItem", position: 3, name: post.title, item: `${testOrigin}/blog/${slug}/` },
        ]);
      }
    },
  );

  it("answers an unknown slug with 404 and 'Post not found.' inside the layout", async () => {
    for (const path of ["/blog/no-such-post", "/blog/no-such-post/"]) {
      const response = await worker.fetch(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Post not found.");
      expect(html).toContain('aria-label="Main"');
      expect(metaContent(html, "robots")).toBe("noindex");
    }
  });

  it("keeps post bodies out of the browser bundle", async () => {
    const post = blogPosts[0]!;
    // The post's longest sentence, which no other page repeats.
    const sentences = decodeEntities(post.content.replace(/<[^>]+>/g, " ")).split(/(?<=\.)\s+/);
    const sentence = sentences.reduce((a, b) => (b.length > a.length ? b : a)).trim();
    expect(sentence.length).toBeGreaterThan(30);
    const html = await (await worker.fetch(`/blog/${post.slug}/`)).text();
    const scripts = [...new Set(html.match(/\/build\/[\w/.-]+\.js/g))];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const source = await (await worker.fetch(script)).text();
      expect(source, script).not.toContain(sentence);
      expect(source, script).not.toContain("the deposit is forfeited");
    }
  });
});

describe("/pbseopage", () => {
  it("carries a one-second refresh to / in its head for browsers without JavaScript", async () => {
    const html = await (await worker.fetch("/pbseopage")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<noscript><meta http-equiv="refresh" content="1; url=\/"\/?><\/noscript>/i);
    expect(html).toContain("Go to Homepage");
  });
});

describe("legal and thank-you pages", () => {
  it.each([
    ["/terms", "November 24, 2026"],
    ["/privacy", "August 13, 2025"],
  ])("%s shows its last-updated date in the server HTML", async (path, date) => {
    const response = await worker.fetch(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`Last updated ${date}`);
  });

  it("/thankyou asks search engines not to index it", async () => {
    const html = await (await worker.fetch("/thankyou")).text();
    expect(metaContent(html, "robots")).toBe("noindex");
    expect(decodeEntities(html)).toContain("Your request has been received. We'll get back to you shortly.");
  });
});
