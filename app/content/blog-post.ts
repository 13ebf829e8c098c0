import { business } from "~/business";

/** A blog post as stored on the server; only loaders see `content`. */
export interface BlogPost {
  title: string;
  /** ISO calendar date, YYYY-MM-DD. */
  date: string;
  author: string;
  slug: string;
  excerpt: string;
  keywords: readonly string[];
  /** Trusted, hand-written HTML: paragraphs, h2 subheadings, lists and internal links. */
  content: string;
  /** Path of the post's SVG cover illustration under public/. */
  cover: string;
}

/** What a card on /blog needs: everything but the body. */
export type BlogPostSummary = Omit<BlogPost, "content">;

/** The canonical address of a post: the spec keeps the trailing slash. */
export function postPath(slug: string): string {
  return `/blog/${slug}/`;
}

/** schema.org BlogPosting for a post page; the publisher is the LocalBusiness every page describes. */
export function blogPostingJsonLd(origin: string, post: BlogPost, image: string): Record<string, unknown> {
  const url = `${origin}${postPath(post.slug)}`;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    dateModified: post.date,
    keywords: post.keywords.join(", "),
    image,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    author: { "@type": "Organization", name: post.author, url: `${origin}/` },
    publisher: { "@type": "Organization", "@id": `${origin}/#business`, name: business.name, url: `${origin}/` },
    inLanguage: "en-AU",
  };
}
