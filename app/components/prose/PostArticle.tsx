import { Link } from "@remix-run/react";
import type { BlogPost } from "~/content/blog-post";
import { PostDate } from "./PostDate";

export function PostArticle({ post }: { post: BlogPost }) {
  return (
    <article className="post">
      <header className="post-header">
        <p className="post-back">
          <Link to="/blog">← All posts</Link>
        </p>
        <h1>{post.title}</h1>
        <p className="post-meta">
          By {post.author} · <PostDate date={post.date} />
        </p>
      </header>
      {/* The HTML is written by the business in app/content and never holds visitor input, so it is trusted. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
      <aside className="post-cta" aria-labelledby="post-cta-heading">
        <h2 id="post-cta-heading">Planning an event?</h2>
        <p>Tell us your date and venue and we will send you a written quote.</p>
        <p className="button-row">
          <Link to="/quickquote" className="button button-primary">
            Get a Quick Quote
          </Link>
          <Link to="/packages" className="button button-secondary">
            View Packages
          </Link>
        </p>
      </aside>
    </article>
  );
}
