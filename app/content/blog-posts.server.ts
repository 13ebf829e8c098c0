import type { BlogPost, BlogPostSummary } from "./blog-post";
import { christmasProps } from "./blog/christmas-props.server";
import { corporatePhotoBooth } from "./blog/corporate.server";
import { photoBoothCost } from "./blog/cost.server";
import { openVsEnclosed } from "./blog/open-vs-enclosed.server";
import { topFiveReasons } from "./blog/top-five-reasons.server";
import { photoBoothTrends } from "./blog/trends.server";
import { weddingPhotoBooth } from "./blog/wedding.server";
import { whyChooseUs } from "./blog/why-choose-us.server";

/** The blog's eight posts (docs/product-spec.md, section 3), in the spec's order. */
export const blogPosts: readonly BlogPost[] = [
  topFiveReasons,
  weddingPhotoBooth,
  corporatePhotoBooth,
  photoBoothCost,
  whyChooseUs,
  photoBoothTrends,
  openVsEnclosed,
  christmasProps,
];

export function findPost(slug: string): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}

/** Card data for /blog, newest first (ISO dates sort as text). */
export function postSummaries(): BlogPostSummary[] {
  return [...blogPosts]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map(({ content: _content, ...summary }) => summary);
}

