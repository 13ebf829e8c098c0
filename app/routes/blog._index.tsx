import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PostCard } from "~/components/prose/PostCard";
import { postSummaries } from "~/content/blog-posts.server";
import { pageMeta } from "~/utils/seo";

export async function loader() {
  return { posts: postSummaries() };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Blog",
    description:
      "Photo booth tips, prices and ideas for weddings, birthdays, corporate events and Christmas parties in Melbourne's western suburbs.",
    path: "/blog",
    keywords: ["photo booth blog", "photo booth hire Melbourne", "party ideas Melbourne west"],
    breadcrumb: "Blog",
  });

export default function BlogHomePage() {
  const { posts } = useLoaderData<typeof loader>();
  return (
    <section className="container page-section">
      <header className="blog-intro">
        <h1>Blog</h1>
        <p>Ideas, prices and planning tips for photo booths at events across Melbourne&rsquo;s west, from Werribee to Geelong.</p>
      </header>
      <div className="post-grid">
        {posts.map((post) => (
          <PostCard key={post.slug} post={post} />
        ))}
      </div>
    </section>
  );
}
